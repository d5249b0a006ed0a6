import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages';
import type { Session } from '../auth/sessions';
import { AppError } from './errors';

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

/** The preHandler form, for route options (administrators: the admin scope's guard, admin/guard.ts). */
// A callback hook, not an async one: no promise per request (decision 0201).
export const memberOnly = (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
  try {
    requireMember(req);
  } catch (err) {
    return done(err as Error);
  }
  done();
};

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
export const selfOf = (req: FastifyRequest) => actingIn(req, requireMember(req));
