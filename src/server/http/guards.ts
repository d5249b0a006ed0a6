import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages';
import type { SessionStage, SessionUser } from '../../shared/schemas/session';
import { AppError } from './errors';

/** A signed-in session: its stage and member (auth/sessions.ts reads it, the app's onRequest hook sets it). */
export interface Session {
  tokenHash: string;
  stage: SessionStage;
  member: SessionUser;
}

/** The session of a request, read once by the app's onRequest hook (null when there is none). */
declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

/** A member who passed both steps. */
export function requireMember(req: FastifyRequest): Session {
  const s = req.session;
  if (!s) throw new AppError('UNAUTHENTICATED', MSG.common.loginRequired);
  if (s.stage !== 'full') throw new AppError('SECOND_FACTOR_REQUIRED', MSG.common.secondStepRequired);
  return s;
}

/**
 * The one session check of a member route, as its preHandler (administrators: the admin scope's guard,
 * admin/guard.ts). The handler then reads the session with `memberSession`.
 */
export const memberOnly = async (req: FastifyRequest, _reply: FastifyReply) => {
  requireMember(req);
};

/**
 * The session of a route guarded by `memberOnly` (or the admin guard). Throws only when a route was
 * declared without its guard: a fault of the code, answered as a 500, never a member's mistake.
 */
export function memberSession(req: FastifyRequest): Session {
  if (!req.session) throw new Error(`${req.routeOptions.url}: a member route without memberOnly`);
  return req.session;
}

/** Who acts in a request: the session's member, from which address and browser, in which session. */
export interface Acting {
  actorId: string;
  actorUsername: string;
  ip: string;
  /** The asking session: the one kept when they end the member's other sessions. */
  tokenHash: string;
  userAgent?: string;
}

/** The one way a request's actor is read (administrators: `actorOf` in admin/common.ts). */
export function actingIn(req: FastifyRequest, s: Session): Acting {
  return {
    actorId: s.member.id,
    actorUsername: s.member.username,
    ip: req.ip,
    tokenHash: s.tokenHash,
    userAgent: req.headers['user-agent'],
  };
}

/** The signed-in member changing a secret of their own account. */
export const selfOf = (req: FastifyRequest) => actingIn(req, memberSession(req));
