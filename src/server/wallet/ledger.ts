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
  /** Hours of the last day whose `actor_hourly_totals` row differs from the ledger it is derived from. */
  hourlyMismatches: { actor_id: string; hour: string; currency: string; moved: string; ledger_sum: string }[];
  /** The same of the members' hourly totals per direction (`member_hourly_totals`). */
  memberHourlyMismatches: {
    member_id: string;
    hour: string;
    direction: string;
    currency: string;
    moved: string;
  }[];
}

/**
 * For every member and currency: balance = Σ ledger entries, and no balance below zero; for every actor's
 * and every member's hour of the last day, the four-eyes hourly total = Σ the ledger entries it counts.
 */
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
  const hourlyMismatches = await q.query<LedgerReport['hourlyMismatches'][number]>(
    `WITH since AS (SELECT date_bin('1 hour', now() - interval '24 hours', timestamptz '2000-01-01 00:00+00') AS hour)
     SELECT COALESCE(t.actor_id, l.actor_id)::text AS actor_id, COALESCE(t.hour, l.hour)::text AS hour,
            COALESCE(t.currency, l.currency) AS currency, COALESCE(t.moved, 0)::text AS moved,
            COALESCE(l.total, 0)::text AS ledger_sum
       FROM (SELECT a.* FROM actor_hourly_totals a, since WHERE a.hour > since.hour) t
       FULL OUTER JOIN (
         SELECT e.actor_id, date_bin('1 hour', e.created_at, timestamptz '2000-01-01 00:00+00') AS hour, e.currency,
                sum(abs(e.amount)) AS total
           FROM ledger_entries e, since
          WHERE e.actor_id IS NOT NULL AND e.confirmed_by IS NULL AND e.created_at >= since.hour + interval '1 hour'
            AND e.kind IN ('deposit', 'withdrawal', 'transfer_out', 'admin_adjustment')
          GROUP BY 1, 2, 3) l
         ON l.actor_id = t.actor_id AND l.hour = t.hour AND l.currency = t.currency
      WHERE COALESCE(t.moved, 0) <> COALESCE(l.total, 0)`,
  );
  const memberHourlyMismatches = await q.query<LedgerReport['memberHourlyMismatches'][number]>(
    `WITH since AS (SELECT date_bin('1 hour', now() - interval '24 hours', timestamptz '2000-01-01 00:00+00') AS hour)
     SELECT COALESCE(t.member_id, l.member_id)::text AS member_id, COALESCE(t.hour, l.hour)::text AS hour,
            COALESCE(t.direction, l.direction) AS direction, COALESCE(t.currency, l.currency) AS currency,
            COALESCE(t.moved, 0)::text AS moved
       FROM (SELECT m.* FROM member_hourly_totals m, since WHERE m.hour > since.hour) t
       FULL OUTER JOIN (
         SELECT e.member_id, date_bin('1 hour', e.created_at, timestamptz '2000-01-01 00:00+00') AS hour,
                ledger_direction(e.kind, e.amount, e.deposit_id, e.withdrawal_id) AS direction, e.currency,
                sum(abs(e.amount)) AS total
           FROM ledger_entries e, since
          WHERE e.created_at >= since.hour + interval '1 hour'
            AND ledger_direction(e.kind, e.amount, e.deposit_id, e.withdrawal_id) IS NOT NULL
          GROUP BY 1, 2, 3, 4) l
         ON l.member_id = t.member_id AND l.hour = t.hour AND l.direction = t.direction AND l.currency = t.currency
      WHERE COALESCE(t.moved, 0) <> COALESCE(l.total, 0)`,
  );
  const [count] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM balances');
  return {
    ok:
      mismatches.length === 0 &&
      negativeBalances.length === 0 &&
      hourlyMismatches.length === 0 &&
      memberHourlyMismatches.length === 0,
    checkedBalances: count?.n ?? 0,
    mismatches,
    negativeBalances,
    hourlyMismatches,
    memberHourlyMismatches,
  };
}
