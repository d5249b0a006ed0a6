import type { FastifyRequest } from 'fastify';
import type { AuthEventKind, AuthEventReason } from '../../shared/schemas/auth-events';
import type { Queryable } from '../db';

const IDENTIFIER_MAX = 100;
const USER_AGENT_MAX = 300;

/** Where an event came from: the client address Fastify resolved and the browser's user agent. */
export interface EventOrigin {
  ip?: string;
  userAgent?: string | null;
}

export const originOf = (req: FastifyRequest): EventOrigin & { ip: string } => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
});

export interface AuthEvent extends EventOrigin {
  kind: AuthEventKind;
  success: boolean;
  memberId?: string | null;
  /** The name typed at a login (kept for attempts on unknown accounts); never a secret. */
  identifier?: string | null;
  reason?: AuthEventReason | null;
  actorId?: string | null;
}

/** Control characters never reach the log (PostgreSQL refuses NUL in text; the others garble a screen). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const clean = (s: string | null | undefined) => s?.replace(/[\u0000-\u001f\u007f-\u009f]/g, '');

/**
 * Appends one authentication event. Events of failed attempts are written on their own (autocommit,
 * with `db`), never inside the transaction that fails, so they cannot be rolled back with it; events
 * of changes are written inside the transaction of the change, so they exist exactly when it does.
 */
export async function recordAuthEvent(q: Queryable, e: AuthEvent): Promise<void> {
  const identifier = clean(e.identifier)?.trim().slice(0, IDENTIFIER_MAX) || null;
  await q.query(
    `INSERT INTO auth_events (member_id, identifier, kind, success, reason, ip, user_agent, actor_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      e.memberId ?? null,
      identifier,
      e.kind,
      e.success,
      e.reason ?? null,
      e.ip?.slice(0, 100) ?? null,
      clean(e.userAgent)?.slice(0, USER_AGENT_MAX) || null,
      e.actorId ?? null,
    ],
  );
}
