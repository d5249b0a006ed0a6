import type {
  ReceivingAccountAdminView,
  receivingAccountBodySchema,
  WonAccountView,
} from '../../shared/schemas/deposits';
import type { z } from '../../shared/zod';
import { type Actor, approvalOf } from '../audit/actor';
import { writeAudit } from '../audit/write-audit';
import type { Queryable } from '../db';
import { isoSeconds } from '../sql';

type Body = z.output<typeof receivingAccountBodySchema>;

/** The service's won receiving account, or null until an administrator sets it. */
export async function readReceivingAccount(q: Queryable): Promise<ReceivingAccountAdminView> {
  const [row] = await q.query<WonAccountView & { updated_by: string | null; updated_at: string }>(
    `SELECT r.bank_name, r.account_number, r.account_holder, m.username AS updated_by,
            ${isoSeconds('r.updated_at')} AS updated_at
       FROM service_receiving_account r LEFT JOIN members m ON m.id = r.updated_by`,
  );
  if (!row) return { account: null, updated_by: null, updated_at: null };
  const { updated_by, updated_at, ...account } = row;
  return { account, updated_by, updated_at };
}

/**
 * Sets the receiving account in the caller's transaction, with its audit entry (before and after, and
 * both administrators when a proposal applies it). The advisory lock orders two settings at once, each
 * audited with what it replaced.
 */
export async function setReceivingAccountIn(
  q: Queryable,
  body: Body,
  actor: Actor,
): Promise<ReceivingAccountAdminView> {
  await q.query('SELECT pg_advisory_xact_lock(7260055, 0)');
  const before = await readReceivingAccount(q);
  await q.query(
    `INSERT INTO service_receiving_account (id, bank_name, account_number, account_holder, updated_by)
     VALUES (true, $1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET bank_name = EXCLUDED.bank_name, account_number = EXCLUDED.account_number,
       account_holder = EXCLUDED.account_holder, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [body.bank_name, body.account_number, body.account_holder, actor.actorId],
  );
  const after = await readReceivingAccount(q);
  await writeAudit(q, {
    actorId: actor.actorId,
    actorUsername: actor.actorUsername,
    ip: actor.ip,
    action: 'settings.receiving_account.set',
    targetType: 'settings',
    targetId: 'receiving_account',
    before: before.account,
    after: after.account ? { ...after.account, ...approvalOf(actor) } : null,
  });
  return after;
}

/** Takes the receiving-account lock and reads it (a proposal's plan and its application). */
export async function lockReceivingAccount(q: Queryable) {
  await q.query('SELECT pg_advisory_xact_lock(7260055, 0)');
  return (await readReceivingAccount(q)).account;
}
