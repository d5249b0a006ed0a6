import type { AuditEntry } from '../../shared/schemas/admin-views';
import type { Queryable } from '../db';
import { iso } from '../sql';

/**
 * The audit trail, newest first; optionally only the entries about one target (member, notice, …). For a
 * member that includes the decisions on the member's deposits and withdrawals.
 */
export async function listAudit(
  q: Queryable,
  { targetId, page, pageSize }: { targetId?: string; page: number; pageSize: number },
) {
  const target = targetId || null;
  const filter = target ? "WHERE target_id = $1 OR after ->> 'member_id' = $1" : '';
  const params = target ? [target] : [];
  const [items, count] = await Promise.all([
    q.query<AuditEntry>(
      `SELECT id::text AS id, actor_id::text AS actor_id, actor_username, action, target_type, target_id,
              before, after, ip, ${iso('created_at')} AS created_at
         FROM audit_log ${filter} ORDER BY created_at DESC, id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, (page - 1) * pageSize],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log ${filter}`, params),
  ]);
  return { items, total: count[0]?.n ?? 0, page, pageSize };
}
