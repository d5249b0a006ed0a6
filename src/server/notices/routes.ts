import { listNoticesQuerySchema, noticesSchema } from '../../shared/schemas/member-notices';
import type { App, Ctx } from '../context';
import { declareRoutes, SESSION_SECURITY } from '../http/declare-routes';
import { errorsOnly } from '../http/envelope';
import { memberOnly } from '../http/guards';
import { listPublishedNotices } from './list-notices';

/** The member's side of notices: reading the published ones. Administrators write them elsewhere. */
export async function noticeRoutes(app: App, ctx: Ctx) {
  const { db } = ctx;

  const api = declareRoutes(app, {
    tags: ['notices'],
    errors: errorsOnly(400, 401),
    security: SESSION_SECURITY,
    preHandler: memberOnly,
  });

  api.get('/notices', {
    operationId: 'listNotices',
    summary: '게시된 공지사항 (최신순)',
    querystring: listNoticesQuerySchema,
    view: noticesSchema,
    run: async (req) => ({ items: await listPublishedNotices(db, req.query.limit) }),
  });
}
