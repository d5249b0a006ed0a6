import {
  totpConfirmBodySchema,
  totpDisableBodySchema,
  totpRecoveryCodesSchema,
  totpSetupSchema,
  totpStatusSchema,
} from '../../shared/schemas/otp';
import type { App, Ctx } from '../context';
import { declareRoutes } from '../http/declare-routes';
import { errorResponses } from '../http/envelope';
import { memberOnly, memberSession } from '../http/guards';
import { z } from '../http/zod';
import { originOf } from './auth-events';
import { checkSecondPassword } from './login';
import { confirmEnrolment, disableTotp, startEnrolment, totpStatus } from './totp';

/**
 * One-time codes of the session's own member (decision 0150): members from my page,
 * administrators from the admin page. Outside /api/admin, so an administrator who has not enrolled yet
 * (ADMIN_TOTP_REQUIRED) can reach them. No route takes a member id: nobody touches another's enrolment.
 */
export async function totpRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx;
  const api = declareRoutes(app, {
    tags: ['auth'],
    errors: errorResponses(429, 503),
    preHandler: memberOnly,
  });

  api.get('/totp', {
    operationId: 'getTotpStatus',
    summary: 'OTP 등록 상태 (등록 여부, 관리자 필수 여부, 남은 복구 코드 수)',
    view: totpStatusSchema,
    run: async (req) => {
      const { member } = memberSession(req);
      const status = await totpStatus(db, member.id);
      return { ...status, required: member.is_admin && config.totp.adminRequired };
    },
  });

  api.post('/totp/setup', {
    operationId: 'startTotpEnrolment',
    summary: 'OTP 등록 시작: 새 비밀키와 otpauth:// 주소 (등록 완료 전이면 새 비밀키로 교체)',
    body: z.strictObject({}).nullish(),
    view: totpSetupSchema,
    run: (req) => startEnrolment(ctx, memberSession(req).member),
  });

  api.post('/totp/confirm', {
    operationId: 'confirmTotpEnrolment',
    summary: 'OTP 등록 완료: 2차 비밀번호와 인증 앱의 첫 코드 확인, 복구 코드 10개를 한 번만 돌려줌',
    body: totpConfirmBodySchema,
    view: totpRecoveryCodesSchema,
    run: async (req) => {
      const { member } = memberSession(req);
      await checkSecondPassword(db, member.id, req.body.second_password, originOf(req));
      return confirmEnrolment(ctx, member.id, req.body.otpCode);
    },
  });

  api.post('/totp/disable', {
    operationId: 'disableTotp',
    summary: 'OTP 해제: 현재 코드(또는 복구 코드)와 2차 비밀번호',
    body: totpDisableBodySchema,
    view: z.object({ enrolled: z.boolean() }),
    run: async (req) => {
      const s = memberSession(req);
      await checkSecondPassword(db, s.member.id, req.body.second_password, originOf(req));
      await disableTotp(ctx, s.member.id, req.body.otpCode);
      return { enrolled: false };
    },
  });
}
