import pg from 'pg';
import type { Queryable } from '../../src/server/db';
import { ACTIVE_LOCK } from '../../src/server/wallet/balance-state';
import { verifyLedger } from '../../src/server/wallet/ledger';

/**
 * The money invariants, checked on ONE consistent snapshot of the database (a REPEATABLE READ, read-only
 * transaction), so they can be checked while the servers are under load: every committed state must
 * satisfy them.
 *
 * Globally: every balance equals the sum of its ledger entries and none is negative (verifyLedger).
 * For the given members (the test's own, whose every request went through the API):
 * - the held funds never exceed the balance: active locks + pending withdrawals ≤ balance (what the
 *   product guarantees: creating a withdrawal or a lock, and lowering a balance, are all refused beyond
 *   it, each after locking the balance row; approvals move the amount from held to debited);
 * - each ledger entry's balance_after is the running sum of the entries before it (changes of one
 *   balance are serialised: no lost update, no interleaving);
 * - every deposit: approved ⇔ exactly one 'deposit' entry of its amount for its member; otherwise none;
 * - every withdrawal: approved ⇔ exactly one debit of its full amount ('withdrawal', or 'transfer_out'
 *   for an internal transfer, plus one 'transfer_in' of its payout for the recipient); otherwise none;
 * - internal transfers conserve the total: per currency, transfer_in + transfer_out + fees = 0;
 * - money records keep their links: every request-driven ledger entry names its request;
 *   a closed account holds nothing and has no pending request, sent or received; the ledger and the
 *   audit log carry their append-only triggers.
 */
export interface InvariantReport {
  problems: string[];
  balances: number;
  ledgerEntries: number;
  deposits: number;
  withdrawals: number;
}

export async function checkInvariants(databaseUrl: string, memberIds: string[]): Promise<InvariantReport> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const q: Queryable = {
      query: async <T>(sql: string, params?: unknown[]) =>
        (await client.query(sql, params as unknown[])).rows as T[],
    };
    const report = await invariantsOn(q, memberIds);
    await client.query('COMMIT');
    return report;
  } finally {
    await client.end();
  }
}

const show = (rows: unknown[], n = 5) =>
  `${rows.length}: ${JSON.stringify(rows.slice(0, n))}${rows.length > n ? ' …' : ''}`;

