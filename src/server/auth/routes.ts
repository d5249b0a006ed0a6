import { MSG } from '../../shared/messages';
import {
  checkUsernameQuerySchema,
  loginBodySchema,
  secondFactorBodySchema,
  signupBodySchema,
} from '../../shared/schemas/auth';
import { sessionView, usernameCheckView } from '../../shared/schemas/session';
import type { App, Ctx } from '../context';
import { declareRoutes } from '../http/declare-routes';
import { errorResponses } from '../http/envelope';
import { AppError } from '../http/errors';
import { perAddressLimit, throttle } from '../http/throttle';
import { z } from '../http/zod';
import { originOf, recordAuthEvent } from './auth-events';
import { checkPassword, checkSecondPassword } from './login';
import { clearSessionCookie, startSession } from './session-cookie';
import { readSessionMember } from './session-view';
import { deleteSession } from './sessions';
import { isUsernameAvailable, signup } from './signup';
import { verifyTotpFor } from './totp';

export async function authRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx;
  const api = declareRoutes(app, { tags: ['auth'], errors: errorResponses(429) });
  /** Per-address throttle of the unauthenticated endpoints (a route option). */
  const perAddress = (name: string) => throttle(db, perAddressLimit(name, config.rateLimitPerAddress));

  api.post('/signup', {
    preHandler: perAddress('signup'),
    operationId: 'signup',
    summary:
      '회원가입. 아이디, 비밀번호와 2차 비밀번호를 방금 정했으므로 로그인된 세션(두 단계 모두 통과)을 엽니다.',
    body: signupBodySchema,
    status: 201,
    view: z.object({
      user: z.object({ id: z.string(), username: z.string(), email: z.string() }),
      session: sessionView,
    }),
    run: async (req, reply) => {
      const user = await signup(db, req.body);
      // The member has just set both secrets: asking for them again at once proves nothing more.
      await startSession(ctx, req, reply, user.id, 'full');
      // The session opened here is a sign-in like any other: one row of the sign-in log.
      await recordAuthEvent(db, {
        ...originOf(req),
        kind: 'login',
        success: true,
        memberId: user.id,
        identifier: user.username,
      });
      return { user, session: { stage: 'full' as const, user: await readSessionMember(db, user.id) } };
    },
  });

  api.post('/login', {
    operationId: 'login',
    summary: '로그인 (아이디 또는 이메일과 비밀번호). 2차 비밀번호 확인 전 단계의 세션을 엽니다.',
    body: loginBodySchema,
    view: sessionView,
    run: async (req, reply) => {
      const { id } = await checkPassword(
        db,
        req.body.email,
        req.body.password,
        { ...originOf(req), ip: req.ip },
        config.rateLimitPerAddress,
      );
      await startSession(ctx, req, reply, id, 'password');
      return { stage: 'password' as const, user: await readSessionMember(db, id) };
    },
  });

  api.post('/auth/second-factor', {
    operationId: 'verifySecondPassword',
    summary: '2차 비밀번호 확인. 성공하면 세션이 완전한 로그인 상태가 됩니다.',
    body: secondFactorBodySchema,
    view: sessionView,
    run: async (req, reply) => {
      const s = req.session;
      if (!s) throw new AppError('UNAUTHENTICATED', MSG.secondFactor.userNotFound);
      await checkSecondPassword(db, s.member.id, req.body.second_password, originOf(req));
      // Once enrolled, the second step also asks for the one-time code (decision 0150).
      const otp = await verifyTotpFor(ctx, s.member.id, req.body.otpCode, 'login', originOf(req));
      await otp.consume(db);
      await startSession(ctx, req, reply, s.member.id, 'full');
      return { stage: 'full' as const, user: await readSessionMember(db, s.member.id) };
    },
  });

  api.get('/auth/check-username', {
    preHandler: perAddress('check-username'),
    operationId: 'checkUsername',
    summary: '아이디 중복 확인',
    querystring: checkUsernameQuerySchema,
    view: usernameCheckView,
    run: async (req) => {
      const username = req.query.username;
      return { username, available: await isUsernameAvailable(db, username) };
    },
  });

  api.get('/session', {
    operationId: 'getSession',
    summary: '현재 세션',
    view: sessionView,
    run: async (req) => {
      const s = req.session;
      if (!s) throw new AppError('UNAUTHENTICATED', MSG.common.loginRequired);
      return { stage: s.stage, user: s.member };
    },
  });

  api.post('/logout', {
    operationId: 'logout',
    summary: '로그아웃',
    body: z.strictObject({}).nullish(),
    view: z.object({ loggedOut: z.boolean() }),
    run: async (req, reply) => {
      if (req.session) {
        await deleteSession(db, req.session.tokenHash);
        await recordAuthEvent(db, {
          ...originOf(req),
          kind: 'logout',
          success: true,
          memberId: req.session.member.id,
        });
      }
      clearSessionCookie(reply);
      return { loggedOut: true };
    },
  });
}
