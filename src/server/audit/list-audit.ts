import type { AuditEntry } from '../../shared/schemas/admin-views';
import type { AuditListQuery } from '../../shared/schemas/desk-records';
import type { Queryable } from '../db';
import { iso } from '../sql';
import { recordsWhere } from './record-filters';

/** The member an entry concerns: its target, or the member of the request it decided. */
const ABOUT = 'COALESCE(tm.username, am.username)';
export const AUDIT_JOINS = `LEFT JOIN members tm ON a.target_type = 'member' AND tm.id::text = a.target_id
  LEFT JOIN members am ON am.id::text = a.after ->> 'member_id'`;

/**
 * The conditions of the audit filters: one target (member, notice, …; for a member also the decisions on
 * its requests), a username (entries by that person or about them), an action, a range of Korean days.
 * Null when the username is nobody's: nothing matches.
 */
export const auditWhere = (
  q: Queryable,
  f: Pick<AuditListQuery, 'targetId' | 'username' | 'action' | 'from' | 'to'>,
) =>
  recordsWhere(q, f, {
    conditions: [
      ["(a.target_id = ? OR a.after ->> 'member_id' = ?)", f.targetId],
      ['a.action = ?', f.action],
    ],
    member: "(a.actor_id::text = ? OR a.target_id = ? OR a.after ->> 'member_id' = ?)",
    period: 'a.created_at',
  });

/** The audit trail, newest first, filtered (`auditWhere`), with the usernames of whom each entry concerns. */
export async function listAudit(q: Queryable, f: AuditListQuery) {
  const { page, pageSize } = f;
  const w = await auditWhere(q, f);
  if (!w) return { items: [], total: 0, page, pageSize };
  const n = w.params.length;
  const [items, count] = await Promise.all([
    q.query<AuditEntry>(
      `SELECT a.id::text AS id, a.actor_id::text AS actor_id, a.actor_username, a.action, a.target_type,
              a.target_id, ${ABOUT} AS member_username, a.before, a.after, a.ip,
              ${iso('a.created_at')} AS created_at
         FROM audit_log a ${AUDIT_JOINS} ${w.sql()} ORDER BY a.created_at DESC, a.id DESC
        LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...w.params, pageSize, (page - 1) * pageSize],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log a ${w.sql()}`, w.params),
  ]);
  return { items, total: count[0]?.n ?? 0, page, pageSize };
}
