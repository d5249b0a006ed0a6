/**
 * A member recovers their own password or second password through the e-mail on their account
 * (decision 0400): a six-digit code, mailed, valid RECOVERY.codeMinutes, RECOVERY.attempts tries, used once;
 * then the secret the member chooses. No administrator ever sees or sets it: what administrators can do is
 * a two-person proposal that mails the member such a code (`proposals/kinds-recovery.ts`).
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { RECOVERY } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import type { RecoverySecret } from '../../shared/schemas/recovery';
import { writeAudit } from '../audit/write-audit';
import type { Db, Queryable } from '../db';
import { AppError } from '../http/errors';
import { clearEvents } from '../http/rate-events';
import type { Mailer } from '../mail/mailer';
import { type EventOrigin, recordAuthEvent } from './auth-events';
import { passwordFailureKey, pinFailureKey } from './login';
import { hashSecret } from './password';
import { reserveAttempt } from './rate-limit';
import { deleteMemberSessions, hashToken } from './sessions';

const R = MSG.recovery;

const COLUMN = { password: 'password_hash', second_password: 'second_password_hash' } as const;
const EVENT = { password: 'password_recovery', second_password: 'second_password_recovery' } as const;
const word = (s: RecoverySecret) => (s === 'password' ? R.passwordWord : R.secondWord);

interface Account {
  id: string;
  username: string;
  email: string;
}

/** The open account a username or e-mail names (as at login), or null. */
async function accountOf(q: Queryable, identifier: string): Promise<Account | null> {
  const id = identifier.trim().toLowerCase();
  const [row] = await q.query<Account>(
    `SELECT id::text AS id, username, email FROM members
      WHERE closed_at IS NULL AND (lower(username) = $1 OR lower(email) = $1)
      ORDER BY (lower(username) = $1) DESC LIMIT 1`,
    [id],
  );
  return row ?? null;
}

/** Codes mailed per account (and per name that is no account, so both answer alike) within an hour. */
const requestKey = (who: string) => `recover:req:${who}`;

/**
 * Stores a new code for the account, ending its older codes of the same kind, and starts mailing it to the
 * account's e-mail: `mailed` settles when the mail server took it (a code that could not be mailed is
 * ended). `proposalId` names the two-person proposal that sent it (administrators).
 */
