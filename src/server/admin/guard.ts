import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages';
import type { Config } from '../config';
import { AppError } from '../http/errors';
import { requireMember, type Session } from '../http/guards';

/**
 * The one administrator guard: the `onRequest` hook of the /api/admin scope, so it runs
 * before the body is read, for every administrator route and for an unknown path under /api/admin alike.
 * A signed-in member who passed the second step, `is_admin` (read from the database on every request),
 * and with ADMIN_TOTP_REQUIRED a one-time code enrolled (enrolment itself is /api/totp).
 */
export function adminGuard(config: Config) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const s = requireMember(req);
    if (!s.member.is_admin) throw new AppError('FORBIDDEN', MSG.common.adminOnly);
    if (config.totp.adminRequired && !s.member.has_totp) {
      throw new AppError('TOTP_ENROLMENT_REQUIRED', MSG.otp.adminMustEnrol);
    }
  };
}

/** The administrator's session in a handler of the /api/admin scope: the guard has already checked it. */
export function adminSession(req: FastifyRequest): Session {
  if (!req.session) throw new Error('an administrator route outside the guarded /api/admin scope');
  return req.session;
}