export async function invariantsOn(q: Queryable, memberIds: string[]): Promise<InvariantReport> {
  const problems: string[] = [];
  const ledger = await verifyLedger(q);
  if (ledger.mismatches.length) problems.push(`balance ≠ Σ ledger ${show(ledger.mismatches)}`);
  if (ledger.negativeBalances.length) problems.push(`negative balances ${show(ledger.negativeBalances)}`);

  // "Applied at most once" is also the database's own rule: one ledger entry per deposit, one per
  // withdrawal and kind. The suite fails if those unique indexes ever disappear.
  const indexes = await q.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes
      WHERE tablename = 'ledger_entries' AND indexname IN ('ledger_deposit_once', 'ledger_withdrawal_once')`,
  );
  if (indexes.length !== 2 || !indexes.every((i) => i.indexdef.startsWith('CREATE UNIQUE INDEX'))) {
    problems.push(`the ledger's unique indexes per request are missing: ${JSON.stringify(indexes)}`);
  }

  const overHeld = await q.query(
    `SELECT b.member_id::text AS member_id, b.currency, b.balance::text AS balance,
            COALESCE(l.locked, 0)::text AS locked, COALESCE(w.held, 0)::text AS held
       FROM balances b
       LEFT JOIN (SELECT l.member_id, upper(l.currency) AS currency, sum(l.locked_amount) AS locked
                    FROM asset_locks l WHERE ${ACTIVE_LOCK} GROUP BY 1, 2) l
              ON l.member_id = b.member_id AND l.currency = b.currency
       LEFT JOIN (SELECT member_id, currency, sum(amount) AS held FROM withdrawals
                   WHERE status = 'pending' GROUP BY 1, 2) w
              ON w.member_id = b.member_id AND w.currency = b.currency
      WHERE b.member_id = ANY($1::uuid[])
        AND COALESCE(l.locked, 0) + COALESCE(w.held, 0) > b.balance`,
    [memberIds],
  );
  if (overHeld.length) problems.push(`locks + pending withdrawals > balance ${show(overHeld)}`);

  const badChain = await q.query(
    `SELECT member_id::text AS member_id, currency, id, amount::text AS amount, balance_after::text AS balance_after,
            running::text AS running
       FROM (SELECT e.*, sum(e.amount) OVER (PARTITION BY e.member_id, e.currency ORDER BY e.id) AS running
               FROM ledger_entries e WHERE e.member_id = ANY($1::uuid[])) x
      WHERE running <> balance_after`,
    [memberIds],
  );
  if (badChain.length) problems.push(`balance_after is not the running sum ${show(badChain)}`);

  const badDeposits = await q.query(
    `SELECT d.id::text AS id, d.status, d.amount::text AS amount, count(e.id)::int AS entries,
            COALESCE(sum(e.amount), 0)::text AS credited
       FROM deposits d
       LEFT JOIN ledger_entries e ON e.deposit_id = d.id
      WHERE d.member_id = ANY($1::uuid[])
      GROUP BY d.id
     HAVING (d.status = 'approved' AND NOT (count(e.id) = 1 AND sum(e.amount) = d.amount
               AND bool_and(e.kind = 'deposit' AND e.member_id = d.member_id AND e.currency = d.currency)))
         OR (d.status <> 'approved' AND count(e.id) > 0)`,
    [memberIds],
  );
  if (badDeposits.length)
    problems.push(`deposits approved without credit or credited without approval ${show(badDeposits)}`);

  const badWithdrawals = await q.query(
    `SELECT w.id::text AS id, w.status, w.method, w.amount::text AS amount, w.final_amount::text AS final_amount,
            count(e.id)::int AS entries,
            COALESCE(string_agg(e.kind || ' ' || e.amount::text, ', '), '') AS entries_seen
       FROM withdrawals w
       LEFT JOIN ledger_entries e ON e.withdrawal_id = w.id
      WHERE w.member_id = ANY($1::uuid[])
      GROUP BY w.id
     HAVING (w.status = 'approved' AND w.method <> 'internal' AND NOT (count(e.id) = 1
               AND bool_and(e.kind = 'withdrawal' AND e.amount = -w.amount AND e.member_id = w.member_id
                            AND e.currency = w.currency)))
         OR (w.status = 'approved' AND w.method = 'internal' AND NOT (count(e.id) = 2
               AND count(*) FILTER (WHERE e.kind = 'transfer_out' AND e.amount = -w.amount
                                      AND e.member_id = w.member_id AND e.currency = w.currency) = 1
               AND count(*) FILTER (WHERE e.kind = 'transfer_in' AND e.amount = w.final_amount
                                      AND e.member_id = w.recipient_member_id AND e.currency = w.currency) = 1))
         OR (w.status <> 'approved' AND count(e.id) > 0)`,
    [memberIds],
  );
  if (badWithdrawals.length) {
    problems.push(`withdrawals approved without debit or debited without approval ${show(badWithdrawals)}`);
  }

  const transfers = await q.query<{ currency: string; net: string }>(
    `SELECT e.currency, (sum(e.amount) + COALESCE((SELECT sum(w.fee) FROM withdrawals w
                          WHERE w.method = 'internal' AND w.status = 'approved' AND w.currency = e.currency
                            AND w.member_id = ANY($1::uuid[])), 0))::text AS net
       FROM ledger_entries e
       JOIN withdrawals w ON w.id = e.withdrawal_id
      WHERE e.kind IN ('transfer_in', 'transfer_out') AND w.member_id = ANY($1::uuid[])
      GROUP BY e.currency`,
    [memberIds],
  );
  const unbalanced = transfers.filter((t) => Number(t.net) !== 0);
  if (unbalanced.length) problems.push(`internal transfers do not conserve the total ${show(unbalanced)}`);

  const unlinked = await q.query(
    `SELECT id::text AS id, kind FROM ledger_entries
      WHERE member_id = ANY($1::uuid[])
        AND ((kind = 'deposit' AND deposit_id IS NULL)
          OR (kind IN ('withdrawal', 'transfer_in', 'transfer_out') AND withdrawal_id IS NULL))`,
    [memberIds],
  );
  if (unlinked.length) problems.push(`ledger entries that lost their request ${show(unlinked)}`);

  const closedHolding = await q.query(
    `SELECT m.id::text AS id FROM members m
      WHERE m.closed_at IS NOT NULL
        AND (EXISTS (SELECT 1 FROM balances b WHERE b.member_id = m.id AND b.balance <> 0)
          OR EXISTS (SELECT 1 FROM deposits d WHERE d.member_id = m.id AND d.status = 'pending')
          OR EXISTS (SELECT 1 FROM withdrawals w
                      WHERE (w.member_id = m.id OR w.recipient_member_id = m.id) AND w.status = 'pending'))`,
  );
  if (closedHolding.length) problems.push(`closed accounts holding money or requests ${show(closedHolding)}`);

  const triggers = new Set(
    (
      await q.query<{ tgname: string }>(
        `SELECT tgname FROM pg_trigger WHERE tgrelid IN ('ledger_entries'::regclass, 'audit_log'::regclass)`,
      )
    ).map((t) => t.tgname),
  );
  for (const name of ['ledger_entries_append_only', 'audit_log_append_only']) {
    if (!triggers.has(name)) problems.push(`trigger ${name} is missing`);
  }

  const [counts] = await q.query<{ entries: number; deposits: number; withdrawals: number }>(
    `SELECT (SELECT count(*)::int FROM ledger_entries WHERE member_id = ANY($1::uuid[])) AS entries,
            (SELECT count(*)::int FROM deposits WHERE member_id = ANY($1::uuid[])) AS deposits,
            (SELECT count(*)::int FROM withdrawals WHERE member_id = ANY($1::uuid[])) AS withdrawals`,
    [memberIds],
  );
  return {
    problems,
    balances: ledger.checkedBalances,
    ledgerEntries: counts?.entries ?? 0,
    deposits: counts?.deposits ?? 0,
    withdrawals: counts?.withdrawals ?? 0,
  };
}
