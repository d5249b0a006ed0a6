import { HOME_NOTICES_LIMIT, NOTICES_MAX_LIMIT } from '../constants';
import { MSG } from '../messages/member';
import { z } from '../zod';

const M = MSG.home.noticeLimitInvalid;

/** GET /api/notices: how many published notices, newest first. */
export const listNoticesQuerySchema = z.strictObject({
  limit: z._default(
    z.coerce.number({ error: M }).check(z.int(M), z.gte(1, M), z.lte(NOTICES_MAX_LIMIT, M)),
    HOME_NOTICES_LIMIT,
  ),
});

const noticeViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type NoticeView = z.infer<typeof noticeViewSchema>;

export const noticesSchema = z.object({ items: z.array(noticeViewSchema) });
