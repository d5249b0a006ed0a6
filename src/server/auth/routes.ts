import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages';
import {
  checkUsernameQuerySchema,
  loginBodySchema,
  secondFactorBodySchema,
  signupBodySchema,
} from '../../shared/schemas/auth';
import type { App, Ctx } from '../context';
import { envelope, errorEnvelope, ok } from '../http/envelope';
import { AppError } from '../http/errors';
import { z } from '../http/zod';
import { originOf, recordAuthEvent } from './auth-events';
import { checkPassword, checkSecondPassword } from './login';
import { hit } from './rate-limit';
import { createSession, deleteSession, SESSION_COOKIE, type SessionStage } from './sessions';
import { isUsernameAvailable, signup } from './signup';
import { verifyTotpFor } from './totp';

const memberView = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  full_name: z.string(),
  is_admin: z.boolean(),
  has_second_password: z.boolean(),
  has_totp: z.boolean(),
});
const sessionView = z.object({ stage: z.enum(['password', 'full']), user: memberView });
const errors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  409: errorEnvelope,
  429: errorEnvelope,
};

export async function authRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx;

  const setCookie = (req: FastifyRequest, reply: FastifyReply, token: string, stage: SessionStage) =>
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.protocol === 'https',
      path: '/',
      maxAge: stage === 'password' ? 10 * 60 : config.sessionAbsoluteHours * 3600,
    });

  /** Per-address throttle of the unauthenticated endpoints. */
  const throttle = async (req: FastifyRequest, name: string) => {
    if (await hit(db, `${name}:addr:${req.ip}`, config.rateLimitPerAddress, 15)) {
      throw new AppError('RATE_LIMITED', MSG.common.tooManyRequests);
    }
  };

  /** Issues a fresh session (the old one, if any, is ended): tokens rotate at every privilege change. */
  const startSession = async (
    req: FastifyRequest,
    reply: FastifyReply,
    memberId: string,
    stage: SessionStage,
  ) => {
    if (req.session) await deleteSession(db, req.session.tokenHash);
    const token = await createSession(db, config, memberId, stage, {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    });
    setCookie(req, reply, token, stage);
  };

  const readMember = async (id: string) => {
    const rows = await db.query<z.infer<typeof memberView>>(
      `SELECT id, username, email, full_name, is_admin, second_password_hash IS NOT NULL AS has_second_password,
              EXISTS (SELECT 1 FROM member_totp t WHERE t.member_id = members.id AND t.confirmed_at IS NOT NULL) AS has_totp
         FROM members WHERE id = $1`,
      [id],
    );
    if (!rows[0]) throw new AppError('UNAUTHENTICATED', MSG.secondFactor.userNotFound);
    return rows[0];
  };

  app.post(
    '/signup',
    {
      schema: {
        operationId: 'signup',
        summary: '회원가입',
        tags: ['auth'],
        body: signupBodySchema,
        response: {
          201: envelope(
            z.object({ user: z.object({ id: z.string(), username: z.string(), email: z.string() }) }),
          ),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      await throttle(req, 'signup');
      const user = await signup(db, req.body);
      return reply.status(201).send(ok({ user }));
    },
  );

  app.post(
    '/login',
    {
      schema: {
        operationId: 'login',
        summary: '로그인 (아이디 또는 이메일과 비밀번호). 2차 비밀번호 확인 전 단계의 세션을 엽니다.',
        tags: ['auth'],
        body: loginBodySchema,
        response: { 200: envelope(sessionView), ...errors },
      },
    },
    async (req, reply) => {
      const { id } = await checkPassword(
        db,
        req.body.email,
        req.body.password,
        { ...originOf(req), ip: req.ip },
        config.rateLimitPerAddress,
      );
      await startSession(req, reply, id, 'password');
      return ok({ stage: 'password' as const, user: await readMember(id) });
    },
  );

  app.post(
    '/auth/second-factor',
    {
      schema: {
        operationId: 'verifySecondPassword',
        summary: '2차 비밀번호 확인. 성공하면 세션이 완전한 로그인 상태가 됩니다.',
        tags: ['auth'],
        body: secondFactorBodySchema,
        response: { 200: envelope(sessionView), ...errors },
      },
    },
    async (req, reply) => {
      const s = req.session;
      if (!s) throw new AppError('UNAUTHENTICATED', MSG.secondFactor.userNotFound);
      await checkSecondPassword(db, s.member.id, req.body.second_password, originOf(req));
      // Once enrolled, the second step also asks for the one-time code (decision 0150).
      const otp = await verifyTotpFor(ctx, s.member.id, req.body.otpCode, 'login', originOf(req));
      await otp.consume(db);
      await startSession(req, reply, s.member.id, 'full');
      return ok({ stage: 'full' as const, user: await readMember(s.member.id) });
    },
  );

  app.get(
    '/auth/check-username',
    {
      schema: {
        operationId: 'checkUsername',
        summary: '아이디 중복 확인',
        tags: ['auth'],
        querystring: checkUsernameQuerySchema,
        response: { 200: envelope(z.object({ username: z.string(), available: z.boolean() })), ...errors },
      },
    },
    async (req) => {
      await throttle(req, 'check-username');
      const username = req.query.username;
      return ok({ username, available: await isUsernameAvailable(db, username) });
    },
  );

  app.get(
    '/session',
    {
      schema: {
        operationId: 'getSession',
        summary: '현재 세션',
        tags: ['auth'],
        response: { 200: envelope(sessionView), ...errors },
      },
    },
    async (req) => {
      const s = req.session;
      if (!s) throw new AppError('UNAUTHENTICATED', MSG.common.loginRequired);
      return ok({ stage: s.stage, user: s.member });
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        operationId: 'logout',
        summary: '로그아웃',
        tags: ['auth'],
        body: z.strictObject({}).nullish(),
        response: { 200: envelope(z.object({ loggedOut: z.boolean() })), ...errors },
      },
    },
    async (req, reply) => {
      if (req.session) {
        await deleteSession(db, req.session.tokenHash);
        await recordAuthEvent(db, {
          ...originOf(req),
          kind: 'logout',
          success: true,
          memberId: req.session.member.id,
        });
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return ok({ loggedOut: true });
    },
  );
}
