import { type ReactNode, useId, useState } from 'react';
import { MSG } from '../../../shared/messages/member';
import { PencilIcon } from './icons';

const P = MSG.profile;

interface EditableRowProps {
  label: string;
  /** aria-label of the pencil button, e.g. '연락처 수정'. */
  editLabel: string;
  value: string;
  input: { type: 'tel' | 'email'; inputMode: 'tel' | 'email'; autoComplete: string; placeholder: string };
  /** The shared schema's verdict on the typed text: the Korean message, or null when valid. */
  validate: (draft: string) => string | null;
  /** Saves the typed text; rejects with the message to show under the field. */
  save: (draft: string) => Promise<void>;
  busy: boolean;
  /** How the value reads in read mode (a phone number grouped), when not as stored. */
  display?: (value: string) => string;
  /** Shown under the value in read mode (e.g. the pending email change). */
  note?: ReactNode;
}

/**
 * SPEC §4, Profile: a value that toggles between read-only and edit mode; confirm saves, cancel restores
 * the old value. Both return to read-only.
 */
export function EditableRow({
  label,
  editLabel,
  value,
  display,
  input,
  validate,
  save,
  busy,
  note,
}: EditableRowProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const start = () => {
    setDraft(value);
    setError(null);
    setEditing(true);
  };
  const cancel = () => {
    setDraft(value);
    setError(null);
    setEditing(false);
  };
  const confirm = async () => {
    if (draft.trim() === value) {
      cancel();
      return;
    }
    const problem = validate(draft);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await save(draft.trim());
      setError(null);
      setEditing(false);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  if (!editing) {
    return (
      <div className="profile-row">
        <dt>{label}</dt>
        <dd>
          <span className="profile-value">
            {value ? breakable(display ? display(value) : value) : <span className="muted">{P.empty}</span>}
          </span>
          <button type="button" className="profile-icon-btn" aria-label={editLabel} onClick={start}>
            <PencilIcon />
          </button>
        </dd>
        {note ? <dd className="profile-note">{note}</dd> : null}
      </div>
    );
  }

  return (
    <div className="profile-row profile-row-editing">
      <dt>
        <label htmlFor={inputId}>{label}</label>
      </dt>
      <dd>
        <form
          className="profile-edit"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <input
            id={inputId}
            {...input}
            value={draft}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') cancel();
            }}
          />
          <div className="profile-edit-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? P.saving : P.confirm}
            </button>
            <button type="button" className="btn btn-secondary" onClick={cancel} disabled={busy}>
              {P.cancel}
            </button>
          </div>
          {error ? (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      </dd>
    </div>
  );
}

/** A long email wraps after its "@" (minji.kim@ / example.com) rather than inside a word. */
function breakable(value: string) {
  const at = value.indexOf('@');
  if (at < 0) return value;
  return (
    <>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </>
  );
}
