import {
  totpConfirmBodySchema,
  totpDisableBodySchema,
  totpRecoveryCodesSchema,
  totpSetupSchema,
  totpStatusSchema,
} from '../../shared/schemas/otp';
import type { App, Ctx } from '../context';
import { envelope, errorResponses, ok } from '../http/envelope';
import { memberOnly, requireMember } from '../http/guards';
import { z } from '../http/zod';
import { originOf } from './auth-events';
import { checkSecondPassword } from './login';
import { confirmEnrolment, disableTotp, startEnrolment, totpStatus } from './totp';

const errors = errorResponses(429, 503);

/**
 * One-time codes of the session's own member (issue 15 item 1, decision 0150): members from my page,
 * administrators from the admin page. Outside /api/admin, so an administrator who has not enrolled yet
 * (ADMIN_TOTP_REQUIRED) can reach them. No route takes a member id: nobody touches another's enrolment.
 */
export async function totpRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx;

  app.get(
    '/totp',
    {
      preHandler: memberOnly,
      schema: {
        operationId: 'getTotpStatus',
        summary: 'OTP 등록 상태 (등록 여부, 관리자 필수 여부, 남은 복구 코드 수)',
        tags: ['auth'],
        response: { 200: envelope(totpStatusSchema), ...errors },
      },
    },
    async (req) => {
      const s = requireMember(req);
      const status = await totpStatus(db, s.member.id);
      return ok({ ...status, required: s.member.is_admin && config.totp.adminRequired });
    },
  );

  app.post(
    '/totp/setup',
    {
      preHandler: memberOnly,
      schema: {
        operationId: 'startTotpEnrolment',
        summary: 'OTP 등록 시작: 새 비밀키와 otpauth:// 주소 (등록 완료 전이면 새 비밀키로 교체)',
        tags: ['auth'],
        body: z.strictObject({}).nullish(),
        response: { 200: envelope(totpSetupSchema), ...errors },
      },
    },
    async (req) => {
      const s = requireMember(req);
      return ok(await startEnrolment(ctx, s.member));
    },
  );

  app.post(
    '/totp/confirm',
    {
      preHandler: memberOnly,
      schema: {
        operationId: 'confirmTotpEnrolment',
        summary: 'OTP 등록 완료: 인증 앱의 첫 코드 확인, 복구 코드 10개를 한 번만 돌려줌',
        tags: ['auth'],
        body: totpConfirmBodySchema,
        response: { 200: envelope(totpRecoveryCodesSchema), ...errors },
      },
    },
    async (req) => {
      const s = requireMember(req);
      return ok(await confirmEnrolment(ctx, s.member.id, req.body.otpCode));
    },
  );

  app.post(
    '/totp/disable',
    {
      preHandler: memberOnly,
      schema: {
        operationId: 'disableTotp',
        summary: 'OTP 해제: 현재 코드(또는 복구 코드)와 2차 비밀번호',
        tags: ['auth'],
        body: totpDisableBodySchema,
        response: { 200: envelope(z.object({ enrolled: z.boolean() })), ...errors },
      },
    },
    async (req) => {
      const s = requireMember(req);
      await checkSecondPassword(db, s.member.id, req.body.second_password, originOf(req));
      await disableTotp(ctx, s.member.id, req.body.otpCode);
      return ok({ enrolled: false });
    },
  );
}
