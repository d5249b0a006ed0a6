import type { FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages';
import {
  cryptoWithdrawalBodySchema,
  krwWithdrawalBodySchema,
  withdrawalCheckViewSchema,
  withdrawalViewSchema,
} from '../../shared/schemas/withdrawals';
import { originOf } from '../auth/auth-events';
import { secondPasswordAttempts } from '../auth/login';
import { verifyTotpFor } from '../auth/totp';
import type { App, Ctx } from '../context';
import type { Db, Queryable } from '../db';
import { idempotentCreateRoute } from '../http/create-route';
import { declareRoutes, type Zod } from '../http/declare-routes';
import { errorResponses } from '../http/envelope';
import { memberOnly, memberSession } from '../http/guards';
import { throttle } from '../http/throttle';
import type { z } from '../http/zod';
import { verifyWithdrawalAuth } from '../withdrawal-rules/verify-auth';
import { createCryptoWithdrawal } from './create-crypto-withdrawal';
import { createKrwWithdrawal } from './create-krw-withdrawal';

/** Thrown to end a dry run's transaction: nothing it wrote stays. */
const DRY_RUN = Symbol('dry run');

/**
 * Whether `create` would be taken now: it runs in a transaction that is then rolled back, so the check is
 * the request's own code (balance, address book, holds, travel rule, limits), never a second copy of it.
 */
async function wouldBeTaken(db: Db, memberId: string, create: (q: Queryable) => Promise<unknown>) {
  try {
    await db.tx(async (q) => {
      await create(q);
      throw DRY_RUN;
    });
  } catch (err) {
    if (err !== DRY_RUN) throw err;
  }
  return { ok: true as const, second_password: await secondPasswordAttempts(db, memberId) };
}

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

  // The same request without the second password, before the confirmation sheet and the PIN pad: every
  // rule the request would meet is met here, at its field, while the member can still change the value.
  const check = declareRoutes(app, {
    tags: ['withdrawals'],
    errors: errorResponses(404, 429),
    preHandler: [
      memberOnly,
      throttle(db, {
        key: (req) => `withdrawal-check:member:${memberSession(req).member.id}`,
        limit: 120,
        minutes: 10,
        message: MSG.common.tooManyRequests,
      }),
    ],
  });
  /** `/withdrawals/{kind}/check`: the request of `create` as a dry run, for the member signed in. */
  const dryRunRoute = <B extends Zod>(
    kind: 'crypto' | 'krw',
    what: string,
    body: B,
    create: (q: Queryable, memberId: string, body: z.output<B>) => Promise<unknown>,
  ) =>
    check.post(`/withdrawals/${kind}/check`, {
      operationId: kind === 'crypto' ? 'checkCryptoWithdrawal' : 'checkKrwWithdrawal',
      summary: `${what} 출금 신청 미리 확인 (저장하지 않음): 신청 시 서버가 적용하는 규칙을 모두 확인`,
      body,
      view: withdrawalCheckViewSchema,
      run: (req) => {
        const memberId = memberSession(req).member.id;
        return wouldBeTaken(db, memberId, (q) => create(q, memberId, req.body as z.output<B>));
      },
    });
  dryRunRoute('crypto', '암호화폐', cryptoWithdrawalBodySchema, (q, id, body) =>
    createCryptoWithdrawal(q, id, body, rulesDeps),
  );
  dryRunRoute('krw', '원화', krwWithdrawalBodySchema, (q, id, body) =>
    createKrwWithdrawal(q, id, body, rulesDeps),
  );

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
