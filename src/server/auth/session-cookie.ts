import { parse, serialize } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../context';
import { createSession, deleteSession, SESSION_COOKIE, type SessionStage } from './sessions';

/**
 * The session cookie, read and written with the `cookie` library directly (decision 0211): the one cookie
 * the app uses, so no plugin hooks run on every request. Unsigned: its value is a random token whose hash
 * is looked up (sessions.ts).
 */
export function sessionToken(req: FastifyRequest): string | undefined {
  const header = req.headers.cookie;
  return header ? parse(header)[SESSION_COOKIE] : undefined;
}

/** Ends the browser's session cookie (logout). */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.header(
    'set-cookie',
    serialize(SESSION_COOKIE, '', { path: '/', sameSite: 'lax', expires: new Date(0), maxAge: 0 }),
  );
}

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
  reply.header(
    'set-cookie',
    serialize(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.protocol === 'https',
      path: '/',
      maxAge: stage === 'password' ? 10 * 60 : config.sessionAbsoluteHours * 3600,
    }),
  );
}
