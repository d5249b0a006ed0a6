import { AUTH_LIMITS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import type { Db, Queryable } from '../db';
import { AppError } from '../http/errors';
import { countRecent } from '../http/rate-events';
import { type EventOrigin, recordAuthEvent } from './auth-events';
import { burnVerifyTime, verifySecret } from './password';
import { proveSecret } from './prove-secret';
import { releaseAttempt, reserveAttempt } from './rate-limit';

const W = AUTH_LIMITS.windowMinutes;

/**
 * The password-failure counter of an account: keyed on the member, so the username and the email of one
 * account share one count; a name that belongs to no account counts under that name.
 */
export const passwordFailureKey = (who: { memberId: string } | { unknownName: string }) =>
  'memberId' in who ? `pw:acct:${who.memberId}` : `pw:name:${who.unknownName}`;

/** The second-password failure counter of a member (login's second step and my page share it). */
export const pinFailureKey = (memberId: string) => `pin:acct:${memberId}`;

/**
 * Checks a username-or-email and password. Unknown accounts and wrong passwords take the same time,
 * give the same message, and lock out after the same number of failures; the count of an existing
 * account is one, whichever of its username or email was typed. The attempt is reserved under the
 * account's and the address's counters before the password is verified (decision 0100), and every
 * outcome is written to the sign-in log.
 */
export async function checkPassword(
  db: Db,
  identifier: string,
  password: string,
  origin: EventOrigin & { ip: string },
  addressLimit: number,
): Promise<{ id: string }> {
  const id = identifier.trim().toLowerCase();
  // A closed account's email is masked and no longer identifies it; its username stays reserved.
  const rows = await db.query<{ id: string; password_hash: string; closed: boolean }>(
    `SELECT id, password_hash, closed_at IS NOT NULL AS closed FROM members
      WHERE lower(username) = $1 OR (lower(email) = $1 AND closed_at IS NULL)
      ORDER BY (lower(username) = $1) DESC LIMIT 1`,
    [id],
  );
  const member = rows[0];
  const memberId = member?.id ?? null;
  const event = { ...origin, kind: 'login' as const, memberId, identifier: identifier.trim() };
  const accountLimit = AUTH_LIMITS.passwordFailuresPerAccount;
  const reservation = await reserveAttempt(db, [
    {
      key: passwordFailureKey(member ? { memberId: member.id } : { unknownName: id }),
      limit: accountLimit,
      minutes: W,
    },
    { key: `pw:addr:${origin.ip}`, limit: addressLimit, minutes: W },
  ]);
  if (!reservation.ok) {
    const locked = reservation.refusedBy === 0;
    await recordAuthEvent(db, { ...event, success: false, reason: locked ? 'locked' : 'rate_limited' });
    if (locked) throw new AppError('ACCOUNT_LOCKED', MSG.login.locked);
    throw new AppError('RATE_LIMITED', MSG.common.tooManyRequests);
  }

  let valid = false;
  if (member) valid = await verifySecret(member.password_hash, password);
  else await burnVerifyTime(password);
  if (!member || !valid) {
    // The reserved events stay: they are this failure.
    await recordAuthEvent(db, {
      ...event,
      success: false,
      reason: member ? 'bad_password' : 'unknown_account',
    });
    if ((reservation.before[0] ?? 0) + 1 >= accountLimit) {
      await recordAuthEvent(db, { ...event, kind: 'lockout', success: false });
      throw new AppError('ACCOUNT_LOCKED', MSG.login.locked);
    }
    throw new AppError('INVALID_CREDENTIALS', MSG.login.invalidCredentials);
  }
  await releaseAttempt(db, reservation.ids);
  // Said only to whoever knows the password: a closed account is not revealed by a guess.
  if (member.closed) {
    await recordAuthEvent(db, { ...event, success: false, reason: 'account_closed' });
    throw new AppError('ACCOUNT_CLOSED', MSG.login.accountClosed);
  }
  await recordAuthEvent(db, { ...event, success: true });
  return { id: member.id };
}

/**
 * How many second-password attempts the member has left before the lockout, of how many: the same counter
 * and window `checkSecondPassword` reserves under, so the PIN pad can say it before the first try.
 */
export async function secondPasswordAttempts(q: Queryable, memberId: string) {
  const max = AUTH_LIMITS.pinFailuresPerAccount;
  const failed = await countRecent(q, pinFailureKey(memberId), W);
  return { attempts_left: Math.max(0, max - failed), attempts_max: max };
}

/** Checks the second password of the member of a password-stage session, reserving the attempt first. */
export async function checkSecondPassword(
  db: Db,
  memberId: string,
  plain: string,
  origin: EventOrigin,
  /** The refusal of a wrong second password (default: the login second step's message). */
  wrong: (attemptsLeft: number) => AppError = () =>
    new AppError('INVALID_CREDENTIALS', MSG.secondFactor.mismatch),
): Promise<void> {
  const event = { ...origin, kind: 'second_factor' as const, memberId };
  const rows = await db.query<{ second_password_hash: string | null }>(
    'SELECT second_password_hash FROM members WHERE id = $1',
    [memberId],
  );
  const row = rows[0];
  if (!row) throw new AppError('UNAUTHENTICATED', MSG.secondFactor.profileNotFound);
  await proveSecret(db, {
    key: pinFailureKey(memberId),
    limit: AUTH_LIMITS.pinFailuresPerAccount,
    event,
    lockedMessage: MSG.secondFactor.locked,
    hash: () => {
      if (!row.second_password_hash) throw new AppError('FORBIDDEN', MSG.secondFactor.notSet);
      return row.second_password_hash;
    },
    secret: plain,
    wrong,
  });
  await recordAuthEvent(db, { ...event, success: true });
}
