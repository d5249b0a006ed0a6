import { AUTH_LIMITS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import type { Db } from '../db';
import { AppError } from '../http/errors';
import { burnVerifyTime, verifySecret } from './password';
import { clearEvents, countRecent, recordEvent } from './rate-limit';

const W = AUTH_LIMITS.windowMinutes;

/**
 * The password-failure counter of an account: keyed on the member, so the username and the email of one
 * account share one count; a name that belongs to no account counts under that name.
 */
export const passwordFailureKey = (who: { memberId: string } | { unknownName: string }) =>
  'memberId' in who ? `pw:acct:${who.memberId}` : `pw:name:${who.unknownName}`;

/**
 * Checks a username-or-email and password. Unknown accounts and wrong passwords take the same time,
 * give the same message, and lock out after the same number of failures; the count of an existing
 * account is one, whichever of its username or email was typed.
 */
export async function checkPassword(
  db: Db,
  identifier: string,
  password: string,
  ip: string,
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
  const accountKey = passwordFailureKey(member ? { memberId: member.id } : { unknownName: id });
  const addressKey = `pw:addr:${ip}`;
  const [acctFailures, addrFailures] = await Promise.all([
    countRecent(db, accountKey, W),
    countRecent(db, addressKey, W),
  ]);
  if (acctFailures >= AUTH_LIMITS.passwordFailuresPerAccount)
    throw new AppError('ACCOUNT_LOCKED', MSG.login.locked);
  if (addrFailures >= addressLimit) throw new AppError('RATE_LIMITED', MSG.common.tooManyRequests);

  let valid = false;
  if (member) valid = await verifySecret(member.password_hash, password);
  else await burnVerifyTime(password);
  if (!member || !valid) {
    await Promise.all([recordEvent(db, accountKey), recordEvent(db, addressKey)]);
    if (acctFailures + 1 >= AUTH_LIMITS.passwordFailuresPerAccount) {
      throw new AppError('ACCOUNT_LOCKED', MSG.login.locked);
    }
    throw new AppError('INVALID_CREDENTIALS', MSG.login.invalidCredentials);
  }
  await clearEvents(db, accountKey);
  // Said only to whoever knows the password: a closed account is not revealed by a guess.
  if (member.closed) throw new AppError('ACCOUNT_CLOSED', MSG.login.accountClosed);
  return { id: member.id };
}

/** Checks the second password of the member of a password-stage session. */
export async function checkSecondPassword(db: Db, memberId: string, plain: string): Promise<void> {
  const key = `pin:acct:${memberId}`;
  if ((await countRecent(db, key, W)) >= AUTH_LIMITS.pinFailuresPerAccount) {
    throw new AppError('ACCOUNT_LOCKED', MSG.secondFactor.locked);
  }
  const rows = await db.query<{ second_password_hash: string | null }>(
    'SELECT second_password_hash FROM members WHERE id = $1',
    [memberId],
  );
  const row = rows[0];
  if (!row) throw new AppError('UNAUTHENTICATED', MSG.secondFactor.profileNotFound);
  if (!row.second_password_hash) throw new AppError('FORBIDDEN', MSG.secondFactor.notSet);
  if (!(await verifySecret(row.second_password_hash, plain))) {
    await recordEvent(db, key);
    if ((await countRecent(db, key, W)) >= AUTH_LIMITS.pinFailuresPerAccount) {
      throw new AppError('ACCOUNT_LOCKED', MSG.secondFactor.locked);
    }
    throw new AppError('INVALID_CREDENTIALS', MSG.secondFactor.mismatch);
  }
  await clearEvents(db, key);
}
