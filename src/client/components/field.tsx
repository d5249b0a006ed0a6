import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  /** React 19 passes a ref as a prop: it reaches the input (react-hook-form focuses a field in error). */
  ref?: Ref<HTMLInputElement>;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** A line under the input that stays while an error shows (e.g. an amount read in Korean units). */
  aid?: ReactNode;
  action?: ReactNode;
}

/** A labelled input with its error under it, announced to screen readers. */
export function Field({ label, error, hint, aid, action, id, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const aidId = `${inputId}-aid`;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <div className={action ? 'field-row' : undefined}>
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [aid ? aidId : '', error ? errorId : '', hint && !error ? hintId : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          {...input}
        />
        {action}
      </div>
      {aid ? (
        <p id={aidId} className="field-aid">
          {aid}
        </p>
      ) : null}
      {hint && !error ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A field's error line under its control (inputs and selects alike), announced at once. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}
