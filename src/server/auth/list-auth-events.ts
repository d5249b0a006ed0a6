import type { AuthEventListQuery, AuthEventView } from '../../shared/schemas/auth-events';
import type { Queryable } from '../db';
import { iso } from '../sql';

/** The start of a Korean calendar day (KST is UTC+9 all year) as an ISO instant. */
const kstDayStart = (day: string, plusDays = 0) =>
  new Date(Date.parse(`${day}T00:00:00+09:00`) + plusDays * 86_400_000).toISOString();

/**
 * The sign-in log across members, newest first, with the administrator's filters: one member, one kind,
 * successes or failures, and a range of Korean days (both ends included).
 */
export async function listAuthEvents(
  q: Queryable,
  f: Omit<AuthEventListQuery, 'page' | 'pageSize'> & { page: number; pageSize: number },
) {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (f.memberId) add('e.member_id = ?', f.memberId);
  if (f.kind) add('e.kind = ?', f.kind);
  if (f.result) add('e.success = ?', f.result === 'success');
  if (f.from) add('e.created_at >= ?::timestamptz', kstDayStart(f.from));
  if (f.to) add('e.created_at < ?::timestamptz', kstDayStart(f.to, 1));
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [items, count] = await Promise.all([
    q.query<AuthEventView>(
      `SELECT e.id::text AS id, e.kind, e.success, e.reason, e.ip, e.user_agent,
              e.member_id::text AS member_id, m.username, e.identifier, e.actor_id::text AS actor_id,
              ${iso('e.created_at')} AS created_at
         FROM auth_events e LEFT JOIN members m ON m.id = e.member_id
         ${filter} ORDER BY e.created_at DESC, e.id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, f.pageSize, (f.page - 1) * f.pageSize],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM auth_events e ${filter}`, params),
  ]);
  return { items, total: count[0]?.n ?? 0, page: f.page, pageSize: f.pageSize };
}
