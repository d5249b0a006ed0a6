import { HISTORY_LIMIT } from '../../shared/constants';
import { historyQuerySchema, historyViewSchema } from '../../shared/schemas/history';
import type { App, Ctx } from '../context';
import { declareRoutes } from '../http/declare-routes';
import { errorsOnly } from '../http/envelope';
import { memberOnly, memberSession } from '../http/guards';
import { listHistory } from './list-history';

export async function historyRoutes(app: App, ctx: Ctx) {
  const { db, config } = ctx;

  const api = declareRoutes(app, {
    tags: ['history'],
    errors: errorsOnly(400, 401, 403),
    preHandler: memberOnly,
  });

  api.get('/history', {
    operationId: 'listHistory',
    summary: '거래 내역 (입금·출금·받은 내부 전송·관리자 조정, 최신순 100건)',
    querystring: historyQuerySchema,
    view: historyViewSchema,
    run: async (req) => {
      const s = memberSession(req);
      return {
        items: await listHistory(db, s.member.id, req.query.type, req.query.asset, config.explorerUrls),
        limit: HISTORY_LIMIT,
      };
    },
  });
}
