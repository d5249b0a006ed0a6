import { AUTH_LIMITS } from '../../shared/constants';
import type { Db } from '../db';
import { AppError } from '../http/errors';
import { type AuthEvent, recordAuthEvent } from './auth-events';
import { verifySecret } from './password';
import { releaseAttempt, reserveAttempt } from './rate-limit';

/**
 * A member proves a secret they hold (the login's second step, a password or second-password change)
 * against one attempt counter: the attempt is reserved before the verification (decision 0100); a refusal
 * at the limit is logged 'locked', a wrong secret 'bad_password' and, when it is the limit-th, 'lockout';
 * a right one releases the reservation. `hash` reads the stored hash after the reservation and throws to
 * refuse (the reservation is released first).
 */
export async function proveSecret(
  db: Db,
  o: {
    key: string;
    limit: number;
    event: Omit<AuthEvent, 'success' | 'reason'>;
    lockedMessage: string;
    hash: () => string | Promise<string>;
    secret: string;
    /** The refusal of a wrong secret, told how many attempts are left before the lockout. */
    wrong: (attemptsLeft: number) => AppError;
  },
): Promise<void> {
  const reservation = await reserveAttempt(db, [
    { key: o.key, limit: o.limit, minutes: AUTH_LIMITS.windowMinutes },
  ]);
  if (!reservation.ok) {
    await recordAuthEvent(db, { ...o.event, success: false, reason: 'locked' });
    throw new AppError('ACCOUNT_LOCKED', o.lockedMessage);
  }
  let hash: string;
  try {
    hash = await o.hash();
  } catch (err) {
    await releaseAttempt(db, reservation.ids);
    throw err;
  }
  if (!(await verifySecret(hash, o.secret))) {
    await recordAuthEvent(db, { ...o.event, success: false, reason: 'bad_password' });
    const used = (reservation.before[0] ?? 0) + 1;
    if (used >= o.limit) {
      await recordAuthEvent(db, { ...o.event, kind: 'lockout', success: false });
      throw new AppError('ACCOUNT_LOCKED', o.lockedMessage);
    }
    throw o.wrong(o.limit - used);
  }
  await releaseAttempt(db, reservation.ids);
}
