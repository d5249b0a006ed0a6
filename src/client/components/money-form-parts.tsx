import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field';

/** The money forms' submit button: full width, disabled until the form may be sent, busy while it is. */
export function MoneySubmitButton({
  disabled,
  busy,
  label,
  busyLabel,
}: {
  disabled: boolean;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={disabled} aria-busy={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** A bank account number: only digits and '-' can be typed (KRW deposit and withdrawal). */
export function AccountNumberField({
  label,
  placeholder,
  registration,
  error,
}: {
  label: string;
  placeholder: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <Field
      label={label}
      placeholder={placeholder}
      inputMode="numeric"
      autoComplete="off"
      {...registration}
      onChange={(ev) => {
        ev.target.value = ev.target.value.replace(/[^\d-]/g, '');
        return registration.onChange(ev);
      }}
      error={error}
    />
  );
}
