/**
 * Proof of liabilities at 100,000 members (docs/decisions/0450-proof-of-liabilities.md): time and memory to
 * take the snapshot (every member's balances read, the Merkle sum tree built, root and leaves stored), to
 * serve the first member's proof (the stored leaves read and the tree rebuilt) and a later one (the tree kept).
 * The `proof` section of `npm run bench`, on PostgreSQL; alone:
 *
 *   npx tsx --expose-gc bench/reserve-proof.ts [DATABASE_URL] [members]
 *
 * With a URL the members are seeded there in one transaction that is rolled back at the end (the snapshot
 * tables are permanent, so nothing may be committed); without one, in an in-memory PGlite.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { openDb } from '../src/server/db';
import { migrate } from '../src/server/db/migrate';
import { memberProof, snapshotLiabilities } from '../src/server/reserves/liabilities';
import { buildTree } from '../src/server/reserves/merkle-tree';

export interface ProofStep {
  step: string;
  wallMs: number;
  cpuMs: number;
  heapAddedMb: number;
}

export interface ProofResult {
  members: number;
  database: 'pg' | 'pglite';
  steps: ProofStep[];
  /** The later proof's steps and size. */
  pathSteps: number;
  proofBytes: number;
}

const MB = 2 ** 20;

export async function runProofBench(
  url: string | undefined,
  members: number,
  log: (line: string) => void,
): Promise<ProofResult> {
  const steps: ProofStep[] = [];
  async function timed<T>(step: string, fn: () => Promise<T> | T): Promise<T> {
    global.gc?.();
    const heap = process.memoryUsage().heapUsed;
    const t = performance.now();
    const cpu = process.cpuUsage();
    const out = await fn();
    const wallMs = performance.now() - t;
    const used = process.cpuUsage(cpu);
    const s = {
      step,
      wallMs,
      cpuMs: (used.user + used.system) / 1000,
      heapAddedMb: (process.memoryUsage().heapUsed - heap) / MB,
    };
    steps.push(s);
    log(
      `${step}: ${wallMs.toFixed(0)} ms wall, ${s.cpuMs.toFixed(0)} ms CPU, heap +${s.heapAddedMb.toFixed(0)} MB`,
    );
    return out;
  }

  const db = url ? await openDb({ databaseUrl: url }) : await openDb({ memory: true });
  await migrate(db);
  // The tree alone, from leaves already in memory.
  const leaves = Array.from({ length: members }, (_, i) => ({
    commitment: new Uint8Array(32).fill(i % 251),
    units: [BigInt(i) * 100_000_000n, BigInt(i), 0n, 12_345_678n],
  }));
  await timed(`tree alone, ${members.toLocaleString('en-US')} leaves × 4 currencies`, () =>
    buildTree(['KRW', 'ETH', 'XRP', 'USDT'], leaves),
  );
  leaves.length = 0;

  let pathSteps = 0;
  let proofBytes = 0;
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
        [tag, members],
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
      await timed('snapshot: balances read, commitments, tree, leaves stored', () =>
        snapshotLiabilities(q, randomUUID()),
      );
      await timed('first proof: stored leaves read, tree rebuilt and kept', () => memberProof(q, one!.id));
      const proof = await timed('a later proof from the kept tree', () => memberProof(q, one!.id));
      pathSteps = proof?.path.length ?? 0;
      proofBytes = JSON.stringify(proof).length;
      throw new Rollback();
    })
    .catch((err) => {
      if (!(err instanceof Rollback)) throw err;
    })
    .finally(() => db.close());
  return { members, database: db.kind, steps, pathSteps, proofBytes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await runProofBench(
    process.argv[2] || undefined,
    Number(process.argv[3] ?? 100_000),
    console.log,
  );
  console.log(`path of ${r.pathSteps} steps, ${r.proofBytes} bytes of JSON`);
}
