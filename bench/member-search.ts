/**
 * Administrator member search at 100,000 members (docs/decisions/0040-admin-member-search.md).
 *
 * Seeds N members (realistic row width: two argon2id-sized hashes) in a throw-away database (or an
 * in-memory PGlite when no URL is given), then times the queries the administrator list
 * runs (src/server/admin/list-members.ts, the function behind `adminListMembers`) for typical searches
 * and pages: p50 and p95 of `samples` timed calls each, after one warm-up call.
 */

import { type Db, openDb } from '../src/server/db';
import { migrate } from '../src/server/db/migrate';
import { likeEscape, listMembers } from '../src/server/members/list-members';
import { percentiles } from './lib';

export interface SearchRow {
  label: string;
  total: number;
  /** The total is the count cap, a lower bound. */
  capped?: boolean;
  p50: number;
  p95: number;
  /** EXPLAIN ANALYZE of the search's scan (the statement that uses the trigram index), with the server's own planning and execution time. */
  plan?: string;
}
export interface SearchResult {
  kind: string;
  members: number;
  seedMs: number;
  rows: SearchRow[];
}

/** `url`: a throw-away database (bench/run.ts creates and drops it); none: an in-memory PGlite. */
async function open(url: string | undefined): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  const db = url ? await openDb({ databaseUrl: url }) : await openDb({ memory: true });
  return { db, cleanup: () => db.close() };
}

export const SEARCH_CASES: [label: string, q: string | undefined, page?: number][] = [
  ['no search, page 1', undefined],
  ['no search, page 1000', undefined, 1000],
  ['username, 1 hit (user054321)', 'user054321'],
  ['username, ~1,100 hits (user012)', 'user012'],
  ['email, ~2,000 hits (example7.com)', 'example7.com'],
  ['email, every row (mail), page 1', 'mail'],
  ['email, every row (mail), page 100', 'mail', 100],
  ['name, Korean (회원777)', '회원777'],
  ['no hit (zzzz)', 'zzzz'],
];

export async function runSearchBench(
  url: string | undefined,
  members: number,
  samples: number,
): Promise<SearchResult> {
  const { db, cleanup } = await open(url);
  try {
    await migrate(db);
    const hash = `$argon2id$v=19$m=19456,t=2,p=1$${'x'.repeat(22)}$${'y'.repeat(43)}`;
    const t0 = performance.now();
    // One statement for 100,000 rows and their trigram index entries: longer than the server's statement
    // timeout on a loaded machine, so this transaction lifts it.
    await db.tx(async (tx) => {
      await tx.query('SET LOCAL statement_timeout = 0');
      await tx.query(
        `INSERT INTO members (username, email, full_name, contact, password_hash, second_password_hash, created_at)
       SELECT 'user' || lpad(i::text, 6, '0'), 'mail' || i || '@example' || (i % 50) || '.com',
              (ARRAY['김','이','박','최','정'])[1 + i % 5] || '회원' || i, '010-1234-5678', $1, $1,
              now() - make_interval(secs => i)
         FROM generate_series(1, $2::int) AS i`,
        [hash, members],
      );
    });
    // The table as it stands once vacuumed: on PostgreSQL autovacuum does this after a bulk insert
    // (autovacuum_vacuum_insert_threshold), on PGlite the server's housekeeping. Without it
    // the visibility map is empty and the count and the deep pages read every row from the heap.
    await db.query('VACUUM (ANALYZE) members');
    const seedMs = performance.now() - t0;
    const rows: SearchRow[] = [];
    for (const [label, q, page] of SEARCH_CASES) {
      let total = 0;
      let capped = false;
      const call = async () => {
        const r = await listMembers(db, { q, page: page ?? 1, pageSize: 50 });
        total = r.total;
        capped = r.total_capped;
      };
      await call(); // warm
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const t = performance.now();
        await call();
        times.push(performance.now() - t);
      }
      const plan = q ? await explainSearch(db, q) : undefined;
      rows.push({ label, total, capped, ...percentiles(times, 50, 95), plan });
    }
    return { kind: db.kind, members, seedMs, rows };
  } finally {
    await cleanup();
  }
}

/** The plan of the search's scan as list-members.ts runs it (its first-hits statement). */
async function explainSearch(db: Db, q: string): Promise<string> {
  const pattern = `%${likeEscape(q.trim().toLowerCase())}%`;
  const lines = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON)
     SELECT id, created_at FROM members WHERE search_key LIKE $1 LIMIT 2001`,
    [pattern],
  );
  return lines.map((l) => l['QUERY PLAN']).join('\n');
}
