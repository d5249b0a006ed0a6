/**
 * `listHistory` at depth: one member with 100,000 ledger entries (and the deposits, withdrawals and
 * administrator corrections they record) beside one with 100 in the same proportions, in a throw-away
 * database; calls of the function behind `GET /api/history` alternate between the two, p50/p95 of each,
 * and the plan of the deep member's query. Target: deep p95 ≤ 1.2 × shallow p95.
 */

import { type Db, openDb } from '../src/server/db';
import { migrate } from '../src/server/db/migrate';
import { listHistory } from '../src/server/history/list-history';
import { type Percentiles, percentiles } from './lib';

/** Milliseconds per call. */
type CallMs = Percentiles<50 | 95>;

export interface HistoryDepthResult {
  kind: string;
  deepEntries: number;
  shallowEntries: number;
  seedMs: number;
  samples: number;
  deep: CallMs;
  shallow: CallMs;
  /** deep p95 ÷ shallow p95 */
  ratio: number;
  plan: string;
}

const HASH = `$argon2id$v=19$m=19456,t=2,p=1$${'x'.repeat(22)}$${'y'.repeat(43)}`;

/**
 * A member with `n` ledger entries: 40 % approved KRW deposits, 40 % approved USDT withdrawals (each with
 * its request row), 20 % administrator corrections, one entry per minute going back in time.
 */
async function memberWithEntries(db: Db, name: string, n: number, adminId: string): Promise<string> {
  return db.tx(async (q) => {
    await q.query('SET LOCAL statement_timeout = 0');
    const [m] = await q.query<{ id: string }>(
      `INSERT INTO members (username, email, full_name, contact, password_hash, second_password_hash)
       VALUES ($1, $1 || '@bench.local', '깊이', '010-1234-5678', $2, $2) RETURNING id::text AS id`,
      [name, HASH],
    );
    const id = m!.id;
    const deposits = Math.floor(n * 0.4);
    const withdrawals = Math.floor(n * 0.4);
    const adjustments = n - deposits - withdrawals;
    await q.query(
      `WITH d AS (
         INSERT INTO deposits (member_id, currency, amount, status, bank_name, account_number, account_holder,
                               depositor_name, created_at, updated_at)
         SELECT $1::uuid, 'KRW', 10000 + i, 'approved', '국민은행', '123-456-789012', '홍길동', '홍길동',
                now() - make_interval(mins => 3 * i), now() - make_interval(mins => 3 * i)
           FROM generate_series(1, $2::int) AS i
         RETURNING id, amount, created_at)
       INSERT INTO ledger_entries (member_id, currency, amount, balance_after, kind, deposit_id, actor_id, created_at)
       SELECT $1::uuid, 'KRW', amount, amount, 'deposit', id, $3::uuid, created_at FROM d`,
      [id, deposits, adminId],
    );
    await q.query(
      `WITH w AS (
         INSERT INTO withdrawals (member_id, currency, amount, fee, final_amount, method, network, recipient_address,
                                  status, created_at, updated_at)
         SELECT $1::uuid, 'USDT', 11 + (i % 50), 1, 10 + (i % 50), 'external', 'TRC20',
                'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy', 'approved',
                now() - make_interval(mins => 3 * i + 1), now() - make_interval(mins => 3 * i + 1)
           FROM generate_series(1, $2::int) AS i
         RETURNING id, amount, created_at)
       INSERT INTO ledger_entries (member_id, currency, amount, balance_after, kind, withdrawal_id, actor_id, created_at)
       SELECT $1::uuid, 'USDT', -amount, 1000, 'withdrawal', id, $3::uuid, created_at FROM w`,
      [id, withdrawals, adminId],
    );
    await q.query(
      `INSERT INTO ledger_entries (member_id, currency, amount, balance_after, kind, actor_id, note, created_at)
       SELECT $1::uuid, 'XRP', CASE WHEN i % 3 = 0 THEN -1 ELSE 2 END, 1000, 'admin_adjustment', $3::uuid, 'bench',
              now() - make_interval(mins => 3 * i + 2)
         FROM generate_series(1, $2::int) AS i`,
      [id, adjustments, adminId],
    );
    return id;
  });
}

export async function runHistoryDepthBench(
  url: string | undefined,
  deepEntries: number,
  samples: number,
): Promise<HistoryDepthResult> {
  const db = url ? await openDb({ databaseUrl: url }) : await openDb({ memory: true });
  try {
    await migrate(db);
    const t0 = performance.now();
    const [admin] = await db.query<{ id: string }>(
      `INSERT INTO members (username, email, full_name, contact, password_hash, second_password_hash, is_admin)
       VALUES ('depthadmin', 'depthadmin@bench.local', '관리자', '010-1234-5678', $1, $1, true) RETURNING id::text AS id`,
      [HASH],
    );
    const deep = await memberWithEntries(db, 'deep', deepEntries, admin!.id);
    const shallow = await memberWithEntries(db, 'shallow', 100, admin!.id);
    // The tables as autovacuum leaves them after a bulk insert: without it, an autovacuum
    // started by the seed's inserts runs during the timing on PostgreSQL and lands in one side's tail.
    await db.query('VACUUM (ANALYZE)');
    const seedMs = performance.now() - t0;
    const times = { deep: [] as number[], shallow: [] as number[] };
    const call = async (which: 'deep' | 'shallow') => {
      const t = performance.now();
      const items = await listHistory(db, which === 'deep' ? deep : shallow, 'all');
      const ms = performance.now() - t;
      if (items.length !== 100) throw new Error(`${which}: ${items.length} rows, expected 100`);
      return ms;
    };
    // Warm-up, untimed: the first reads after the seed fill the cache (50 of each).
    for (let i = 0; i < 50; i++) {
      await call('deep');
      await call('shallow');
    }
    for (let i = 0; i < samples; i++) {
      // Alternating, the order swapped each time: load affects both alike.
      for (const which of i % 2 === 0 ? (['deep', 'shallow'] as const) : (['shallow', 'deep'] as const)) {
        times[which].push(await call(which));
      }
    }
    const plan = await explain(db, deep);
    const d = percentiles(times.deep, 50, 95);
    const s = percentiles(times.shallow, 50, 95);
    return {
      kind: db.kind,
      deepEntries,
      shallowEntries: 100,
      seedMs,
      samples,
      deep: d,
      shallow: s,
      ratio: d.p95 / s.p95,
      plan,
    };
  } finally {
    await db.close();
  }
}

/** EXPLAIN ANALYZE of listHistory's statement for the deep member (the statement as list-history.ts sends it). */
async function explain(db: Db, memberId: string): Promise<string> {
  const sqls: string[] = [];
  const spy: Db = {
    ...db,
    query: async <T>(sql: string, params?: unknown[]) => {
      sqls.push(sql);
      const lines = await db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${sql}`,
        params,
      );
      sqls.push(lines.map((l) => l['QUERY PLAN']).join('\n'));
      return [] as T[];
    },
  };
  await listHistory(spy, memberId, 'all');
  return sqls[1] ?? '';
}
