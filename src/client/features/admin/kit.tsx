import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { MSG } from '../../../shared/messages';
import type { useResult } from './result-message';

/**
 * The repeated shapes of the administrator sections: a busy-aware button, a button that asks first, a
 * listed item's edit and delete buttons, a table with its column heads, a scrolled list region, the
 * callbacks of a confirm dialog and a debounced search box.
 */

/**
 * A button whose request may be running: disabled and '처리 중...' meanwhile. Without `onClick` it is its
 * form's submit button.
 */
export function BusyButton({
  busy,
  label,
  className = 'btn btn-primary',
  onClick,
}: {
  busy: boolean;
  label: string;
  className?: string;
  onClick?: () => void;
}) {
  return (
    <button type={onClick ? 'button' : 'submit'} className={className} onClick={onClick} disabled={busy}>
      {busy ? MSG.admin.processing : label}
    </button>
  );
}

/** A button that first clears the section's result line (when given `result`), then acts. */
function ClearingButton({
  label,
  ariaLabel,
  className,
  result,
  onClick,
}: {
  label: string;
  ariaLabel?: string;
  className: string;
  result?: ReturnType<typeof useResult>;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-label={ariaLabel}
      onClick={() => {
        result?.clear();
        onClick();
      }}
    >
      {label}
    </button>
  );
}

/** A button that asks first (delete, clear, close): it clears `result` when given, then `onAsk`. */
export function AskButton({
  onAsk,
  ...button
}: {
  label: string;
  ariaLabel?: string;
  result?: ReturnType<typeof useResult>;
  onAsk: () => void;
}) {
  return <ClearingButton className="btn btn-danger-outline" onClick={onAsk} {...button} />;
}

/**
 * A listed item's edit and delete buttons, each named after the item. Edit clears the result line;
 * delete too unless `deleteKeepsResult`.
 */
export function EditDeleteButtons({
  editLabel,
  deleteLabel,
  result,
  onEdit,
  onDelete,
  deleteKeepsResult = false,
}: {
  editLabel: string;
  deleteLabel: string;
  result: ReturnType<typeof useResult>;
  onEdit: () => void;
  onDelete: () => void;
  deleteKeepsResult?: boolean;
}) {
  return (
    <>
      <ClearingButton
        label={MSG.admin.edit}
        ariaLabel={editLabel}
        className="btn btn-secondary"
        result={result}
        onClick={onEdit}
      />
      <AskButton
        label={MSG.admin.delete}
        ariaLabel={deleteLabel}
        result={deleteKeepsResult ? undefined : result}
        onAsk={onDelete}
      />
    </>
  );
}

/** A column head: its name, or `{ num: name }` for a column of numbers (right-aligned). */
export type Column = ReactNode | { num: ReactNode };
const isNum = (c: Column): c is { num: ReactNode } => typeof c === 'object' && c !== null && 'num' in c;

/** A table's row of column heads. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) =>
          isNum(c) ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table
            <th key={i} scope="col" className="adm-num">
              {c.num}
            </th>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table
            <th key={i} scope="col">
              {c}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/** An administrator table: one head row of column titles, then the caller's rows. */
export function AdmTable({
  className = 'adm-table',
  columns,
  children,
}: {
  className?: string;
  columns: readonly Column[];
  children: ReactNode;
}) {
  return (
    <table className={className}>
      <TableHead columns={columns} />
      <tbody>{children}</tbody>
    </table>
  );
}

/** A scrolled list of plain rows: focusable, so the keyboard can scroll it too (WCAG 2.1.1). */
export function ScrollRegion({
  className,
  busy,
  label,
  children,
}: {
  className: string;
  busy: boolean;
  label: string;
  children: ReactNode;
}) {
  return (
    <section
      className={className}
      aria-busy={busy}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keys
      tabIndex={0}
    >
      {children}
    </section>
  );
}

/**
 * The mutate callbacks of a confirm dialog: the dialog closes either way, and the section's result line
 * shows the success (`done`, or what it makes of the response) or the failure under `failPrefix`.
 */
export function closeAndReport<T>(
  close: () => void,
  result: ReturnType<typeof useResult>,
  done: string | ((data: T) => string),
  failPrefix: string,
) {
  return {
    onSuccess: (data: T) => {
      close();
      result.set(typeof done === 'string' ? done : done(data));
    },
    onError: (err: unknown) => {
      close();
      result.fail(failPrefix, err);
    },
  };
}

/** What a change answered: done, or (202 with the proposal) waiting for a second administrator. */
export const doneOrProposed = (data: unknown, done: string) =>
  typeof data === 'object' && data !== null && 'proposal' in data ? MSG.proposals.proposed : done;

/**
 * A section form's submit: clear the result line, send the body, then show `done` (after `after`, e.g. a
 * form reset) or the failure under `failPrefix`.
 */
export function sendAndReport<B>(
  result: ReturnType<typeof useResult>,
  mutation: {
    mutate: (
      body: B,
      callbacks: { onSuccess: (data: unknown) => void; onError: (err: unknown) => void },
    ) => void;
  },
  done: string,
  failPrefix: string,
  after?: () => void,
) {
  return (body: B) => {
    result.clear();
    mutation.mutate(body, {
      onSuccess: (data) => {
        after?.();
        result.set(doneOrProposed(data, done));
      },
      onError: (err) => result.fail(failPrefix, err),
    });
  };
}

/** How long typing pauses before a search box's text is searched. */
const SEARCH_DELAY_MS = 300;

/** Calls `apply` with the trimmed text once typing has paused for SEARCH_DELAY_MS (and once on mount). */
export function useDebounced(text: string, apply: (trimmed: string) => void) {
  const latest = useRef(apply);
  latest.current = apply;
  useEffect(() => {
    const t = setTimeout(() => latest.current(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [text]);
}

/**
 * A list's search box (label, then a search input; `landmark` makes it a <search> region): `onSearch` gets
 * the trimmed text once typing has paused for 300 ms, and once on mount.
 */
export function SearchField({
  label,
  placeholder,
  initial = '',
  onSearch,
  landmark = false,
}: {
  label: string;
  placeholder: string;
  initial?: string;
  onSearch: (trimmed: string) => void;
  landmark?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  useDebounced(text, onSearch);
  const body = (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
      />
    </>
  );
  return landmark ? <search className="adm-search">{body}</search> : <div className="adm-search">{body}</div>;
}
