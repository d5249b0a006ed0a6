import type { FastifyRequest } from 'fastify';
import {
  cryptoWithdrawalBodySchema,
  krwWithdrawalBodySchema,
  withdrawalViewSchema,
} from '../../shared/schemas/withdrawals';
import { originOf } from '../auth/auth-events';
import { verifyTotpFor } from '../auth/totp';
import type { App, Ctx } from '../context';
import type { Queryable } from '../db';
import { idempotentCreateRoute } from '../http/create-route';
import { verifyWithdrawalAuth } from '../withdrawal-rules/verify-auth';
import { createCryptoWithdrawal } from './create-crypto-withdrawal';
import { createKrwWithdrawal } from './create-krw-withdrawal';

/** A member's withdrawal requests (approve/reject: admin/decision-routes.ts). */
export async function withdrawalRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx;
  const rulesDeps = { rules: config.withdrawalRules, priceStaleSeconds: config.prices.staleSeconds };
  // The second password (the PIN pad), then a fresh one-time code when the member is enrolled, used up
  // with the request (decision 0150).
  const otpFirst = async (
    req: FastifyRequest,
    memberId: string,
    body: { otpCode?: string; second_password?: string | undefined },
  ) => {
    await verifyWithdrawalAuth(db, memberId, { secondPassword: body.second_password }, originOf(req));
    const otp = await verifyTotpFor(ctx, memberId, body.otpCode, 'withdrawal');
    return (q: Queryable) => otp.consume(q);
  };

  idempotentCreateRoute(app, db, {
    url: '/withdrawals/crypto',
    operationId: 'createCryptoWithdrawal',
    summary:
      '암호화폐 출금 신청 (내부 전송 또는 외부 지갑, 2차 비밀번호 필요). 수수료와 수령액은 서버가 계산, 신청 금액 전체를 보류',
    tags: ['withdrawals'],
    body: cryptoWithdrawalBodySchema,
    view: withdrawalViewSchema,
    prepare: otpFirst,
    create: (q, memberId, body) => createCryptoWithdrawal(q, memberId, body, rulesDeps),
  });

  idempotentCreateRoute(app, db, {
    url: '/withdrawals/krw',
    operationId: 'createKrwWithdrawal',
    summary: '원화 출금 신청 (본인 명의 인증 계좌로만, 2차 비밀번호 필요, 최소 10,000원, 수수료 0원)',
    tags: ['withdrawals'],
    body: krwWithdrawalBodySchema,
    view: withdrawalViewSchema,
    prepare: otpFirst,
    create: (q, memberId, body) => createKrwWithdrawal(q, memberId, body, rulesDeps),
  });
}
