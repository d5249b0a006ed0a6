import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { APP_NAME, AUTH_LIMITS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import {
  formatRecoveryCode,
  parseOtpCode,
  RECOVERY_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
} from '../../shared/schemas/otp';
import type { Config } from '../config';
import type { Db, Queryable } from '../db';
import { AppError } from '../http/errors';
import { type EventOrigin, recordAuthEvent } from './auth-events';
import { releaseAttempt, reserveAttempt } from './rate-limit';

const O = MSG.otp;

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s steps (decision 0150). */
const TOTP_PERIOD = 30;
const TOTP_DIGITS = 6;
/** Steps accepted either side of the server's: ±1 (±30 s of clock drift). */
const TOTP_WINDOW = 1;
/** Wrong codes (TOTP or recovery) per member before the OTP counter locks, in AUTH_LIMITS' window. */
const OTP_FAILURES_PER_ACCOUNT = 5;
/** The OTP failure counter of a member: login's second step, withdrawals, disabling and confirming share it. */
const otpFailureKey = (memberId: string) => `otp:acct:${memberId}`;

export type TotpPurpose = 'login' | 'withdrawal' | 'disable' | 'proposal';
type TotpCtx = { db: Db; config: Pick<Config, 'totp'> };

const FIELD = 'otpCode';
const fail = (code: 'OTP_REQUIRED' | 'OTP_INVALID' | 'OTP_REPLAYED' | 'ACCOUNT_LOCKED', msg: string) =>
  new AppError(code, msg, { [FIELD]: msg });

// ---- secrets at rest ------------------------------------------------------------------------------

/** Seals a base32 secret with AES-256-GCM under TOTP_ENCRYPTION_KEY ('v1:'), or marks it unsealed. */
function sealSecret(key: Buffer | null, secret: string): string {
  if (!key) return `plain:${secret}`;
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(secret, 'utf8'), c.final()]);
  return `v1:${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url')}`;
}

function openSecret(key: Buffer | null, stored: string): string {
  if (stored.startsWith('plain:')) return stored.slice('plain:'.length);
  if (!stored.startsWith('v1:') || !key) throw new AppError('UNAVAILABLE', O.secretUnavailable);
  try {
    const raw = Buffer.from(stored.slice(3), 'base64url');
    const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  } catch {
    throw new AppError('UNAVAILABLE', O.secretUnavailable);
  }
}

