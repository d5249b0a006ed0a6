import type { AuthEventListQuery, AuthEventView } from '../../shared/schemas/auth-events';
import { recordsWhere } from '../audit/record-filters';
import type { Queryable } from '../db';
import { iso } from '../sql';

/**
 * The sign-in log across members, newest first, with the administrator's filters: one member, one kind,
 * successes or failures, and a range of Korean days (both ends included).
 */
export async function listAuthEvents(
  q: Queryable,
  f: Omit<AuthEventListQuery, 'page' | 'pageSize'> & { page: number; pageSize: number },
) {
  const w = await authEventsWhere(q, f);
  if (!w) return { items: [], total: 0, page: f.page, pageSize: f.pageSize };
  const { params } = w;
  const filter = w.sql();
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

/**
 * The sign-in log's conditions: one member (by id or by username; an unknown username matches nothing:
 * null), one kind, successes or failures, a range of Korean days.
 */
export const authEventsWhere = (
  q: Queryable,
  f: Pick<AuthEventListQuery, 'memberId' | 'username' | 'kind' | 'result' | 'from' | 'to'>,
) =>
  recordsWhere(q, f, {
    conditions: [
      ['e.member_id = ?', f.memberId],
      ['e.kind = ?', f.kind],
      ['e.success = ?', f.result ? f.result === 'success' : undefined],
    ],
    member: 'e.member_id = ?',
    period: 'e.created_at',
  });
