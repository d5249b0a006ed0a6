import { balancesSchema } from '../../shared/schemas/balances';
import type { App, Ctx } from '../context';
import { envelope, errorEnvelope, ok } from '../http/envelope';
import { requireMember } from '../http/guards';
import { readBalances } from './read-balances';

export async function walletRoutes(app: App, ctx: Ctx) {
  const { db } = ctx;

  app.get(
    '/balances',
    {
      schema: {
        operationId: 'getBalances',
        summary: '내 자산: 통화별 총 보유, 잠금, 출금 대기, 사용 가능 금액과 잠금 내역',
        tags: ['wallet'],
        security: [{ session: [] }],
        response: { 200: envelope(balancesSchema), 401: errorEnvelope },
      },
    },
    async (req) => {
      const { member } = requireMember(req);
      return ok(await readBalances(db, member.id));
    },
  );
}
