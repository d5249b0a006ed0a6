import { VIEW_CURRENCIES } from '../../shared/constants';
import { toWire } from '../../shared/decimal';
import type { Balances, BalanceView, LockView } from '../../shared/schemas/balances';
import type { Queryable } from '../db';
import { ACTIVE_LOCK, readBalanceStates } from './balance-state';

interface LockRow extends LockView {
  currency: string;
}

/** Every asset lock of a member, newest first, with whether it still holds funds today (KST). */
async function listLocks(q: Queryable, memberId: string): Promise<LockRow[]> {
  return q.query<LockRow>(
    `SELECT l.id::text AS id, upper(l.currency) AS currency, l.locked_amount::text AS amount,
            to_char(l.lock_start_date, 'YYYY-MM-DD') AS start_date,
            to_char(l.lock_end_date, 'YYYY-MM-DD') AS end_date,
            l.reason, ${ACTIVE_LOCK} AS active
       FROM asset_locks l
      WHERE l.member_id = $1
      ORDER BY l.created_at DESC, l.id`,
    [memberId],
  );
}

/**
 * SPEC §3's asset view for every currency of the member: total, locked (active locks), held
 * (pending withdrawals), available, the latest end date among active locks and the lock list.
 * BTC is never held: always zero.
 */
export async function readBalances(q: Queryable, memberId: string): Promise<Balances> {
  const [states, locks] = await Promise.all([
    readBalanceStates(q, memberId, [...VIEW_CURRENCIES]),
    listLocks(q, memberId),
  ]);
  const items: BalanceView[] = states.map((s) => {
    const mine = locks.filter((l) => l.currency === s.currency);
    const ends = mine.filter((l) => l.active && l.end_date !== null).map((l) => l.end_date as string);
    return {
      currency: s.currency as BalanceView['currency'],
      total: toWire(s.total),
      locked: toWire(s.locked),
      held: toWire(s.held),
      available: toWire(s.available),
      latest_lock_end_date: ends.sort().at(-1) ?? null, // YYYY-MM-DD sorts as text
      locks: mine.map(({ currency: _c, ...lock }) => ({ ...lock, amount: toWire(lock.amount) })),
    };
  });
  return { items };
}
