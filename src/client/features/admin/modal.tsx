import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { MSG } from '../../../shared/messages';
import { AskButton, BusyButton, closeAndReport, sendAndReport } from './kit';
import { ResultMessage, type useResult } from './result-message';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes back to the first (Shift+Tab the other way): showModal() makes the page
 * inert, but the browser would otherwise let focus leave the dialog for its own toolbar.
 */
function keepFocusInside(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) =>
    el.checkVisibility(),
  );
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !e.currentTarget.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !e.currentTarget.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * A modal on the native <dialog> element: showModal() makes the page inert, Tab stays inside, Escape
 * closes it (through onClose, so React state stays the source of truth), focus returns afterwards.
 * Opened and closed in a layout effect: the page's own layout effects, which run after, find it closed
 * and the page no longer inert (the queue puts the focus back on a row).
 */
export function Modal({ open, title, onClose, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useLayoutEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="adm-dialog"
      aria-labelledby={titleId}
      onKeyDown={keepFocusInside}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          <h2 id={titleId} className="adm-dialog-title">
            {title}
          </h2>
          {children}
        </>
      ) : null}
    </dialog>
  );
}

/** A dialog's buttons: cancel first (`cancelFocus`: it takes the focus when the dialog opens), then `children`. */
export function DialogActions({
  onCancel,
  cancelFocus = false,
  children,
}: {
  onCancel: () => void;
  cancelFocus?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="adm-dialog-actions">
      <button type="button" className="btn btn-secondary" onClick={onCancel} autoFocus={cancelFocus}>
        {MSG.admin.cancel}
      </button>
      {children}
    </div>
  );
}

interface ConfirmProps {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Further fields under the question (the one-time code of a step-up). */
  children?: ReactNode;
}

/** SPEC §5: deleting a bank account, a lock or a member asks first. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  danger,
  busy,
  onConfirm,
  onCancel,
  children,
}: ConfirmProps) {
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      <p className="adm-dialog-body">{body}</p>
      {children}
      <DialogActions onCancel={onCancel} cancelFocus>
        <BusyButton
          busy={!!busy}
          label={confirmLabel}
          className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
          onClick={onConfirm}
        />
      </DialogActions>
    </Modal>
  );
}

/**
 * The confirmation of a removal: `target` (null: closed) is what it asks about; confirming sends it through
 * `mutation`, then the dialog closes (`onClose`, and `afterRequest`) and the result line reports.
 */
export function RemoveDialog<T>({
  target,
  title,
  body,
  confirmLabel = MSG.admin.delete,
  mutation,
  result,
  done,
  failPrefix,
  onClose,
  afterRequest,
}: {
  target: T | null;
  title: string;
  body: (target: T) => ReactNode;
  confirmLabel?: string;
  mutation: {
    isPending: boolean;
    mutate: (
      target: T,
      callbacks: { onSuccess: (data: unknown) => void; onError: (err: unknown) => void },
    ) => void;
  };
  result: ReturnType<typeof useResult>;
  done: string | ((data: unknown) => string);
  failPrefix: string;
  onClose: () => void;
  afterRequest?: () => void;
}) {
  const close = () => {
    afterRequest?.();
    onClose();
  };
  return (
    <ConfirmDialog
      open={target !== null}
      title={title}
      body={target !== null ? body(target) : ''}
      confirmLabel={confirmLabel}
      danger
      busy={mutation.isPending}
      onConfirm={() =>
        target !== null && mutation.mutate(target, closeAndReport(close, result, done, failPrefix))
      }
      onCancel={onClose}
    />
  );
}

/**
 * A dialog about one row: open while `row` is set, busy while its request runs, then confirmed with what it
 * asked for (a reason, a one-time code) or cancelled.
 */
export interface RowDialogProps<R, V> {
  row: R | null;
  busy: boolean;
  onConfirm: (value: V) => void;
  onCancel: () => void;
}

/** A mutation a section form sends its body through. */
type BodyMutation<B> = Parameters<typeof sendAndReport<B>>[1] & { isPending: boolean };

/**
 * A form that saves one record and can remove it: the fields, the save button (its submit: the body goes
 * through `save.mutation`, the result line says how it went) and, while there is something to remove
 * (`current`), a button that asks first; then the result line and the removal's confirmation, which sends
 * `current` through `remove.mutation`.
 */
export function SavedRecordForm<T, B>({
  className,
  submit,
  children,
  save,
  current,
  remove,
  result,
}: {
  className: string;
  /** The form's submit handler of the valid body (react-hook-form's `handleSubmit`). */
  submit: (send: (body: B) => void) => (e: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  save: { mutation: BodyMutation<B>; label: string; done: string; failPrefix: string };
  current: T | null;
  remove: { label: string } & Pick<
    Parameters<typeof RemoveDialog<T>>[0],
    'title' | 'body' | 'mutation' | 'done' | 'failPrefix'
  >;
  result: ReturnType<typeof useResult>;
}) {
  const [removing, setRemoving] = useState<T | null>(null);
  const { label: removeLabel, ...removal } = remove;
  return (
    <>
      <form
        className={className}
        noValidate
        onSubmit={submit(sendAndReport(result, save.mutation, save.done, save.failPrefix))}
      >
        {children}
        <div className="adm-actions">
          <BusyButton busy={save.mutation.isPending} label={save.label} />
          {current !== null ? (
            <AskButton label={removeLabel} result={result} onAsk={() => setRemoving(current)} />
          ) : null}
        </div>
      </form>
      <ResultMessage text={result.text} />
      <RemoveDialog
        {...removal}
        target={removing}
        confirmLabel={removeLabel}
        result={result}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