export async function issueRecovery(
  db: Db,
  mailer: Mailer,
  account: Account,
  secret: RecoverySecret,
  origin: EventOrigin & { proposalId?: string },
): Promise<{ mailed: Promise<void> }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await db.tx(async (q) => {
    // One request at a time per account, so that a newer code always ends every older one.
    await q.query("SELECT pg_advisory_xact_lock(hashtext('recovery:' || $1))", [account.id]);
    await q.query(
      `UPDATE account_recoveries SET expires_at = least(expires_at, now())
        WHERE member_id = $1 AND secret = $2 AND used_at IS NULL AND expires_at > now()`,
      [account.id, secret],
    );
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO account_recoveries (member_id, secret, code_hash, expires_at, proposal_id)
       VALUES ($1, $2, $3, now() + make_interval(mins => $4), $5) RETURNING id::text AS id`,
      [account.id, secret, hashToken(code), RECOVERY.codeMinutes, origin.proposalId ?? null],
    );
    const { proposalId: _p, ...event } = origin;
    await recordAuthEvent(q, { ...event, kind: 'recovery_requested', success: true, memberId: account.id });
    return row!.id;
  });
  const mailed = mailer
    .send({
      to: account.email,
      subject: R.mailSubject,
      text: R.mailBody(account.username, word(secret), code, RECOVERY.codeMinutes),
    })
    .then(
      () => undefined,
      async (err) => {
        // A code nobody received does not stay usable.
        await db.query('UPDATE account_recoveries SET expires_at = now() WHERE id = $1', [id]);
        throw Object.assign(new AppError('UNAVAILABLE', R.sendFailed), { cause: err });
      },
    );
  return { mailed };
}

/**
 * The member's own request: the same answer whether or not the name is an account's, and the same
 * per-hour count for both. The answer does not wait for the mail server, so its time does not tell an
 * account from a name that is none either; a mail that fails ends its code, and the member asks again.
 */
export async function requestRecovery(
  db: Db,
  mailer: Mailer,
  input: { identifier: string; secret: RecoverySecret },
  origin: EventOrigin,
): Promise<{ message: string }> {
  const account = await accountOf(db, input.identifier);
  const who = account ? `acct:${account.id}` : `name:${input.identifier.trim().toLowerCase()}`;
  const r = await reserveAttempt(db, [
    { key: requestKey(who), limit: RECOVERY.requestsPerHour, minutes: 60 },
  ]);
  if (!r.ok) throw new AppError('RATE_LIMITED', R.tooManyRequests);
  if (account) {
    const { mailed } = await issueRecovery(db, mailer, account, input.secret, origin);
    mailed.catch(() => undefined);
  }
  return { message: R.sent };
}

const sameCode = (stored: string, code: string) =>
  timingSafeEqual(Buffer.from(stored, 'hex'), Buffer.from(hashToken(code), 'hex'));

type Outcome = { ok: true; account: Account } | { ok: false; error: AppError };

/**
 * Spends one attempt of the account's latest code and, when it is right, sets the new secret, in one
 * transaction under the code's row lock: of any number of tries at once, at most RECOVERY.attempts are
 * compared and one succeeds. Every session ends and the sign-in lockouts lift; the sign-in log and the
 * audit log record it, and the withdrawal hold after a reset follows from the log (members/admin-resets.ts).
 */
export async function finishRecovery(
  db: Db,
  mailer: Mailer,
  input: { identifier: string; secret: RecoverySecret; code: string; next: string },
  origin: EventOrigin,
  holdHours: number,
): Promise<{ done: true }> {
  const wrong = new AppError('VALIDATION', R.codeWrong, { code: R.codeWrong });
  const account = await accountOf(db, input.identifier);
  if (!account) {
    // A name that is no account's is limited as a code would be, and answered as a wrong code.
    const who = `recover:try:name:${input.identifier.trim().toLowerCase()}`;
    const r = await reserveAttempt(db, [
      { key: who, limit: RECOVERY.attempts, minutes: RECOVERY.codeMinutes },
    ]);
    throw r.ok ? wrong : new AppError('RATE_LIMITED', R.tooManyAttempts);
  }
  const out = await db.tx(async (q): Promise<Outcome> => {
    const [row] = await q.query<{ id: string; code_hash: string; attempts: number; live: boolean }>(
      `SELECT id::text AS id, code_hash, attempts, (used_at IS NULL AND expires_at > now()) AS live
         FROM account_recoveries WHERE member_id = $1 AND secret = $2
        ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
      [account.id, input.secret],
    );
    if (!row?.live) return { ok: false, error: wrong };
    if (row.attempts >= RECOVERY.attempts)
      return { ok: false, error: new AppError('RATE_LIMITED', R.tooManyAttempts) };
    await q.query('UPDATE account_recoveries SET attempts = attempts + 1 WHERE id = $1', [row.id]);
    if (!sameCode(row.code_hash, input.code)) return { ok: false, error: wrong };
    await q.query('UPDATE account_recoveries SET used_at = now() WHERE id = $1', [row.id]);
    await q.query(`UPDATE members SET ${COLUMN[input.secret]} = $2, updated_at = now() WHERE id = $1`, [
      account.id,
      await hashSecret(input.next),
    ]);
    const ended = await deleteMemberSessions(q, account.id);
    await clearEvents(q, passwordFailureKey({ memberId: account.id }));
    await clearEvents(q, pinFailureKey(account.id));
    await writeAudit(q, {
      actorId: account.id,
      actorUsername: account.username,
      action: `member.${input.secret}.recovered`,
      targetType: 'member',
      targetId: account.id,
      after: { sessions_ended: ended, recovery_id: row.id },
      ip: origin.ip,
    });
    await recordAuthEvent(q, { ...origin, kind: EVENT[input.secret], success: true, memberId: account.id });
    return { ok: true, account };
  });
  if (!out.ok) throw out.error;
  // Told by mail, so a recovery the member did not make is noticed; a failed mail does not undo it.
  await mailer
    .send({
      to: account.email,
      subject: R.doneSubject,
      text: R.doneBody(account.username, word(input.secret), holdHours),
    })
    .catch(() => false);
  return { done: true };
}

/** The member a two-person recovery proposal is about, as `issueRecovery` needs it. */
export async function recoveryAccount(q: Queryable, memberId: string): Promise<Account | null> {
  const [row] = await q.query<Account>(
    'SELECT id::text AS id, username, email FROM members WHERE id = $1 AND closed_at IS NULL',
    [memberId],
  );
  return row ?? null;
}
