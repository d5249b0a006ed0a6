import { createHash, randomBytes } from 'node:crypto';
import type { SessionStage, SessionUser } from '../../shared/schemas/session';
import type { Config } from '../config';
import { prepared, type Queryable } from '../db';
import type { Session } from '../http/guards';
import { type EventOrigin, recordAuthEvent } from './auth-events';
import { closeStepUps } from './step-up';

export const SESSION_COOKIE = 'wallet_session';
/** A session that passed only the password lives this long, for the second step alone. */
const PASSWORD_STAGE_MINUTES = 10;
/** last_seen_at is written at most this often, to keep reads cheap. */
const TOUCH_EVERY_SECONDS = 60;

export type { SessionStage };

/** The session member's columns (the shared session view's user), read from `members` under alias `m`. */
export const sessionMemberColumns = (m: string) =>
  `${m}.id, ${m}.username, ${m}.email, ${m}.full_name, ${m}.is_admin, ${m}.second_password_hash IS NOT NULL AS has_second_password,
            EXISTS (SELECT 1 FROM member_totp t WHERE t.member_id = ${m}.id AND t.confirmed_at IS NOT NULL) AS has_totp`;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  q: Queryable,
  config: Config,
  memberId: string,
  stage: SessionStage,
  meta: { ip?: string; userAgent?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const minutes = stage === 'password' ? PASSWORD_STAGE_MINUTES : config.sessionAbsoluteHours * 60;
  // A new sign-in closes the confirmation windows of the member's other sessions (decision 0440).
  if (stage === 'full') await closeStepUps(q, memberId);
  await q.query(
    `INSERT INTO sessions (token_hash, member_id, stage, ip, user_agent, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
    [hashToken(token), memberId, stage, meta.ip ?? null, meta.userAgent?.slice(0, 300) ?? null, minutes],
  );
  return token;
}

/** The session and its member, by token (every request that carries a cookie): a prepared statement. */
const SESSION_READ = prepared(
  `SELECT s.stage, s.last_seen_at < now() - make_interval(secs => $3) AS touch, ${sessionMemberColumns('m')}
     FROM sessions s JOIN members m ON m.id = s.member_id
    WHERE s.token_hash = $1 AND m.closed_at IS NULL AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(mins => $2)`,
);

/**
 * The session of a cookie token, or null. A session found past its idle or absolute expiry is deleted
 * here and its end written to the sign-in log (once: only one request's DELETE finds the row).
 */
export async function readSession(
  q: Queryable,
  config: Config,
  token: string,
  origin: EventOrigin = {},
): Promise<Session | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const rows = await q.query<SessionUser & { stage: SessionStage; touch: boolean }>(SESSION_READ, [
    tokenHash,
    config.sessionIdleMinutes,
    TOUCH_EVERY_SECONDS,
  ]);
  const row = rows[0];
  if (!row) {
    const [ended] = await q.query<{ member_id: string; absolute: boolean }>(
      `DELETE FROM sessions
        WHERE token_hash = $1 AND (expires_at <= now() OR last_seen_at <= now() - make_interval(mins => $2))
        RETURNING member_id::text AS member_id, expires_at <= now() AS absolute`,
      [tokenHash, config.sessionIdleMinutes],
    );
    if (ended) {
      await recordAuthEvent(q, {
        ...origin,
        kind: 'session_expired',
        success: false,
        memberId: ended.member_id,
        reason: ended.absolute ? 'expired' : 'idle',
      });
    }
    return null;
  }
  if (row.touch) await q.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [tokenHash]);
  const { stage, touch: _touch, ...member } = row;
  return { tokenHash, stage, member };
}

export async function deleteSession(q: Queryable, tokenHash: string): Promise<void> {
  await q.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
}

/** Ends every session of a member, but `keepTokenHash` when given; tells how many ended. */
export async function deleteMemberSessions(
  q: Queryable,
  memberId: string,
  keepTokenHash?: string,
): Promise<number> {
  const ended = await q.query('DELETE FROM sessions WHERE member_id = $1 AND token_hash <> $2 RETURNING 1', [
    memberId,
    keepTokenHash ?? '',
  ]);
  return ended.length;
}

export async function pruneSessions(q: Queryable): Promise<void> {
  await q.query('DELETE FROM sessions WHERE expires_at < now()');
}
