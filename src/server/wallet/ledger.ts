import type { Queryable } from '../db';

interface LedgerMismatch {
  member_id: string;
  currency: string;
  balance: string;
  ledger_sum: string;
}

export interface LedgerReport {
  ok: boolean;
  checkedBalances: number;
  mismatches: LedgerMismatch[];
  negativeBalances: { member_id: string; currency: string; balance: string }[];
}

/** For every member and currency: balance = Σ ledger entries, and no balance below zero. */
export async function verifyLedger(q: Queryable): Promise<LedgerReport> {
  const mismatches = await q.query<LedgerMismatch>(
    `SELECT COALESCE(b.member_id, l.member_id)::text AS member_id, COALESCE(b.currency, l.currency) AS currency,
            COALESCE(b.balance, 0)::text AS balance, COALESCE(l.total, 0)::text AS ledger_sum
       FROM balances b
       FULL OUTER JOIN (SELECT member_id, currency, sum(amount) AS total FROM ledger_entries GROUP BY member_id, currency) l
         ON l.member_id = b.member_id AND l.currency = b.currency
      WHERE COALESCE(b.balance, 0) <> COALESCE(l.total, 0)`,
  );
  const negativeBalances = await q.query<{ member_id: string; currency: string; balance: string }>(
    `SELECT member_id::text AS member_id, currency, balance::text AS balance FROM balances WHERE balance < 0`,
  );
  const [count] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM balances');
  return {
    ok: mismatches.length === 0 && negativeBalances.length === 0,
    checkedBalances: count?.n ?? 0,
    mismatches,
    negativeBalances,
  };
}
