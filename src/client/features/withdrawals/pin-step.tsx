import { type ReactNode, useEffect, useState } from 'react';
import {
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
  useWatch,
} from 'react-hook-form';
import { MSG } from '../../../shared/messages/member-flows';
import { OtpCodeField } from '../../components/otp-code-field';
import { PinPad } from '../../components/pin-pad/pin-pad';
import type { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useModalWhileMounted } from '../../lib/use-modal';
import { type MoneySubmitOptions, useMoneySubmit } from '../../lib/use-money-submit';
import { type ConfirmRow, ConfirmSheet } from './confirm-sheet';
import { useRefreshRules } from './rule-fields';

/** Every step of a withdrawal starts at the top of the page, as a new screen does. */
function useStepTop(step: string) {
  useEffect(() => {
    void step;
    window.scrollTo(0, 0);
  }, [step]);
}

/**
 * The submit routine of a stepped withdrawal, which also keeps its steps at the top of the page and ends
 * them on the done screen: a refusal that names no field of the form (a wrong second password with the
 * attempts left, a lock, a duplicate submission) is the server's sentence under the PIN pad's dots, where
 * the member is; any refusal reads the withdrawal rules again (a limit or a hold may have changed), and
 * `onRefused` takes a refusal of a field back to its step.
 */
export function useWithdrawalSubmit<TBody, TForm extends FieldValues>(
  opts: Omit<MoneySubmitOptions<TBody, TForm>, 'setError' | 'onSuccess' | 'onFormError' | 'onRefused'> & {
    form: UseFormReturn<TForm>;
    step: [step: string, setStep: (step: 'confirm' | 'pin' | 'done') => void];
    onRefused: (err: ApiError) => void;
  },
) {
  const [pinError, setPinError] = useState<string | null>(null);
  const refreshRules = useRefreshRules();
  const [step, setStep] = opts.step;
  useStepTop(step);
  const { submit, busy } = useMoneySubmit<TBody, TForm>({
    ...opts,
    setError: opts.form.setError,
    onSuccess: () => {
      setPinError(null);
      setStep('done');
    },
    onFormError: setPinError,
    onRefused: (err) => {
      void refreshRules();
      opts.onRefused(err);
    },
  });
  return { submit, busy, pinError, clearPinError: () => setPinError(null), form: opts.form, step, setStep };
}
/** What the PIN step reads of a withdrawal (not its submit: the body is the page's). */
type Withdrawal<TForm extends FieldValues> = Omit<
  ReturnType<typeof useWithdrawalSubmit<unknown, TForm>>,
  'submit'
>;

/**
 * The last two steps of a withdrawal: the confirmation sheet with every fact (`rows`; none while the form
 * holds no valid amount), then the second password on the PIN pad, with the form's one-time code field
 * above it when the member is enrolled; under the dots, the refusal of `submit` or of the code. 취소 on the
 * sheet goes back to the form, 취소 on the pad back to the sheet.
 */
export function ConfirmThenPin<TForm extends FieldValues & { otpCode: string }>(props: {
  withdrawal: Withdrawal<TForm>;
  rows: ConfirmRow[] | null;
  /** The second-password attempts left, from the check that opened the sheet. */
  attempts: { attempts_left: number; attempts_max: number } | null;
  onBack: () => void;
  onComplete: (pin: string) => void;
}) {
  const enrolled = useSession().data?.user.has_totp === true;
  const { form, step, setStep, ...submit } = props.withdrawal;
  const otpName = 'otpCode' as FieldPath<TForm>;
  const otpCode = String(useWatch({ control: form.control, name: otpName }) ?? '');
  const otpError = (form.formState.errors as FieldErrors<{ otpCode: string }>).otpCode?.message;
  if (step === 'confirm' && props.rows) {
    return (
      <ConfirmSheet
        rows={props.rows}
        onCancel={props.onBack}
        // The last refusal stays on the pad reopened from the sheet: it says the attempts left, where the
        // count of the check that opened the sheet no longer holds (the page's check clears it).
        onConfirm={() => setStep('pin')}
      />
    );
  }
  if (step !== 'pin') return null;
  return (
    <PinScreen onCancel={() => setStep('confirm')}>
      <PinPad
        help={MSG.pin.help}
        error={submit.pinError ?? otpError ?? null}
        attempts={props.attempts}
        busy={submit.busy}
        extra={enrolled ? <OtpCodeField {...form.register(otpName)} error={undefined} /> : null}
        extraReady={!enrolled || otpCode.trim() !== ''}
        onComplete={props.onComplete}
        onCancel={() => setStep('confirm')}
      />
    </PinScreen>
  );
}

/**
 * The PIN pad over the whole screen, on a modal <dialog>: the header, the tabs and the bottom navigation
 * behind it are inert (no tap or key reaches them) until the pad is left; Esc is the pad's 취소.
 */
function PinScreen({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  const ref = useModalWhileMounted();
  return (
    <dialog
      ref={ref}
      className="wd-pin"
      aria-label={MSG.pin.title}
      data-testid="pin-screen"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
