import type { Ref } from 'react';
import { MSG } from '../../shared/messages/member';
import { OTP_CODE_MAX } from '../../shared/schemas/otp';
import { Field } from './field';

const O = MSG.otp;

/** The one-time code field (six digits or a recovery code) of the second step and the withdrawal forms. */
export function OtpCodeField(props: {
  ref?: Ref<HTMLInputElement>;
  name: string;
  onChange: React.ChangeEventHandler<HTMLInputElement>;
  onBlur: React.FocusEventHandler<HTMLInputElement>;
  error?: string;
  autoFocus?: boolean;
}) {
  return (
    <Field
      label={O.codeLabel}
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
