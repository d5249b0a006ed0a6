/**
 * How much money one member and one administrator moved in the last 24 hours, in won, for the four-eyes
 * thresholds (decision 0321). Counted from the ledger (what was applied) plus the pending proposals (what
 * is waiting for a second administrator), so splitting one large amount into several small ones does not
 * stay under a threshold. Valued at the current price; when the feeds are down, at the higher of the last
 * stored price and the sample price (decision 0370), never lower than what was last seen.
 */
import { assetKrwValue, type PriceTable } from '../../shared/assets';
import type { ViewCurrency } from '../../shared/constants';
import { D, type Dec, ZERO } from '../../shared/decimal';
import { prepared, type Queryable } from '../db';
import { readThresholdPrices } from '../prices/read-prices';

/** Advisory lock classes: one member's and one administrator's totals are read and extended one at a time. */
const MEMBER_TOTAL_LOCK = 0x4d4f4e31;
const ADMIN_TOTAL_LOCK = 0x4d4f4e32;

/**
 * Serialises the threshold decisions of one member (and of the approving administrator): taken first in the
 * transaction, before any row lock, always member then administrator, so two approvals never deadlock and
 * the second one counts what the first applied or proposed.
 */
export async function lockTotals(q: Queryable, memberId: string, adminId: string | null): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [MEMBER_TOTAL_LOCK, memberId]);
  if (adminId) await q.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ADMIN_TOTAL_LOCK, adminId]);
}

/** Money into the member's balances (deposits, credits) or out of them (payouts, debits). */
export type Direction = 'in' | 'out';

const LEDGER_IN = `(l.kind = 'deposit' AND l.deposit_id IS NOT NULL) OR (l.kind = 'admin_adjustment' AND l.amount > 0)`;
const LEDGER_OUT = `(l.kind IN ('withdrawal', 'transfer_out') AND l.withdrawal_id IS NOT NULL)
                    OR (l.kind = 'admin_adjustment' AND l.amount < 0)`;
const RECENT = `l.created_at > now() - interval '24 hours'`;

/**
 * Pending balance edits (new totals over the totals they were based on): their differences in one
 * direction. The proposals are chosen first (OFFSET 0 keeps the subquery apart): other kinds' payloads are
 * not numbers and must never reach the casts.
 */
const EDITED = (sign: '>' | '<') =>
  `SELECT e.key, abs(e.value::numeric - (x.basis->>e.key)::numeric)
     FROM (SELECT p.payload, p.basis FROM admin_proposals p
            WHERE p.kind = 'balances.set' AND p.status = 'pending' AND p.expires_at > now() AND p.member_id = $1
           OFFSET 0) x
     CROSS JOIN LATERAL jsonb_each_text(x.payload) e
    WHERE e.value::numeric ${sign} (x.basis->>e.key)::numeric`;

/** Pending proposals' amounts per currency, by direction. */
const PROPOSED = (dir: Direction) =>
  dir === 'in'
    ? `SELECT d.currency, d.amount FROM admin_proposals p JOIN deposits d ON d.id = p.target_id
        WHERE p.kind = 'deposit.approve' AND p.status = 'pending' AND p.expires_at > now() AND p.member_id = $1
       UNION ALL
       SELECT p.payload->>'currency', (p.payload->>'delta')::numeric FROM admin_proposals p
        WHERE p.kind = 'balance.adjust' AND p.status = 'pending' AND p.expires_at > now() AND p.member_id = $1
          AND (p.payload->>'delta')::numeric > 0
       UNION ALL ${EDITED('>')}`
    : `SELECT w.currency, w.amount FROM admin_proposals p JOIN withdrawals w ON w.id = p.target_id
        WHERE p.kind = 'withdrawal.approve' AND p.status = 'pending' AND p.expires_at > now() AND p.member_id = $1
       UNION ALL
       SELECT p.payload->>'currency', -(p.payload->>'delta')::numeric FROM admin_proposals p
        WHERE p.kind = 'balance.adjust' AND p.status = 'pending' AND p.expires_at > now() AND p.member_id = $1
          AND (p.payload->>'delta')::numeric < 0
       UNION ALL ${EDITED('<')}`;

/** The member's won moved in `dir` over 24 h: applied (ledger) plus proposed. */
export async function memberTotalKrw(
  q: Queryable,
  staleSeconds: number,
  memberId: string,
  dir: Direction,
): Promise<Dec> {
  const rows = await q.query<{ currency: string; amount: string }>(
    `SELECT currency, sum(amount)::text AS amount FROM (
       SELECT l.currency, abs(l.amount) AS amount FROM ledger_entries l
        WHERE l.member_id = $1 AND ${RECENT} AND (${dir === 'in' ? LEDGER_IN : LEDGER_OUT})
       UNION ALL ${PROPOSED(dir)}) t
     GROUP BY currency`,
    [memberId],
  );
  return valueKrw(q, staleSeconds, rows);
}

/**
 * What the administrator moved alone (no second administrator confirmed it) over 24 h, in won. The whole
 * hours inside the window come from `actor_hourly_totals` (kept from the ledger by its trigger, migration
 * 113); the hour the window starts in, which it covers only in part, from the ledger entries themselves.
 * So the sum reads a bounded number of rows however many the administrator wrote that day.
 */
export async function adminTotalKrw(q: Queryable, staleSeconds: number, adminId: string): Promise<Dec> {
  const rows = await q.query<{ currency: string; amount: string }>(ADMIN_TOTAL, [adminId]);
  return valueKrw(q, staleSeconds, rows);
}

const ADMIN_TOTAL = prepared(`WITH edge AS (
       SELECT date_bin('1 hour', now() - interval '24 hours', timestamptz '2000-01-01 00:00+00') AS hour)
     SELECT currency, sum(amount)::text AS amount FROM (
       SELECT t.currency, t.moved AS amount FROM actor_hourly_totals t, edge
        WHERE t.actor_id = $1 AND t.hour > edge.hour
       UNION ALL
       SELECT l.currency, abs(l.amount) FROM ledger_entries l, edge
        WHERE l.actor_id = $1 AND l.confirmed_by IS NULL AND ${RECENT}
          AND l.created_at < edge.hour + interval '1 hour'
          AND l.kind IN ('deposit', 'withdrawal', 'transfer_out', 'admin_adjustment')) x
     GROUP BY currency`);

/** Amounts per currency in won at the current price (a stale one: the higher of last stored and sample). */
export async function valueKrw(
  q: Queryable,
  staleSeconds: number,
  amounts: { currency: string; amount: string | Dec }[],
): Promise<Dec> {
  if (amounts.length === 0) return ZERO;
  const p = await readThresholdPrices(q, staleSeconds);
  const table: PriceTable = { usdKrw: p.usdKrw, usd: p.usd as PriceTable['usd'] };
  return amounts.reduce(
    (sum, a) => sum.plus(assetKrwValue(a.currency as ViewCurrency, new D(a.amount).abs(), table)),
    ZERO,
  );
}
