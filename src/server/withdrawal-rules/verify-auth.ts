import { MSG } from '../../shared/messages';
import type { EventOrigin } from '../auth/auth-events';
import { checkSecondPassword } from '../auth/login';
import type { Db } from '../db';
import { AppError } from '../http/errors';

export interface WithdrawalAuth {
  secondPassword?: string | null;
}

/** The verification each member has in progress on this process (see `verifyWithdrawalAuth`). */
const inProgress = new Map<string, Promise<unknown>>();

/**
 * Runs `check` after the member's earlier checks on this process have ended. The attempt limit is held by
 * the database (a reservation per attempt, decision 0100), which refuses a sixth attempt while five are
 * in flight; a member whose app sends several withdrawals at once would be told "locked" although every
 * PIN is right. Queued here, their right PINs pass one after another; guesses stay capped by the database,
 * on one process or many.
 */
function oneAtATime<T>(memberId: string, check: () => Promise<T>): Promise<T> {
  const before = inProgress.get(memberId) ?? Promise.resolve();
  const mine = before.then(check, check);
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  inProgress.set(memberId, settled);
  void settled.then(() => {
    if (inProgress.get(memberId) === settled) inProgress.delete(memberId);
  });
  return mine;
}

/**
 * The one check that proves it is the member before a withdrawal or a withdrawal-safety change (registering
 * an address): the second password, on the login second step's shared attempt counter (decision 0100). A
 * wrong one is a field error of the form that says how many attempts are left (the PIN pad shows it).
 */
export async function verifyWithdrawalAuth(
  db: Db,
  memberId: string,
  auth: WithdrawalAuth,
  origin: EventOrigin,
): Promise<void> {
  const secret = auth.secondPassword;
  if (!secret) {
    throw new AppError('VALIDATION', MSG.wrules.secondPasswordRequired, {
      second_password: MSG.wrules.secondPasswordRequired,
    });
  }
  // A wrong second password is a field error of this form, not a failed sign-in (the session stays).
  await oneAtATime(memberId, () =>
    checkSecondPassword(db, memberId, secret, origin, (left) => {
      const message = MSG.wrules.secondPasswordWrong(left);
      return new AppError('VALIDATION', message, { second_password: message });
    }),
  );
}
