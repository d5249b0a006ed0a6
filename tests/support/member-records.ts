import type { Queryable } from '../../src/server/db';

/** Every row of every money table that names the member, as text (to compare before and after). */
export async function moneyRecordsOf(db: Queryable, memberId: string) {
  const out: Record<
    'ledger_entries' | 'deposits' | 'withdrawals' | 'asset_locks' | 'balances' | 'audit_log',
    unknown[]
  > = {
    ledger_entries: [],
    deposits: [],
    withdrawals: [],
    asset_locks: [],
    balances: [],
    audit_log: [],
  };
  for (const [table, where] of [
    ['ledger_entries', 'member_id = $1 OR actor_id = $1'],
    ['deposits', 'member_id = $1'],
    ['withdrawals', 'member_id = $1 OR recipient_member_id = $1'],
    ['asset_locks', 'member_id = $1'],
    ['balances', 'member_id = $1'],
    ['audit_log', "target_id = $1::text OR after ->> 'member_id' = $1::text"],
  ] as const) {
    out[table] = await db.query(
      `SELECT to_jsonb(t)::text AS row FROM ${table} t WHERE ${where} ORDER BY to_jsonb(t)::text`,
      [memberId],
    );
  }
  return out;
}
