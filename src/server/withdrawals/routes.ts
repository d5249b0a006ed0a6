import { MSG } from '../../shared/messages';
import { proposedView } from '../../shared/schemas/proposals';
import {
  cryptoWithdrawalBodySchema,
  krwWithdrawalBodySchema,
  withdrawalViewSchema,
} from '../../shared/schemas/withdrawals';
import { actorOf } from '../admin/common';
import { verifyTotpFor } from '../auth/totp';
import type { App, Ctx } from '../context';
import { envelope, errorEnvelope, ok } from '../http/envelope';
import { adminOnly, memberOnly, requireAdmin, requireMember } from '../http/guards';
import { idempotencyHeadersSchema, idempotent } from '../http/idempotency';
import { z } from '../http/zod';
import { approveOrProposeWithdrawal } from '../proposals/proposals';
import { createCryptoWithdrawal } from './create-crypto-withdrawal';
import { createKrwWithdrawal } from './create-krw-withdrawal';
import { decideWithdrawal } from './decide-withdrawal';

const errors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
};
const idParams = z.strictObject({ id: z.string().max(64) });
const decisionBody = z
  .strictObject({ reason: z.string().trim().max(200, MSG.approval.reasonTooLong).optional() })
  .nullish();

export async function withdrawalRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx;
  const rulesDeps = { rules: config.withdrawalRules, priceStaleSeconds: config.prices.staleSeconds };

  app.post(
    '/withdrawals/crypto',
    {
      preHandler: memberOnly,
      schema: {
        operationId: 'createCryptoWithdrawal',
        summary:
          '암호화폐 출금 신청 (내부 전송 또는 외부 지갑). 수수료와 수령액은 서버가 계산, 신청 금액 전체를 보류',
        tags: ['withdrawals'],
        headers: idempotencyHeadersSchema,
        body: cryptoWithdrawalBodySchema,
        response: { 201: envelope(withdrawalViewSchema), ...errors },
      },
    },
    async (req, reply) => {
      const s = requireMember(req);
      // A fresh one-time code when the member is enrolled; used up with the request (decision 0150).
      const otp = await verifyTotpFor(ctx, s.member.id, req.body.otpCode, 'withdrawal');
      const r = await idempotent(
        db,
        {
          memberId: s.member.id,
          key: req.headers['idempotency-key'],
          operation: 'createCryptoWithdrawal',
          body: req.body,
        },
        async (q) => {
          await otp.consume(q);
          return createCryptoWithdrawal(q, s.member.id, req.body, rulesDeps);
        },
      );
      return reply.status(r.status).send(ok(r.data));
    },
  );

  app.post(
    '/withdrawals/krw',
    {
      preHandler: memberOnly,
      schema: {
        operationId: 'createKrwWithdrawal',
        summary: '원화 출금 신청 (은행 계좌, 최소 10,000원, 수수료 0원)',
        tags: ['withdrawals'],
        headers: idempotencyHeadersSchema,
        body: krwWithdrawalBodySchema,
        response: { 201: envelope(withdrawalViewSchema), ...errors },
      },
    },
    async (req, reply) => {
      const s = requireMember(req);
      // A fresh one-time code when the member is enrolled; used up with the request (decision 0150).
      const otp = await verifyTotpFor(ctx, s.member.id, req.body.otpCode, 'withdrawal');
      const r = await idempotent(
        db,
        {
          memberId: s.member.id,
          key: req.headers['idempotency-key'],
          operation: 'createKrwWithdrawal',
          body: req.body,
        },
        async (q) => {
          await otp.consume(q);
          return createKrwWithdrawal(q, s.member.id, req.body, rulesDeps);
        },
      );
      return reply.status(r.status).send(ok(r.data));
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/admin/withdrawals/:id/${decision}`,
      {
        preHandler: adminOnly,
        schema: {
          operationId: decision === 'approve' ? 'adminApproveWithdrawal' : 'adminRejectWithdrawal',
          summary:
            decision === 'approve'
              ? '출금 승인: 대기 중인 신청만, 잔액 차감(내부 전송은 받는 회원 입금)과 원장 기록을 한 트랜잭션에서'
              : '출금 거절: 대기 중인 신청만, 보류 해제 (잔액 변동 없음)',
          tags: ['admin'],
          params: idParams,
          body: decisionBody,
          response: { 200: envelope(withdrawalViewSchema), 202: envelope(proposedView), ...errors },
        },
      },
      async (req, reply) => {
        const s = requireAdmin(req);
        // Two-person approval (decision 0160): a payout worth FOUR_EYES_PAYOUT_KRW or more becomes a proposal.
        if (decision === 'approve') {
          const r = await approveOrProposeWithdrawal(db, config, actorOf(req), req.params.id);
          return r.applied ? ok(r.applied) : reply.status(202).send(ok(r.proposed!));
        }
        const view = await decideWithdrawal(
          db,
          { id: s.member.id, username: s.member.username, ip: req.ip },
          req.params.id,
          decision,
          req.body?.reason,
        );
        return ok(view);
      },
    );
  }
}
