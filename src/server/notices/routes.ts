import { listNoticesQuerySchema, noticesSchema } from '../../shared/schemas/member-notices';
import type { App, Ctx } from '../context';
import { envelope, errorEnvelope, ok } from '../http/envelope';
import { memberOnly } from '../http/guards';
import { listPublishedNotices } from './list-notices';

/** The member's side of notices: reading the published ones. Administrators write them elsewhere. */
export async function noticeRoutes(app: App, ctx: Ctx) {
  const { db } = ctx;

  app.get(
    '/notices',
    {
      preHandler: memberOnly,
      schema: {
        operationId: 'listNotices',
        summary: '게시된 공지사항 (최신순)',
        tags: ['notices'],
        security: [{ session: [] }],
        querystring: listNoticesQuerySchema,
        response: { 200: envelope(noticesSchema), 400: errorEnvelope, 401: errorEnvelope },
      },
    },
    async (req) => ok({ items: await listPublishedNotices(db, req.query.limit) }),
  );
}
