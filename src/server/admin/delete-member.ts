import { BALANCE_CURRENCIES } from '../../shared/constants';
import { toWire } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import { writeAudit } from '../audit/write-audit';
import type { Db } from '../db';
import { AppError } from '../http/errors';
import { lockBalances, readBalanceStates } from '../wallet/balance-state';
import { type Actor, lockMember } from './common';
import { iso } from './sql';

/** The member's rows, in deletion order (SPEC §7 "user deletion"; the ledger is the transactions view). */
const MEMBER_TABLES = [
  'sessions',
  'idempotency_keys',
  'asset_locks',
  'bank_accounts',
  'ledger_entries',
  'deposits',
  'withdrawals',
  'balances',
] as const;

/**
 * Deletes a member and every row of theirs in one transaction. Refused while any balance is not zero
 * or a request is pending (theirs, or an internal transfer to them), and for the acting administrator.
 * The audit entry stays: audit_log has no foreign key to members.
 */
export async function deleteMember(db: Db, memberId: string, actor: Actor) {
  return db.tx(async (q) => {
    const m = await lockMember(q, memberId, 'update');
    if (m.id === actor.actorId) throw new AppError('CONFLICT', MSG.admin.cannotDeleteSelf);
    // The balance row locks wait for any approval in flight, so the check below sees its result.
    await lockBalances(
      q,
      BALANCE_CURRENCIES.map((currency) => ({ memberId, currency })),
    );
    const states = await readBalanceStates(q, memberId, [...BALANCE_CURRENCIES]);
    const nonZero = states.filter((s) => !s.total.isZero());
    if (nonZero.length) {
      throw new AppError(
        'CONFLICT',
        MSG.admin.memberHasBalance(nonZero.map((s) => `${s.currency} ${toWire(s.total)}`).join(', ')),
      );
    }
    const [pending] = await q.query<{ n: number }>(
      `SELECT ((SELECT count(*) FROM deposits WHERE member_id = $1 AND status = 'pending')
             + (SELECT count(*) FROM withdrawals
                 WHERE (member_id = $1 OR recipient_member_id = $1) AND status = 'pending'))::int AS n`,
      [memberId],
    );
    if ((pending?.n ?? 0) > 0) throw new AppError('CONFLICT', MSG.admin.memberHasPending);

    const [profile] = await q.query<Record<string, unknown>>(
      `SELECT username, email, full_name, contact, is_admin, deposit_address, ${iso('created_at')} AS created_at
         FROM members WHERE id = $1`,
      [memberId],
    );
    const removed: Record<string, number> = {};
    for (const table of MEMBER_TABLES) {
      const rows = await q.query(`DELETE FROM ${table} WHERE member_id = $1 RETURNING 1`, [memberId]);
      removed[table] = rows.length;
    }
    await q.query('DELETE FROM members WHERE id = $1', [memberId]);
    await writeAudit(q, {
      ...actor,
      action: 'member.delete',
      targetType: 'member',
      targetId: memberId,
      before: { ...profile, removed },
    });
    return { deleted: true, id: memberId, username: m.username };
  });
}
