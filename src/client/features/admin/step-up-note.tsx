import { formatTime } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { OtpCodeField } from '../../components/otp-code-field';
import { useWaiting } from './pending-queue';

const W = MSG.deskWork;

/**
 * Whether this session's confirmation window is open (decision 0440): then a confirmation needs no code.
 * The server decides; this only spares the operator typing one.
 */
export function useStepUpUntil(): string | null {
  const until = useWaiting().data?.step_up_until ?? null;
  return until && Date.parse(until) > Date.now() ? until : null;
}

/**
 * A confirmation's code: the line above it (the window and until when, or how one code opens it), and the
 * field, whose label says the code is optional while the window is open.
 */
export function StepUpCodeField({
  until,
  label,
  value,
  onChange,
}: {
  until: string | null;
  label: string;
  value: string;
  onChange: (code: string) => void;
}) {
  return (
    <>
      <p className="adm-muted" data-testid="step-up-note">
        {until ? W.stepUpOpen(formatTime(until)) : W.stepUpHint}
      </p>
      <OtpCodeField
        name="otpCode"
        label={until ? W.otpOptional : label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  );
}
