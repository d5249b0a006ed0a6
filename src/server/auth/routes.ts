import { MSG } from '../../shared/messages';
import {
  checkUsernameQuerySchema,
  loginBodySchema,
  secondFactorBodySchema,
  signupBodySchema,
} from '../../shared/schemas/auth';
import { sessionView, usernameCheckView } from '../../shared/schemas/session';
import type { App, Ctx } from '../context';
import { envelope, errorResponses, ok } from '../http/envelope';
import { AppError } from '../http/errors';
import { throttle } from '../http/throttle';
import { z } from '../http/zod';
import { originOf, recordAuthEvent } from './auth-events';
import { checkPassword, checkSecondPassword } from './login';
import { startSession } from './session-cookie';
import { readSessionMember } from './session-view';
import { deleteSession, SESSION_COOKIE } from './sessions';
import { isUsernameAvailable, signup } from './signup';
import { verifyTotpFor } from './totp';

const errors = errorResponses(429);

export async function authRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx;

  /** Per-address throttle of the unauthenticated endpoints (a route option). */
  const perAddress = (name: string) =>
    throttle(db, {
      key: (req) => `${name}:addr:${req.ip}`,
      limit: config.rateLimitPerAddress,
      minutes: 15,
      message: MSG.common.tooManyRequests,
    });

  app.post(
    '/signup',
    {
      preHandler: perAddress('signup'),
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
      await startSession(ctx, req, reply, id, 'password');
      return ok({ stage: 'password' as const, user: await readSessionMember(db, id) });
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
      await startSession(ctx, req, reply, s.member.id, 'full');
      return ok({ stage: 'full' as const, user: await readSessionMember(db, s.member.id) });
    },
  );

  app.get(
    '/auth/check-username',
    {
      preHandler: perAddress('check-username'),
      schema: {
        operationId: 'checkUsername',
        summary: '아이디 중복 확인',
        tags: ['auth'],
        querystring: checkUsernameQuerySchema,
        response: { 200: envelope(usernameCheckView), ...errors },
      },
    },
    async (req) => {
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
