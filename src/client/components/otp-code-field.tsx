import type { Ref } from 'react';
import { MSG } from '../../shared/messages/member';
import { OTP_CODE_MAX } from '../../shared/schemas/otp';
import { Field } from './field';

const O = MSG.otp;

/**
 * The one-time code field (six digits or a recovery code) of the second step, the withdrawal forms and an
 * administrator's confirmation (step-up, with its own `label` and a `value` the dialog holds).
 */
export function OtpCodeField({
  label = O.codeLabel,
  ...props
}: {
  ref?: Ref<HTMLInputElement>;
  name: string;
  label?: string;
  value?: string;
  onChange: React.ChangeEventHandler<HTMLInputElement>;
  onBlur?: React.FocusEventHandler<HTMLInputElement>;
  error?: string;
  autoFocus?: boolean;
}) {
  return (
    <Field
      label={label}
      inputMode="text"
      autoComplete="one-time-code"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={OTP_CODE_MAX}
      placeholder={O.codePlaceholder}
      hint={O.codeHint}
      data-testid="otp-code"
      {...props}
    />
  );
}
