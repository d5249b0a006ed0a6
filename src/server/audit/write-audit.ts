import type { AuditAction } from '../../shared/audit-actions';
import type { Queryable } from '../db';

export interface AuditEntry {
  actorId: string | null;
  actorUsername?: string | null;
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  before?: unknown;
  after?: unknown;
  ip?: string;
}

/** The columns of an audit entry, in the order of `auditValues`. */
const AUDIT_COLUMNS = 'actor_id, actor_username, action, target_type, target_id, before, after, ip';

/** An entry's values, in the order of `AUDIT_COLUMNS` (before and after as JSON text, for jsonb). */
const auditValues = (e: AuditEntry): unknown[] => [
  e.actorId,
  e.actorUsername ?? null,
  e.action,
  e.targetType ?? null,
  e.targetId ?? null,
  e.before === undefined ? null : JSON.stringify(e.before),
  e.after === undefined ? null : JSON.stringify(e.after),
  e.ip ?? null,
];

/** Writes one audit entry; call it inside the transaction of the action it records. */
export async function writeAudit(q: Queryable, e: AuditEntry): Promise<void> {
  const a = auditInsert(e);
  await q.query(a.sql, a.params);
}

/** The statement `writeAudit` runs, for a caller that adds to it (its parameters are $1–$8). */
export const auditInsert = (e: AuditEntry) => ({
  sql: `INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
  params: auditValues(e),
});

/** Who an entry is by: an administrator's `Actor`, a member acting on their own account, or the system. */
type AuditActor = Pick<AuditEntry, 'actorId' | 'actorUsername' | 'ip'>;

/**
 * An entry about one member's account (administrator actions on a member): `target_type` 'member',
 * `target_id` the member. Extra fields of the actor (session, approval) are not written.
 */
export const auditMember = (
  q: Queryable,
  actor: AuditActor,
  action: AuditAction,
  memberId: string,
  change: Pick<AuditEntry, 'before' | 'after'> = {},
) =>
  writeAudit(q, {
    actorId: actor.actorId,
    actorUsername: actor.actorUsername,
    ip: actor.ip,
    action,
    targetType: 'member',
    targetId: memberId,
    ...change,
  });
