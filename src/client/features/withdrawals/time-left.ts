import { useEffect, useState } from 'react';
import { MSG } from '../../../shared/messages/member-flows';
import type { WithdrawalRulesView } from '../../../shared/schemas/withdrawal-rules';

const S = MSG.steps;

/**
 * Milliseconds until `iso`, counted on the server's clock: the rules view says when it was read (`as_of`),
 * and the time since then is the phone's own (a phone set to the wrong time still shows the right wait).
 */
export function msUntil(iso: string, rules: WithdrawalRulesView, fetchedAt: number, now: number): number {
  return Date.parse(iso) - Date.parse(rules.as_of) - (now - fetchedAt);
}

/** "23시간 59분 남음", "5분 남음" (under a minute reads as 1분). */
export function timeLeftText(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  return S.timeLeft(S.hoursMinutes(Math.floor(minutes / 60), minutes % 60));
}

/** The current time, once a minute: a "남음" text counts down while the screen stays open. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  return now;
}
