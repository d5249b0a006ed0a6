import { type ReactNode, useEffect, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { MSG } from '../../../shared/messages/member-flows';
import { PinPad } from '../../components/pin-pad/pin-pad';
import type { ApiError } from '../../lib/api';
import { type MoneySubmitOptions, useMoneySubmit } from '../../lib/use-money-submit';

/** Every step of a withdrawal starts at the top of the page, as a new screen does. */
export function useStepTop(step: string) {
  useEffect(() => {
    void step;
    window.scrollTo(0, 0);
  }, [step]);
}

/**
 * The submit routine of a stepped withdrawal: a refusal that names no field of the form (a wrong second
 * password with the attempts left, a lock, a duplicate submission) is the server's sentence under the PIN
 * pad's dots, where the member is; a refusal of a field goes back to its step (`onFieldRefused`).
 */
export function useWithdrawalSubmit<TBody, TForm extends FieldValues>(
  opts: Omit<MoneySubmitOptions<TBody, TForm>, 'onFormError' | 'onRefused'> & {
    onRefused: (err: ApiError) => void;
  },
) {
  const [pinError, setPinError] = useState<string | null>(null);
  const { submit, busy } = useMoneySubmit<TBody, TForm>({
    ...opts,
    onSuccess: () => {
      setPinError(null);
      opts.onSuccess();
    },
    onFormError: setPinError,
    onRefused: opts.onRefused,
  });
  return { submit, busy, pinError, clearPinError: () => setPinError(null) };
}

/** The last step: the second password on the PIN pad, and the one-time code above it when enrolled. */
export function PinStep(props: {
  error: string | null;
  busy: boolean;
  otpField: ReactNode | null;
  otpReady: boolean;
  onComplete: (pin: string) => void;
  onCancel: () => void;
}) {
  return (
    <section className="wd-pin">
      <PinPad
        help={MSG.pin.help}
        error={props.error}
        busy={props.busy}
        extra={props.otpField}
        extraReady={props.otpField === null || props.otpReady}
        onComplete={props.onComplete}
        onCancel={props.onCancel}
      />
    </section>
  );
}
