/**
 * What an approval's live event costs PostgreSQL itself: pgbench's TPC-B-like transaction as is, with a
 * `pg_notify` before its COMMIT, and with the transaction advisory lock `publish()` takes first
 * (src/server/events/publish.ts, decision 0130) and the notify — same server, same clients, rounds
 * alternating. `npx tsx bench/pgbench-serialized.ts [clients] [rounds] [seconds]`
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median } from './lib';
import { preparePgbench } from './pgbench';

const clients = Number(process.argv[2] ?? 64);
const rounds = Number(process.argv[3] ?? 5);
const seconds = Number(process.argv[4] ?? 4);
const baseUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wallet';
const log = (l: string) => console.log(`[pgbench-serialized] ${l}`);
const pgb = await preparePgbench(baseUrl, Number(process.env.BENCH_PGBENCH_SCALE ?? 64), log);

const tpcb = (extra: string) => `\\set aid random(1, 100000 * :scale)
\\set bid random(1, 1 * :scale)
\\set tid random(1, 10 * :scale)
\\set delta random(-5000, 5000)
BEGIN;
UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;
UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;
INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
${extra}END;
`;
const dir = os.tmpdir();
const scripts = {
  'TPC-B': tpcb(''),
  'TPC-B + pg_notify': tpcb(`SELECT pg_notify('bench_events', 'x');\n`),
  'TPC-B + advisory xact lock + pg_notify': tpcb(
    `SELECT pg_advisory_xact_lock(4242);\nSELECT pg_notify('bench_events', 'x');\n`,
  ),
};
const files = Object.entries(scripts).map(([name, text], i) => {
  const f = path.join(dir, `wallet-pgbench-${process.pid}-${i}.sql`);
  writeFileSync(f, text);
  return [name, f] as const;
});
const u = new URL(baseUrl);
const run = (file: string) =>
  new Promise<number>((resolve, reject) => {
    const c = spawn(
      pgb.binary,
      ['-n', '-s', String(pgb.scale), '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', file],
      {
        env: {
          ...process.env,
          PGHOST: u.hostname,
          PGPORT: u.port || '5432',
          PGUSER: u.username || 'postgres',
          PGDATABASE: 'wallet_bench_pgbench',
        },
      },
    );
    let out = '';
    c.stdout.on('data', (b: Buffer) => {
      out += b;
    });
    c.stderr.on('data', (b: Buffer) => {
      out += b;
    });
    c.on('exit', () => {
      const m = /tps = ([\d.]+)/.exec(out);
      m ? resolve(Number(m[1])) : reject(new Error(out));
    });
  });
try {
  const tps = new Map<string, number[]>(files.map(([n]) => [n, []]));
  for (const [, f] of files) await run(f).catch(() => 0); // warm
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? [...files].reverse() : files;
    for (const [n, f] of order) tps.get(n)!.push(await run(f));
  }
  const plain = median(tps.get('TPC-B')!);
  for (const [n, xs] of tps) {
    log(
      `${n}: ${median(xs).toFixed(0)} TPS (median of ${xs.map((x) => x.toFixed(0)).join(' ')}), ${(median(xs) / plain).toFixed(2)} × plain`,
    );
  }
} finally {
  await pgb.drop();
}
