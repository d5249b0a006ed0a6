import { type ReactNode, useId, useState } from 'react';
import { MSG } from '../../../shared/messages';
import { BusyButton } from './kit';
import { DialogActions, Modal } from './modal';

const Q = MSG.deskQueue;

/**
 * A decision that says why (거절, 반려; 철회 may): a required reason is checked here for instant feedback
 * and again on the server, which refuses a blank one. `required` null: the reason may be left out.
 */
export function ReasonDialog({
  open,
  title,
  body,
  label = Q.reasonLabel,
  placeholder = Q.reasonPlaceholder,
  required = Q.rejectReasonRequired,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  body?: ReactNode;
  label?: string;
  placeholder?: string;
  /** Said when the reason is left blank; null: it may be. */
  required?: string | null;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
  /** Further fields (the one-time code of a step-up). */
  children?: ReactNode;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const close = () => {
    setReason('');
    setProblem(null);
    onCancel();
  };
  const submit = () => {
    if (busy) return;
    if (!reason.trim() && required !== null) {
      setProblem(required);
      return;
    }
    onConfirm(reason.trim());
    setReason('');
  };
  return (
    <Modal open={open} title={title} onClose={close}>
      {body ? <div className="adm-dialog-body">{body}</div> : null}
      <div className="field">
        <label htmlFor={`${id}-reason`}>{label}</label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={200}
          rows={3}
          placeholder={placeholder}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          // The reason is what the dialog asks for: typed at once, sent with Enter (Shift+Enter: a new line).
          autoFocus
          onChange={(e) => {
            setReason(e.target.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
            e.preventDefault();
            submit();
          }}
        />
      </div>
      {children}
      {problem ? (
        <p id={`${id}-problem`} className="adm-warn" role="alert">
          {problem}
        </p>
      ) : null}
      <DialogActions onCancel={close}>
        <BusyButton busy={busy} label={confirmLabel} className="btn btn-danger" onClick={submit} />
      </DialogActions>
    </Modal>
  );
}
