import { useEffect, useState } from 'react';
import type { FieldValues, UseFormRegisterReturn } from 'react-hook-form';
import { MSG } from '../../../shared/messages/member-flows';
import { OtpCodeField } from '../../components/otp-code-field';
import { PinPad } from '../../components/pin-pad/pin-pad';
import type { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { type MoneySubmitOptions, useMoneySubmit } from '../../lib/use-money-submit';
import { type ConfirmRow, ConfirmSheet } from './confirm-sheet';
import { useRefreshRules } from './rule-fields';

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
 * pad's dots, where the member is; any refusal reads the withdrawal rules again (a limit or a hold may
 * have changed), and `onRefused` takes a refusal of a field back to its step.
 */
export function useWithdrawalSubmit<TBody, TForm extends FieldValues>(
  opts: Omit<MoneySubmitOptions<TBody, TForm>, 'onFormError' | 'onRefused'> & {
    onRefused: (err: ApiError) => void;
  },
) {
  const [pinError, setPinError] = useState<string | null>(null);
  const refreshRules = useRefreshRules();
  const { submit, busy } = useMoneySubmit<TBody, TForm>({
    ...opts,
    onSuccess: () => {
      setPinError(null);
      opts.onSuccess();
    },
    onFormError: setPinError,
    onRefused: (err) => {
      void refreshRules();
      opts.onRefused(err);
    },
  });
  return { submit, busy, pinError, clearPinError: () => setPinError(null) };
}

/**
 * The last two steps of a withdrawal: the confirmation sheet with every fact (`rows`; none while the form
 * holds no valid amount), then the second password on the PIN pad, with the one-time code above it when
 * the member is enrolled. 취소 on the sheet goes back to the form, 취소 on the pad back to the sheet.
 */
export function ConfirmThenPin(props: {
  step: string;
  rows: ConfirmRow[] | null;
  error: string | null;
  busy: boolean;
  clearPinError: () => void;
  /** The form's one-time code field and what it holds. */
  otp: { field: UseFormRegisterReturn<'otpCode'>; value: string };
  onBack: () => void;
  onStep: (step: 'confirm' | 'pin') => void;
  onComplete: (pin: string) => void;
}) {
  const enrolled = useSession().data?.user.has_totp === true;
  if (props.step === 'confirm' && props.rows) {
    return (
      <ConfirmSheet
        rows={props.rows}
        onCancel={props.onBack}
        onConfirm={() => {
          props.clearPinError();
          props.onStep('pin');
        }}
      />
    );
  }
  if (props.step !== 'pin') return null;
  return (
    <section className="wd-pin">
      <PinPad
        help={MSG.pin.help}
        error={props.error}
        busy={props.busy}
        extra={enrolled ? <OtpCodeField {...props.otp.field} error={undefined} /> : null}
        extraReady={!enrolled || props.otp.value.trim() !== ''}
        onComplete={props.onComplete}
        onCancel={() => props.onStep('confirm')}
      />
    </section>
  );
}
