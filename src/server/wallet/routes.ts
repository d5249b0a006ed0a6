import { balancesSchema } from '../../shared/schemas/balances';
import type { App, Ctx } from '../context';
import { declareRoutes, SESSION_SECURITY } from '../http/declare-routes';
import { errorsOnly } from '../http/envelope';
import { requireMember } from '../http/guards';
import { readBalances } from './read-balances';

export async function walletRoutes(app: App, ctx: Ctx) {
  const { db } = ctx;

  const api = declareRoutes(app, { tags: ['wallet'], errors: errorsOnly(401), security: SESSION_SECURITY });

  api.get('/balances', {
    operationId: 'getBalances',
    summary: '내 자산: 통화별 총 보유, 잠금, 출금 대기, 사용 가능 금액과 잠금 내역',
    view: balancesSchema,
    run: (req) => readBalances(db, requireMember(req).member.id),
  });
}
