import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../context';
import { createSession, deleteSession, SESSION_COOKIE, type SessionStage } from './sessions';

/**
 * Issues a fresh session (the old one, if any, is ended) and sets its cookie: tokens rotate at every
 * privilege change (login, second step). A password-only session lives 10 minutes.
 */
export async function startSession(
  { db, config }: Ctx,
  req: FastifyRequest,
  reply: FastifyReply,
  memberId: string,
  stage: SessionStage,
) {
  if (req.session) await deleteSession(db, req.session.tokenHash);
  const token = await createSession(db, config, memberId, stage, {
    ip: req.ip,
    userAgent: req.headers['user-agent'],
  });
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    path: '/',
    maxAge: stage === 'password' ? 10 * 60 : config.sessionAbsoluteHours * 3600,
  });
}
