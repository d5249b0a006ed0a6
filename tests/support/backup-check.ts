import { expect } from 'vitest';
import type { RunningServer } from '../../src/server/start-server';
import { verifyLedger } from '../../src/server/wallet/ledger';
import { Client } from './client';
import { compareSnapshot, readTables, type TableRows } from './table-rows';

/** What the backup-restore scenario saw: the tables before and after its burst, and the burst's requests. */
export interface BackupRun {
  before: TableRows;
  after: TableRows;
  deposits: string[];
  withdrawals: string[];
  adminCookies: Map<string, string>;
}

/**
 * Rewritten rows: balances and the running totals of administrators and members (hour and minute rows) move
 * with every approval; a request of the burst is filed, then approved.
 */
const REWRITTEN = new Set([
  'balances',
  'actor_hourly_totals',
  'actor_minute_totals',
  'member_hourly_totals',
  'member_minute_totals',
  'deposits',
  'withdrawals',
]);

/** The restored database: the original at one moment, every request in it whole, the ledger right. */
export async function checkRestored(restored: RunningServer, run: BackupRun) {
  expect((await fetch(`${restored.url}/readyz`)).status).toBe(200);
  const rows = await readTables(restored.db);
  for (const t of [
    'members',
    'balances',
    'ledger_entries',
    'deposits',
    'withdrawals',
    'audit_log',
    'auth_events',
    'asset_locks',
    'sessions',
  ]) {
    expect(rows.get(t)?.size, t).toBeGreaterThan(0);
  }
  const { problems, changed, changedInSnapshot } = compareSnapshot(run.before, run.after, rows, REWRITTEN);
  expect(problems).toEqual([]);
  console.log(
    `backup taken mid-burst: ${changedInSnapshot} of ${changed} rows the burst changed are in it in their final form (${run.deposits.length} deposits, ${run.withdrawals.length} withdrawals approved in the burst)`,
  );
  // Taken while the burst ran: some of its changes are in the backup, some came after.
  expect(changedInSnapshot).toBeGreaterThan(0);
  expect(changedInSnapshot).toBeLessThan(changed);

  // Whole requests only: an approved request has its one ledger entry and audit row, a pending one none.
  for (const [table, ids, col] of [
    ['deposits', run.deposits, 'deposit_id'],
    ['withdrawals', run.withdrawals, 'withdrawal_id'],
  ] as const) {
    const found = await restored.db.query<{ id: string; status: string; ledger: number; audit: number }>(
      `SELECT r.id::text AS id, r.status,
              (SELECT count(*)::int FROM ledger_entries l WHERE l.${col} = r.id) AS ledger,
              (SELECT count(*)::int FROM audit_log a WHERE a.target_id = r.id::text AND a.action = $2) AS audit
         FROM ${table} r WHERE r.id = ANY($1::uuid[])`,
      [ids, `${table === 'deposits' ? 'deposit' : 'withdrawal'}.approve`],
    );
    for (const f of found) {
      expect([f.status, f.ledger, f.audit], `${table} ${f.id}`).toEqual(
        f.status === 'approved' ? ['approved', 1, 1] : ['pending', 0, 0],
      );
    }
    // Every request of the burst that is in the backup is its final (approved) or first (pending) form.
    for (const f of found) {
      const original = run.after.get(table)?.get(f.id);
      if (f.status === 'approved') expect(rows.get(table)?.get(f.id), f.id).toBe(original);
    }
  }
  // Every balance is the balance after the last ledger entry of the snapshot (or unchanged when it has none).
  const stale = await restored.db.query(
    `SELECT b.member_id, b.currency, b.balance, l.balance_after FROM balances b
       LEFT JOIN LATERAL (SELECT balance_after FROM ledger_entries e
                           WHERE e.member_id = b.member_id AND e.currency = b.currency
                           ORDER BY e.id DESC LIMIT 1) l ON true
      WHERE b.balance <> COALESCE(l.balance_after, 0)`,
  );
  expect(stale).toEqual([]);
  const report = await verifyLedger(restored.db);
  expect(report.ok, JSON.stringify(report)).toBe(true);

  // The restored server serves the administrator's session of the original.
  const c = new Client(restored.url);
  c.cookies = new Map(run.adminCookies);
  expect((await c.get('/api/admin/members')).status).toBe(200);
}
