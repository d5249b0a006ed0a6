import { formatTime } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
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

/** The line above a confirmation's code: the window and until when, or how one code opens it. */
export function StepUpNote({ until }: { until: string | null }) {
  return (
    <p className="adm-muted" data-testid="step-up-note">
      {until ? W.stepUpOpen(formatTime(until)) : W.stepUpHint}
    </p>
  );
}

/** The code field's label: optional while the window is open. */
export const stepUpLabel = (until: string | null, label: string) => (until ? W.otpOptional : label);
