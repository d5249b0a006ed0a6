import type { NoticeView } from '../../shared/schemas/member-notices';
import type { Queryable } from '../db';

/** Published notices, newest first (the home screen's notices section). */
export async function listPublishedNotices(q: Queryable, limit: number): Promise<NoticeView[]> {
  return q.query<NoticeView>(
    `SELECT id::text AS id, title, body,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
       FROM notices
      WHERE published
      ORDER BY created_at DESC, id
      LIMIT $1`,
    [limit],
  );
}
