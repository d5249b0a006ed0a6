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

/** One plain input of a form, by its form name: label, hint and the input's attributes. */
export type FieldSpec<N extends string = string> = Omit<FieldProps, 'name' | 'error' | 'ref' | 'id'> & {
  name: N;
};

/** What binds an input to its form: react-hook-form's `register(name)`, or a screen's own state. */
type FieldBinding = Omit<FieldProps, 'label' | 'error'>;

/** Password inputs as password managers read them: the one to fill in, and a new one to save. */
export const CURRENT_PASSWORD = { type: 'password', autoComplete: 'current-password' } as const;
export const NEW_PASSWORD = { type: 'password', autoComplete: 'new-password' } as const;
/** A second password: digits on the numeric keypad, hidden, never filled in by the browser. */
export const PIN_INPUT = { type: 'password', inputMode: 'numeric', autoComplete: 'off' } as const;

/**
 * A form's plain inputs in order, one `Field` each: `bind` connects an input to the form (react-hook-form's
 * `register`, or a screen's own state) and `error` gives the message under it.
 */
export function FieldList<N extends string>({
  fields,
  bind,
  error,
}: {
  fields: readonly FieldSpec<N>[];
  bind: (name: N) => FieldBinding;
  error: (name: N) => string | undefined;
}) {
  return (
    <>
      {fields.map(({ name, ...spec }) => (
        <Field key={name} {...spec} {...bind(name)} error={error(name)} />
      ))}
    </>
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
