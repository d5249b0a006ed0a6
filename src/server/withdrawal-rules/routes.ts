import {
  registerAddressBodySchema,
  withdrawalAddressListView,
  withdrawalAddressViewSchema,
  withdrawalRulesViewSchema,
} from '../../shared/schemas/withdrawal-rules';
import { originOf } from '../auth/auth-events';
import type { App, Ctx } from '../context';
import { envelope, errorResponses, ok } from '../http/envelope';
import { memberOnly, requireMember } from '../http/guards';
import { z } from '../http/zod';
import { deleteAddress, listAddresses, registerAddress } from './address-book';
import { readRules } from './rules';
import { verifyWithdrawalAuth } from './verify-auth';

const errors = errorResponses(404, 429);
const idParams = z.strictObject({ id: z.string().max(100) });

/** The withdrawal rules (issue 15 items 2-5): address book, rules view (a member's own limits: admin/). */
export async function withdrawalRuleRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx;
  const deps = { rules: config.withdrawalRules, priceStaleSeconds: config.prices.staleSeconds };

  app.get(
    '/withdrawal-addresses',
    {
      preHandler: memberOnly,
      schema: {
        operationId: 'listWithdrawalAddresses',
        summary: '내 출금 주소록 (삭제하지 않은 주소, 사용 가능 시각 포함)',
        tags: ['withdrawals'],
        response: { 200: envelope(withdrawalAddressListView), ...errors },
      },
    },
    async (req) => ok({ items: await listAddresses(db, requireMember(req).member.id) }),
  );

  app.post(
    '/withdrawal-addresses',
    {
      preHandler: memberOnly,
      schema: {
        operationId: 'registerWithdrawalAddress',
        summary: `출금 주소 등록 (2차 비밀번호 필요, 등록 후 WITHDRAWAL_ADDRESS_DELAY_HOURS 뒤 사용 가능)`,
        tags: ['withdrawals'],
        body: registerAddressBodySchema,
        response: { 201: envelope(withdrawalAddressViewSchema), ...errors },
      },
    },
    async (req, reply) => {
      const s = requireMember(req);
      await verifyWithdrawalAuth(
        db,
        s.member.id,
        { secondPassword: req.body.second_password },
        originOf(req),
      );
      const row = await db.tx((q) =>
        registerAddress(
          q,
          { memberId: s.member.id, username: s.member.username, ip: req.ip },
          req.body,
          config.withdrawalRules.addressDelayHours,
        ),
      );
      return reply.status(201).send(ok(row));
    },
  );

  app.delete(
    '/withdrawal-addresses/:id',
    {
      preHandler: memberOnly,
      schema: {
        operationId: 'deleteWithdrawalAddress',
        summary: '출금 주소 삭제 (즉시, 기록은 남김)',
        tags: ['withdrawals'],
        params: idParams,
        response: { 200: envelope(withdrawalAddressViewSchema), ...errors },
      },
    },
    async (req) => {
      const s = requireMember(req);
      return ok(
        await db.tx((q) =>
          deleteAddress(q, { memberId: s.member.id, username: s.member.username, ip: req.ip }, req.params.id),
        ),
      );
    },
  );

  app.get(
    '/withdrawals/rules',
    {
      preHandler: memberOnly,
      schema: {
        operationId: 'getWithdrawalRules',
        summary: '출금 규칙: 원화 입금 후 지연, 1일 한도와 남은 한도, 트래블룰 기준',
        tags: ['withdrawals'],
        response: { 200: envelope(withdrawalRulesViewSchema), ...errors },
      },
    },
    async (req) => ok(await readRules(db, requireMember(req).member.id, deps)),
  );
}
