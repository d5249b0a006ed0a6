import { BALANCE_CURRENCIES, type BalanceCurrency } from '../../shared/constants';
import { D, type Dec, maxDec, ZERO } from '../../shared/decimal';
import type { Queryable } from '../db';

/** Today in Korea: lock end dates are calendar dates of the service. */
export const TODAY_KST = `(now() AT TIME ZONE 'Asia/Seoul')::date`;
/** A lock holds funds until the end of its end date; one without an end date holds until removed. */
export const ACTIVE_LOCK = `(l.lock_end_date IS NULL OR l.lock_end_date >= ${TODAY_KST})`;

export interface BalanceState {
  currency: string;
  total: Dec;
  /** Sum of active locks. */
  locked: Dec;
  /** Sum of pending withdrawal requests (each holds its full amount: payout plus fee). */
  held: Dec;
  /** total − locked − held, never below 0. */
  available: Dec;
}

const isBalanceCurrency = (c: string): c is BalanceCurrency =>
  (BALANCE_CURRENCIES as readonly string[]).includes(c);

/**
 * Locks the balance rows of (member, currency) pairs in a fixed order (so two transactions never
 * deadlock), creating missing rows at zero. Every change of a balance, a hold or a lock takes these
 * row locks first: that is what serialises concurrent requests of one member.
 */
export async function lockBalances(
  q: Queryable,
  pairs: { memberId: string; currency: string }[],
): Promise<void> {
  const keys = [
    ...new Set(pairs.filter((p) => isBalanceCurrency(p.currency)).map((p) => `${p.memberId}|${p.currency}`)),
  ];
  if (keys.length === 0) return;
  const members = keys.map((k) => k.split('|')[0]!);
  const currencies = keys.map((k) => k.split('|')[1]!);
  // One statement, the rows locked in the order of the sort (decision 0143): the rows usually exist.
  // Otherwise the missing ones are created, then all are locked again in that order.
  const lock = `SELECT 1 FROM balances b JOIN unnest($1::uuid[], $2::text[]) AS k(member_id, currency)
                   ON b.member_id = k.member_id AND b.currency = k.currency
                 ORDER BY b.member_id, b.currency COLLATE "C" FOR UPDATE OF b`;
  if ((await q.query(lock, [members, currencies])).length === keys.length) return;
  await q.query(
    `INSERT INTO balances (member_id, currency)
     SELECT k.m, k.c FROM unnest($1::uuid[], $2::text[]) AS k(m, c) ORDER BY k.m, k.c COLLATE "C"
     ON CONFLICT DO NOTHING`,
    [members, currencies],
  );
  await q.query(lock, [members, currencies]);
}

/** The balance state of one member and currency (BTC and unknown currencies are always zero). */
export async function readBalanceState(
  q: Queryable,
  memberId: string,
  currency: string,
): Promise<BalanceState> {
  const states = await readBalanceStates(q, memberId, [currency]);
  return states[0]!;
}

export async function readBalanceStates(
  q: Queryable,
  memberId: string,
  currencies: string[],
): Promise<BalanceState[]> {
  const rows = await q.query<{ currency: string; total: string; locked: string; held: string }>(
    `SELECT c.currency,
            COALESCE((SELECT b.balance FROM balances b WHERE b.member_id = $1 AND b.currency = c.currency), 0)::text AS total,
            COALESCE((SELECT sum(l.locked_amount) FROM asset_locks l
                       WHERE l.member_id = $1 AND l.currency = lower(c.currency) AND ${ACTIVE_LOCK}), 0)::text AS locked,
            COALESCE((SELECT sum(w.amount) FROM withdrawals w
                       WHERE w.member_id = $1 AND w.currency = c.currency AND w.status = 'pending'), 0)::text AS held
       FROM unnest($2::text[]) AS c(currency)`,
    [memberId, currencies],
  );
  const byCurrency = new Map(rows.map((r) => [r.currency, r]));
  return currencies.map((currency) => {
    const r = byCurrency.get(currency);
    const total = new D(r?.total ?? 0);
    const locked = new D(r?.locked ?? 0);
    const held = new D(r?.held ?? 0);
    return { currency, total, locked, held, available: maxDec(total.minus(locked).minus(held), ZERO) };
  });
}
