import { HISTORY_LIMIT } from '../../shared/constants';
import { historyQuerySchema, historyViewSchema } from '../../shared/schemas/history';
import type { App, Ctx } from '../context';
import { envelope, errorEnvelope, ok } from '../http/envelope';
import { memberOnly, requireMember } from '../http/guards';
import { listHistory } from './list-history';

export async function historyRoutes(app: App, ctx: Ctx) {
  const { db } = ctx;

  app.get(
    '/history',
    {
      preHandler: memberOnly,
      schema: {
        operationId: 'listHistory',
        summary: '거래 내역 (입금·출금·받은 내부 전송·관리자 조정, 최신순 100건)',
        tags: ['history'],
        querystring: historyQuerySchema,
        response: {
          200: envelope(historyViewSchema),
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
        },
      },
    },
    async (req) => {
      const s = requireMember(req);
      return ok({ items: await listHistory(db, s.member.id, req.query.type), limit: HISTORY_LIMIT });
    },
  );
}
