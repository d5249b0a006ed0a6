import type {
  ReceivingAccountAdminView,
  receivingAccountBodySchema,
  WonAccountView,
} from '../../shared/schemas/deposits';
import type { z } from '../../shared/zod';
import { writeAudit } from '../audit/write-audit';
import type { Db, Queryable } from '../db';
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
 * Sets the receiving account, with its audit entry (before and after) in the same transaction. The row is
 * locked first, so two administrators saving at once are written one after the other, each audited with
 * what it replaced.
 */
export async function setReceivingAccount(
  db: Db,
  body: Body,
  actor: { actorId: string; actorUsername: string; ip?: string },
): Promise<ReceivingAccountAdminView> {
  return db.tx(async (q) => {
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
      after: after.account,
    });
    return after;
  });
}
