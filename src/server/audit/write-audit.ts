import type { Queryable } from '../db';

export interface AuditEntry {
  actorId: string | null;
  actorUsername?: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  before?: unknown;
  after?: unknown;
  ip?: string;
}

/** Writes one audit entry; call it inside the transaction of the action it records. */
export async function writeAudit(q: Queryable, e: AuditEntry): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (actor_id, actor_username, action, target_type, target_id, before, after, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      e.actorId,
      e.actorUsername ?? null,
      e.action,
      e.targetType ?? null,
      e.targetId ?? null,
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
      e.ip ?? null,
    ],
  );
}
