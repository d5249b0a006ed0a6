import type { NoticeView } from '../../shared/schemas/member-notices';
import type { Queryable } from '../db';
import { isoTime } from '../db/iso-time';

/** Published notices, newest first (the home screen's notices section). */
export async function listPublishedNotices(q: Queryable, limit: number): Promise<NoticeView[]> {
  return q.query<NoticeView>(
    `SELECT id::text AS id, title, body,
            ${isoTime('created_at')} AS created_at
       FROM notices
      WHERE published
      ORDER BY created_at DESC, id
      LIMIT $1`,
    [limit],
  );
}
