import { MSG } from '../../../shared/messages/member';
import { Field } from '../field';

/** The second password asked where a one-time code is turned on or off (digits, hidden, never filled in). */
export function SecondPasswordField(props: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <Field
      label={MSG.secondFactor.label}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={12}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      error={props.error}
    />
  );
}
