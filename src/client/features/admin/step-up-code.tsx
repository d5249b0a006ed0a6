import { useId } from 'react';

/**
 * The confirming administrator's one-time code of this moment (step-up): the server refuses a
 * confirmation without it. Controlled: the dialog that holds it clears it after each try.
 */
export function StepUpCode({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="otpCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={20}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
