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
export const memberOnly = async (req: FastifyRequest, _reply: FastifyReply) => {
  requireMember(req);
};

/** The signed-in member changing a secret of their own account; the asking session is the one kept. */
export function selfOf(req: FastifyRequest) {
  const s = requireMember(req);
  return {
    memberId: s.member.id,
    username: s.member.username,
    keepTokenHash: s.tokenHash,
    ip: req.ip,
    userAgent: req.headers['user-agent'],
  };
}
