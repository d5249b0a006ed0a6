import type { FastifyRequest } from 'fastify';
import { PROFILE_LIMITS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { signInActivityView } from '../../shared/schemas/auth-events';
import { wonAccountsViewSchema } from '../../shared/schemas/deposits';
import {
  changePasswordBodySchema,
  confirmEmailChangeBodySchema,
  profileViewSchema,
  requestEmailChangeBodySchema,
  SECOND_PASSWORD_MODES,
  setSecondPasswordBodySchema,
  updateContactBodySchema,
} from '../../shared/schemas/profile';
import { originOf as eventOrigin } from '../auth/auth-events';
import type { App, Ctx } from '../context';
import { declareRoutes, SESSION_SECURITY } from '../http/declare-routes';
import { errorResponses, errorsOnly } from '../http/envelope';
import { isAppError } from '../http/errors';
import { memberOnly, memberSession, selfOf } from '../http/guards';
import { limitFailures, perAddressLimit, throttle } from '../http/throttle';
import { z } from '../http/zod';
import { createMailer } from '../mail/mailer';
import { changePassword } from './change-password';
import { confirmEmailChange } from './confirm-email-change';
import { readProfile } from './read-profile';
import { requestEmailChange } from './request-email-change';
import { setSecondPassword } from './set-second-password';
import { readSignInActivity } from './sign-in-activity';
import { updateContact } from './update-contact';
import { readWonAccounts } from './won-accounts';

/** My page: the member's own profile, contact, email (confirmed by a mailed link), passwords. */
export async function profileRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx;
  const mailer = createMailer(config, app.log);
  app.addHook('onClose', async () => mailer.close());

  const memberKey = (name: string) => (req: FastifyRequest) =>
    `${name}:member:${memberSession(req).member.id}`;
  // Rate limits (route options): contact changes and email-change requests per member; unknown email-change
  // tokens per address, counted like failed logins.
  const contactLimit = throttle(db, {
    key: memberKey('contact'),
    limit: PROFILE_LIMITS.contactUpdatesPerWindow,
    minutes: 15,
    message: MSG.profile.contactRequestLimit,
  });
  const emailRequestLimit = throttle(db, {
    key: memberKey('email-change'),
    limit: PROFILE_LIMITS.emailRequestsPerHour,
    minutes: 60,
    message: MSG.profile.emailRequestLimit,
  });
  const unknownTokenLimit = limitFailures(
    db,
    perAddressLimit('email-confirm', config.rateLimitPerAddress),
    (err) => isAppError(err) && err.code === 'NOT_FOUND',
  );

  /** Where links in mails point: PUBLIC_URL, else the address this request came to. */
  const originOf = (req: FastifyRequest) => config.publicUrl ?? `${req.protocol}://${req.host}`;

  const shared = { tags: ['profile'], errors: errorResponses(404, 429) };
  /** The signed-in member's own routes; the emailed confirmation link's route is open to anyone. */
  const member = declareRoutes(app, { ...shared, security: SESSION_SECURITY, preHandler: memberOnly });
  const anyone = declareRoutes(app, shared);

  member.get('/profile', {
    operationId: 'getProfile',
    summary: '내 프로필 (마이페이지): 회원 정보, 대기 중인 이메일 변경, 보안 등급, 출금 계좌 상태',
    view: profileViewSchema,
    run: (req) => readProfile(db, config, memberSession(req).member.id),
  });

  member.get('/won-accounts', {
    operationId: 'getWonAccounts',
    summary:
      '원화 입출금 계좌: 회사 입금 계좌(관리자 설정)와 본인 명의 인증 계좌 (원화는 이 계좌로만 입금·출금)',
    view: wonAccountsViewSchema,
    run: (req) => readWonAccounts(db, memberSession(req).member.id, config.bankFormUrl),
  });

  member.get('/profile/sign-in-activity', {
    operationId: 'getSignInActivity',
    summary: '최근 로그인 활동: 본인 계정의 최근 20건 (일시, IP 주소, 기기, 결과)',
    querystring: z.strictObject({}),
    view: signInActivityView,
    run: (req) => readSignInActivity(db, memberSession(req).member.id),
  });

  member.patch('/profile/contact', {
    preHandler: [memberOnly, contactLimit],
    operationId: 'updateContact',
    summary: '연락처(휴대폰 번호) 변경',
    body: updateContactBodySchema,
    view: z.object({ contact: z.string() }),
    run: async (req) => ({
      contact: await updateContact(db, memberSession(req).member.id, req.body.contact),
    }),
  });

  member.post('/profile/email', {
    preHandler: [memberOnly, emailRequestLimit],
    operationId: 'requestEmailChange',
    summary:
      '이메일 변경 요청: 새 주소로 확인 링크(1회용, 24시간 유효)를 보냅니다. 링크를 열어야 변경됩니다.',
    body: requestEmailChangeBodySchema,
    status: 202,
    view: z.object({ pending_email: z.object({ email: z.string(), expires_at: z.string() }) }),
    errors: errorsOnly(503),
    run: async (req) => {
      const pending = await requestEmailChange(db, memberSession(req).member.id, req.body.email, {
        origin: originOf(req),
        mailer,
        event: eventOrigin(req),
      });
      return { pending_email: pending };
    },
  });

  anyone.post('/profile/email/confirm', {
    ...unknownTokenLimit,
    operationId: 'confirmEmailChange',
    summary: '이메일 변경 확인 (메일의 링크). 로그인하지 않아도 됩니다: 링크의 토큰이 권한입니다.',
    body: confirmEmailChangeBodySchema,
    view: z.object({ email: z.string() }),
    run: (req) => confirmEmailChange(db, req.body.token, eventOrigin(req)),
  });

  member.post('/profile/password', {
    operationId: 'changePassword',
    summary: '로그인 비밀번호 변경: 현재 비밀번호 확인, 다른 기기의 세션은 모두 종료됩니다.',
    body: changePasswordBodySchema,
    view: z.object({ changed: z.literal(true), ended_sessions: z.number() }),
    run: async (req) => {
      const { body } = req;
      const { endedSessions } = await changePassword(
        db,
        selfOf(req),
        body.current_password,
        body.new_password,
      );
      return { changed: true as const, ended_sessions: endedSessions };
    },
  });

  member.post('/profile/second-password', {
    operationId: 'setSecondPassword',
    summary: '2차 비밀번호 설정(없을 때) 또는 변경(있을 때, 현재 2차 비밀번호 확인). 숫자 4~12자리.',
    body: setSecondPasswordBodySchema,
    view: z.object({ mode: z.enum(SECOND_PASSWORD_MODES), ended_sessions: z.number() }),
    run: (req) => {
      const { mode, current_second_password: current, second_password: next } = req.body;
      return setSecondPassword(db, selfOf(req), { mode, current, next });
    },
  });
}
