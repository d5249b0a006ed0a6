/**
 * Proof of liabilities at 100,000 members (docs/decisions/0450-proof-of-liabilities.md): time and memory to
 * take the snapshot (every member's balances read, the Merkle sum tree built, root and leaves stored), to
 * serve the first member's proof (the stored leaves read and the tree rebuilt) and a later one (the tree kept).
 *
 *   npx tsx bench/reserve-proof.ts [DATABASE_URL] [members]
 *
 * With a URL the members are seeded there in one transaction that is rolled back at the end (the snapshot
 * tables are permanent, so nothing may be committed); without one, in an in-memory PGlite.
 */
import { randomUUID } from 'node:crypto';
import { openDb } from '../src/server/db';
import { migrate } from '../src/server/db/migrate';
import { memberProof, snapshotLiabilities } from '../src/server/reserves/liabilities';
import { buildTree } from '../src/server/reserves/merkle-tree';

const url = process.argv[2] || undefined;
const N = Number(process.argv[3] ?? 100_000);
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

async function timed<T>(label: string, fn: () => Promise<T> | T): Promise<T> {
  global.gc?.();
  const heap = process.memoryUsage().heapUsed;
  const t = performance.now();
  const cpu = process.cpuUsage();
  const out = await fn();
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const after = process.memoryUsage();
  console.log(
    `${label.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms wall  ${((used.user + used.system) / 1000).toFixed(0).padStart(6)} ms CPU   heap +${mb(after.heapUsed - heap)}   rss ${mb(after.rss)}`,
  );
  return out;
}

const db = url ? await openDb({ databaseUrl: url }) : await openDb({ memory: true });
await migrate(db);
console.log(`${N.toLocaleString('en')} members, ${db.kind}, Node ${process.version}`);

// The tree alone, from leaves already in memory.
const leaves = Array.from({ length: N }, (_, i) => ({
  commitment: new Uint8Array(32).fill(i % 251),
  units: [BigInt(i) * 100_000_000n, BigInt(i), 0n, 12_345_678n],
}));
await timed('tree alone (4 currencies)', () => buildTree(['KRW', 'ETH', 'XRP', 'USDT'], leaves));
leaves.length = 0;

class Rollback extends Error {}
await db
  .tx(async (q) => {
    const tag = randomUUID().slice(0, 8);
    // Seeding 100,000 members may outlast the pool's statement timeout on a busy machine.
    if (db.kind === 'pg') await q.query('SET LOCAL statement_timeout = 0');
    await q.query(
      `INSERT INTO members (username, email, full_name, password_hash)
       SELECT 'b' || n || '_' || $1, 'b' || n || '_' || $1 || '@example.com', '홍길동', 'x'
         FROM generate_series(1, $2::int) AS n`,
      [tag, N],
    );
    await q.query(
      `INSERT INTO balances (member_id, currency, balance)
       SELECT id, c, (random() * 1000)::numeric(38, 8) FROM members, unnest(ARRAY['KRW', 'USDT']) AS c
        WHERE username LIKE 'b%\\_' || $1`,
      [tag],
    );
    const [one] = await q.query<{ id: string }>(
      `SELECT id::text AS id FROM members WHERE username = 'b1_' || $1`,
      [tag],
    );
    const snap = await timed('snapshot: read, build, store 100k leaves', () =>
      snapshotLiabilities(q, randomUUID()),
    );
    console.log(`  root ${snap.root_hash}, ${snap.member_count} leaves`);
    const proof = await timed('first proof: read leaves, rebuild the tree', () => memberProof(q, one!.id));
    await timed('next proof: tree kept', () => memberProof(q, one!.id));
    console.log(`  path of ${proof?.path.length} steps, ${JSON.stringify(proof).length} bytes of JSON`);
    throw new Rollback();
  })
  .catch((err) => {
    if (!(err instanceof Rollback)) throw err;
  });
await db.close();
