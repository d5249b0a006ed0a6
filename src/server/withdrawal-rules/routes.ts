import {
  registerAddressBodySchema,
  withdrawalAddressListView,
  withdrawalAddressViewSchema,
  withdrawalRulesViewSchema,
} from '../../shared/schemas/withdrawal-rules';
import { originOf } from '../auth/auth-events';
import type { App, Ctx } from '../context';
import { declareRoutes } from '../http/declare-routes';
import { errorResponses } from '../http/envelope';
import { memberOnly, memberSession } from '../http/guards';
import { idParams } from '../http/params';
import { deleteAddress, listAddresses, registerAddress } from './address-book';
import { readRules } from './rules';
import { verifyWithdrawalAuth } from './verify-auth';

/** The withdrawal rules: address book, rules view (a member's own limits: admin/). */
export async function withdrawalRuleRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx;
  const deps = { rules: config.withdrawalRules, priceStaleSeconds: config.prices.staleSeconds };
  const api = declareRoutes(app, {
    tags: ['withdrawals'],
    errors: errorResponses(404, 429),
    preHandler: memberOnly,
  });

  api.get('/withdrawal-addresses', {
    operationId: 'listWithdrawalAddresses',
    summary: '내 출금 주소록 (삭제하지 않은 주소, 사용 가능 시각 포함)',
    view: withdrawalAddressListView,
    run: async (req) => ({ items: await listAddresses(db, memberSession(req).member.id) }),
  });

  api.post('/withdrawal-addresses', {
    operationId: 'registerWithdrawalAddress',
    summary: `출금 주소 등록 (2차 비밀번호 필요, 등록 후 WITHDRAWAL_ADDRESS_DELAY_HOURS 뒤 사용 가능)`,
    body: registerAddressBodySchema,
    status: 201,
    view: withdrawalAddressViewSchema,
    run: async (req) => {
      const s = memberSession(req);
      await verifyWithdrawalAuth(
        db,
        s.member.id,
        { secondPassword: req.body.second_password },
        originOf(req),
      );
      return db.tx((q) =>
        registerAddress(
          q,
          { memberId: s.member.id, username: s.member.username, ip: req.ip },
          req.body,
          config.withdrawalRules.addressDelayHours,
        ),
      );
    },
  });

  api.delete('/withdrawal-addresses/:id', {
    operationId: 'deleteWithdrawalAddress',
    summary: '출금 주소 삭제 (즉시, 기록은 남김)',
    params: idParams,
    view: withdrawalAddressViewSchema,
    run: (req) => {
      const s = memberSession(req);
      return db.tx((q) =>
        deleteAddress(q, { memberId: s.member.id, username: s.member.username, ip: req.ip }, req.params.id),
      );
    },
  });

  api.get('/withdrawals/rules', {
    operationId: 'getWithdrawalRules',
    summary: '출금 규칙: 원화 입금 후 지연, 1일 한도와 남은 한도, 트래블룰 기준',
    view: withdrawalRulesViewSchema,
    run: (req) => readRules(db, memberSession(req).member.id, deps),
  });
}