const totpOf = (secret: string, label: string) =>
  new OTPAuth.TOTP({
    issuer: APP_NAME,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** The time step a code belongs to, or null when it matches none of the steps within the window. */
function stepOf(secret: string, token: string, now = Date.now()): number | null {
  const totp = totpOf(secret, 'x');
  const delta = totp.validate({ token, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

const hashRecoveryCode = (code: string) => createHash('sha256').update(code).digest('hex');

function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return s;
}

// ---- status and enrolment -------------------------------------------------------------------------

export async function totpStatus(q: Queryable, memberId: string) {
  const [row] = await q.query<{ enrolled: boolean; left: number }>(
    `SELECT t.confirmed_at IS NOT NULL AS enrolled,
            (SELECT count(*)::int FROM member_totp_recovery r WHERE r.member_id = t.member_id AND r.used_at IS NULL) AS left
       FROM member_totp t WHERE t.member_id = $1`,
    [memberId],
  );
  return { enrolled: row?.enrolled ?? false, recoveryCodesLeft: row?.enrolled ? row.left : 0 };
}

/**
 * Starts (or restarts) enrolment: a new 160-bit secret replaces any unconfirmed one. Refused while a
 * confirmed enrolment exists (disable it first). Returns the secret and its otpauth:// URI.
 */
export async function startEnrolment(ctx: TotpCtx, member: { id: string; username: string }) {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const stored = sealSecret(ctx.config.totp.encryptionKey, secret);
  const rows = await ctx.db.query(
    `INSERT INTO member_totp (member_id, secret) VALUES ($1, $2)
     ON CONFLICT (member_id) DO UPDATE SET secret = EXCLUDED.secret, created_at = now(), last_step = NULL
       WHERE member_totp.confirmed_at IS NULL
     RETURNING 1`,
    [member.id, stored],
  );
  if (rows.length === 0) throw new AppError('CONFLICT', O.alreadyEnrolled);
  return { secret, uri: totpOf(secret, member.username).toString() };
}

/** Reserves one OTP attempt; a refused reservation is the lockout. */
async function reserveOtp(db: Db, memberId: string) {
  const r = await reserveAttempt(db, [
    { key: otpFailureKey(memberId), limit: OTP_FAILURES_PER_ACCOUNT, minutes: AUTH_LIMITS.windowMinutes },
  ]);
  if (!r.ok) throw fail('ACCOUNT_LOCKED', O.locked);
  return r;
}

/** A wrong code: the reserved event stays as the failure; the one that reaches the limit says so. */
function wrongCode(before: number, message: string): AppError {
  if (before + 1 >= OTP_FAILURES_PER_ACCOUNT) return fail('ACCOUNT_LOCKED', O.locked);
  return fail('OTP_INVALID', message);
}

/**
 * Confirms enrolment with the first code of the app; then gives 10 recovery codes (shown once, stored as
 * SHA-256). The code's step is stored as the last accepted one, so the same code cannot be used again.
 */
export async function confirmEnrolment(ctx: TotpCtx, memberId: string, rawCode: string) {
  const { db } = ctx;
  const [row] = await db.query<{ secret: string; confirmed: boolean }>(
    'SELECT secret, confirmed_at IS NOT NULL AS confirmed FROM member_totp WHERE member_id = $1',
    [memberId],
  );
  if (!row) throw new AppError('CONFLICT', O.noPendingSetup);
  if (row.confirmed) throw new AppError('CONFLICT', O.alreadyEnrolled);
  const secret = openSecret(ctx.config.totp.encryptionKey, row.secret);
  const reservation = await reserveOtp(db, memberId);
  const step = stepOf(secret, rawCode.replace(/\s/g, ''));
  if (step === null) throw wrongCode(reservation.before[0] ?? 0, O.invalid);
  await releaseAttempt(db, reservation.ids);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.tx(async (q) => {
    const done = await q.query(
      `UPDATE member_totp SET confirmed_at = now(), last_step = $3
        WHERE member_id = $1 AND secret = $2 AND confirmed_at IS NULL RETURNING 1`,
      [memberId, row.secret, step],
    );
    // Confirmed in parallel, or restarted with a new secret meanwhile.
    if (done.length === 0) throw new AppError('CONFLICT', O.alreadyEnrolled);
    await q.query('DELETE FROM member_totp_recovery WHERE member_id = $1', [memberId]);
    await q.query(`INSERT INTO member_totp_recovery (member_id, code_hash) SELECT $1, unnest($2::text[])`, [
      memberId,
      codes.map(hashRecoveryCode),
    ]);
  });
  return { recoveryCodes: codes.map(formatRecoveryCode) };
}

// ---- verification ---------------------------------------------------------------------------------

/** A verified code, not used yet: `consume` uses it up inside the caller's transaction (or alone). */
export interface TotpPass {
  /** False when the member is not enrolled: nothing was asked and nothing is used up. */
  readonly enrolled: boolean;
  consume(q: Queryable): Promise<void>;
}

const NOT_ENROLLED: TotpPass = { enrolled: false, consume: async () => {} };

/**
 * Checks the code a member typed for `purpose`, when the member is enrolled (otherwise asks nothing).
 *
 * 1. Presence and format; then one attempt reserved under the member's OTP counter (5 per 15 min,
 *    decision 0150, with `reserveAttempt` of decision 0100), so parallel guesses verify at most 5 codes.
 * 2. The code is checked against the secret (±1 step) or the unused recovery codes; a wrong code keeps its
 *    reserved event as the failure, a right one gives it back.
 * 3. `consume(q)` uses it up with a conditional UPDATE (last_step < step, or used_at IS NULL): of any
 *    number of parallel requests carrying one code exactly one succeeds, and a withdrawal that fails
 *    afterwards rolls the use back with everything else.
 */
export async function verifyTotpFor(
  ctx: TotpCtx,
  memberId: string,
  rawCode: string | undefined,
  purpose: TotpPurpose,
  origin: EventOrigin = {},
): Promise<TotpPass> {
  const { db } = ctx;
  const [row] = await db.query<{ secret: string }>(
    'SELECT secret FROM member_totp WHERE member_id = $1 AND confirmed_at IS NOT NULL',
    [memberId],
  );
  if (!row) return NOT_ENROLLED;
  const typed = rawCode?.trim() ?? '';
  if (typed === '') throw fail('OTP_REQUIRED', O.required);
  const parsed = parseOtpCode(typed);
  if (!parsed) throw fail('OTP_INVALID', O.format);

  const logFailure = async (reason: 'bad_password' | 'locked', lockout: boolean) => {
    if (purpose !== 'login') return;
    const event = { ...origin, kind: 'second_factor' as const, memberId, success: false };
    await recordAuthEvent(db, { ...event, reason });
    if (lockout) await recordAuthEvent(db, { ...event, kind: 'lockout' });
  };
  let reservation: Awaited<ReturnType<typeof reserveOtp>>;
  try {
    reservation = await reserveOtp(db, memberId);
  } catch (err) {
    await logFailure('locked', false);
    throw err;
  }
  const before = reservation.before[0] ?? 0;

  // What the code is checked against, and the statement that uses it up inside the caller's transaction.
  // Whether it was used already is decided by that statement alone: a retried request under the same
  // Idempotency-Key then gets its first answer (idempotent() never runs `consume` again), and a used
  // recovery code is a replay, like an old TOTP code, not a guess.
  let usedUp: { sql: string; params: unknown[]; replayed: string } | null;
  let wrong: string;
  if (parsed.kind === 'totp') {
    const step = stepOf(openSecret(ctx.config.totp.encryptionKey, row.secret), parsed.code);
    wrong = O.invalid;
    usedUp =
      step === null
        ? null
        : {
            sql: `UPDATE member_totp SET last_step = $2
                   WHERE member_id = $1 AND confirmed_at IS NOT NULL AND (last_step IS NULL OR last_step < $2)
                   RETURNING 1`,
            params: [memberId, step],
            replayed: O.replayed,
          };
  } else {
    const hash = hashRecoveryCode(parsed.code);
    // One of the member's codes, used or not.
    const known = await db.query(
      'SELECT 1 FROM member_totp_recovery WHERE member_id = $1 AND code_hash = $2',
      [memberId, hash],
    );
    wrong = O.recoveryUsed;
    usedUp =
      known.length === 0
        ? null
        : {
            sql: `UPDATE member_totp_recovery SET used_at = now()
                   WHERE member_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1`,
            params: [memberId, hash],
            replayed: O.recoveryUsed,
          };
  }
  if (!usedUp) {
    await logFailure('bad_password', before + 1 >= OTP_FAILURES_PER_ACCOUNT);
    throw wrongCode(before, wrong);
  }
  await releaseAttempt(db, reservation.ids);
  const { sql, params, replayed } = usedUp;
  return {
    enrolled: true,
    async consume(q) {
      const used = await q.query(sql, params);
      if (used.length === 0) throw fail('OTP_REPLAYED', replayed);
    },
  };
}

/** Disables OTP (the caller has checked the second password): the code is used up and the rows go. */
export async function disableTotp(ctx: TotpCtx, memberId: string, rawCode: string) {
  const pass = await verifyTotpFor(ctx, memberId, rawCode, 'disable');
  if (!pass.enrolled) throw new AppError('CONFLICT', O.notEnrolled);
  await ctx.db.tx(async (q) => {
    await pass.consume(q);
    await q.query('DELETE FROM member_totp_recovery WHERE member_id = $1', [memberId]);
    await q.query('DELETE FROM member_totp WHERE member_id = $1', [memberId]);
  });
}
