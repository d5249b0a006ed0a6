/**
 * Administrator member search at 100,000 members (issue 6, docs/decisions/0040-admin-member-search.md).
 *
 *   npx tsx bench/member-search.ts                       # embedded PGlite (in memory)
 *   DATABASE_URL=postgres://… npx tsx bench/member-search.ts   # PostgreSQL, in a throw-away schema
 *
 * Seeds N members (realistic row width: two argon2id-sized hashes), then times the queries the
 * administrator list runs (src/server/admin/list-members.ts) for a few typical search terms.
 */
import pg from 'pg';
import { listMembers } from '../src/server/admin/list-members';
import { type Db, openDb } from '../src/server/db';
import { migrate } from '../src/server/db/migrate';

const N = Number(process.env.BENCH_MEMBERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SCHEMA = `bench_member_search_${process.pid}`;

async function open(): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openDb({ memory: true });
    return { db, cleanup: () => db.close() };
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${SCHEMA}`);
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${SCHEMA},public`);
  const db = await openDb({ databaseUrl: u.toString() });
  return {
    db,
    cleanup: async () => {
      await db.close();
      await admin.query(`DROP SCHEMA ${SCHEMA} CASCADE`);
      await admin.end();
    },
  };
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  await fn(); // warm
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

const { db, cleanup } = await open();
try {
  await migrate(db);
  const hash = `$argon2id$v=19$m=19456,t=2,p=1$${'x'.repeat(22)}$${'y'.repeat(43)}`;
  const t0 = performance.now();
  await db.query(
    `INSERT INTO members (username, email, full_name, contact, password_hash, second_password_hash, created_at)
     SELECT 'user' || lpad(i::text, 6, '0'), 'mail' || i || '@example' || (i % 50) || '.com',
            (ARRAY['김','이','박','최','정'])[1 + i % 5] || '회원' || i, '010-1234-5678', $1, $1,
            now() - make_interval(secs => i)
       FROM generate_series(1, $2::int) AS i`,
    [hash, N],
  );
  await db.query('ANALYZE members');
  console.log(`${db.kind}: seeded ${N} members in ${Math.round(performance.now() - t0)} ms`);

  const cases: [string, string | undefined, number?][] = [
    ['no search, page 1', undefined],
    ['no search, page 1000', undefined, 1000],
    ['contains, 1 hit (user054321)', 'user054321'],
    ['contains, ~1,100 hits (user012)', 'user012'],
    ['contains, ~2,000 hits (example7.com)', 'example7.com'],
    ['contains, every row (mail)', 'mail'],
    ['contains, no hit (zzzz)', 'zzzz'],
    ['contains, Korean name (회원777)', '회원777'],
  ];
  for (const [label, q, page] of cases) {
    let total = 0;
    const ms = await time(async () => {
      const r = await listMembers(db, { q, page: page ?? 1, pageSize: 50 });
      total = r.total;
    });
    console.log(`${label.padEnd(40)} ${ms.toFixed(1).padStart(8)} ms   total=${total}`);
  }
} finally {
  await cleanup();
}
