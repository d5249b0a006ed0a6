/**
 * Approvals under two-person control, against PostgreSQL's own ceiling: one administrator approving pending
 * KRW deposits at 64 connections through the built server, beside pgbench (TPC-B-like, the same client count,
 * the same server) in the same rounds, the order alternating; approvals/s ÷ TPS per round, and the median.
 *
 * 1. fresh: the administrator has approved nothing else that day;
 * 2. busy: after 20,000 more approvals of that administrator spread over the last 24 hours (written with
 *    SQL as the approval writes them, so every hour and minute of the window holds some), the same;
 * 3. chain: the automatic approval (`approveDeposit` as the chain checker calls it, actor `system:chain`)
 *    of 2,000 found deposits of 2,000 members, 64 at a time, in this process.
 * With each run the CPU time per approval of the server process, of PostgreSQL (every `postgres` process
 * on this machine) and of the load client, beside pgbench's per transaction.
 *
 *   node --import tsx bench/approvals.ts            # ~6 minutes; bench/README.md
 *   BENCH_ROUNDS=3 BENCH_PAIR_SECONDS=4 node --import tsx bench/approvals.ts
 *
 * Four-eyes thresholds are set out of reach (`BENCH_FOUR_EYES`): the one-administrator path is timed, and a
 * run that files a proposal fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { openDb } from '../src/server/db';
import { migrate } from '../src/server/db/migrate';
import { approveDeposit } from '../src/server/proposals/approve-deposit';
import {
  BENCH_FOUR_EYES,
  cpuMsOf,
  median,
  postgresCpuMs,
  ROOT,
  sleep,
  startBenchServer,
  waitForHttp,
} from './lib';
import { type Pgbench, preparePgbench } from './pgbench';
import { createBenchDatabase, pendingDeposits, seed } from './seed';

const env = process.env;
/** Clients of both loads, members paid, approvals already in the busy day's window, the server's port. */
const { connections, PAYEES, BUSY_APPROVALS, PORT } = {
  connections: 64,
  PAYEES: 2_000,
  BUSY_APPROVALS: 20_000,
  PORT: 3191,
};

export interface ApprovalsOptions {
  baseUrl: string;
  rounds: number;
  /** Seconds of each approval run and of each pgbench run. */
  seconds: number;
  log: (line: string) => void;
}

/** One of the three runs: medians over its rounds. */
export interface ApprovalsRun {
  name: string;
  approvalsPerSecond: number;
  tps: number;
  /** Median of the per-round approvals/s ÷ pgbench TPS, and each round's. */
  ratio: number;
  ratios: number[];
  lastOverFirst: number;
  cpu: { server: number; pg: number; client: number };
  pgbenchCpu: { pg: number; client: number };
  errors: number;
}

export interface ApprovalsResult {
  pgbench: string;
  scale: number;
  rounds: number;
  seconds: number;
  fresh: ApprovalsRun;
  busy: ApprovalsRun;
  chain: ApprovalsRun;
}

interface Run {
  perSecond: number;
  errors: number;
  /** CPU ms per approval: the server process, PostgreSQL, the load client (this process). */
  cpu: { server: number; pg: number; client: number };
}

interface Round {
  run: Run;
  tps: number;
  pgbenchCpu: { pg: number; client: number };
}

/** Times `work` (which returns how many approvals it made) with the CPU of `serverPid` and PostgreSQL. */
async function timed(serverPid: number, work: () => Promise<{ n: number; errors: number }>) {
  const [s0, pg0, c0, t0] = [
    await cpuMsOf(serverPid),
    await postgresCpuMs(),
    process.cpuUsage(),
    performance.now(),
  ];
  const { n, errors } = await work();
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const per = (x: number) => x / Math.max(1, n);
  return {
    perSecond: (n * 1000) / ms,
    errors,
    cpu: {
      server: per((await cpuMsOf(serverPid)) - s0),
      pg: per((await postgresCpuMs()) - pg0),
      // The chain's approvals run in this process: its CPU is the server's then.
      client: serverPid === process.pid ? Number.NaN : per((c.user + c.system) / 1000),
    },
  } satisfies Run;
}

/**
 * A pgbench run; again, a few times, when the server had no connection slot left for its 64 clients (other
 * databases on a shared server use them too).
 */
async function pgbenchRun(pgb: Pgbench, o: ApprovalsOptions) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await pgb.run(connections, o.seconds);
    } catch (err) {
      if (attempt >= 10 || !String(err).includes('too many clients')) throw err;
      o.log('pgbench: no connection slots left on the server, again in 3 s');
      await sleep(3_000);
    }
  }
}

/** `rounds` rounds of `approve` and pgbench, the order alternating. */
async function inRounds(pgb: Pgbench, o: ApprovalsOptions, approve: () => Promise<Run>): Promise<Round[]> {
  const out: Round[] = [];
  for (let i = 0; i < o.rounds; i++) {
    const pgbFirst = i % 2 === 1;
    const p1 = pgbFirst ? await pgbenchRun(pgb, o) : null;
    const run = await approve();
    const p = p1 ?? (await pgbenchRun(pgb, o));
    out.push({ run, tps: p.tps, pgbenchCpu: { pg: p.pgCpuMsPerTx, client: p.clientCpuMsPerTx } });
    o.log(
      `  round ${i + 1}: ${run.perSecond.toFixed(0)} approvals/s, pgbench ${p.tps.toFixed(0)} tps, ratio ${(run.perSecond / p.tps).toFixed(3)}; CPU ms/approval server ${run.cpu.server.toFixed(2)} PostgreSQL ${run.cpu.pg.toFixed(2)} client ${run.cpu.client.toFixed(2)}; pgbench CPU ms/tx PostgreSQL ${p.pgCpuMsPerTx.toFixed(2)} pgbench ${p.clientCpuMsPerTx.toFixed(2)}${run.errors ? ` ERRORS ${run.errors}` : ''}`,
    );
  }
  return out;
}

function summary(name: string, rs: Round[], log: (line: string) => void): ApprovalsRun {
  const ratios = rs.map((r) => r.run.perSecond / r.tps);
  const s = {
    name,
    approvalsPerSecond: median(rs.map((r) => r.run.perSecond)),
    tps: median(rs.map((r) => r.tps)),
    ratio: median(ratios),
    ratios,
    lastOverFirst: rs.length > 1 ? rs.at(-1)!.run.perSecond / rs[0]!.run.perSecond : 1,
    cpu: {
      server: median(rs.map((r) => r.run.cpu.server)),
      pg: median(rs.map((r) => r.run.cpu.pg)),
      client: median(rs.map((r) => r.run.cpu.client)),
    },
    pgbenchCpu: {
      pg: median(rs.map((r) => r.pgbenchCpu.pg)),
      client: median(rs.map((r) => r.pgbenchCpu.client)),
    },
    errors: rs.reduce((n, r) => n + r.run.errors, 0),
  };
  log(
    `${name}: ${s.approvalsPerSecond.toFixed(0)} approvals/s, pgbench ${s.tps.toFixed(0)} tps, ratio ${s.ratio.toFixed(3)} (${ratios.map((r) => r.toFixed(3)).join(' ')}), last/first ${s.lastOverFirst.toFixed(2)}`,
  );
  return s;
}

/** 20,000 approvals of `adminId` spread over the last 24 hours, written as an approval writes them. */
async function busyDay(url: string, adminId: string, payees: string[]) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(
      `WITH p AS (SELECT m::uuid AS member_id, ord FROM unnest($1::text[]) WITH ORDINALITY AS t(m, ord)),
            d AS (
              INSERT INTO deposits (member_id, currency, amount, status, bank_name, account_number, account_holder,
                                    depositor_name, processed_by, processed_at, created_at, updated_at)
              SELECT p.member_id, 'KRW', 10000 + i, 'approved', '신한은행', '110-123-456789', '김벤치', '김벤치',
                     $2::uuid, at, at, at
                FROM generate_series(0, $3::int - 1) AS i JOIN p ON p.ord = 1 + i % $4,
                     LATERAL (SELECT now() - make_interval(secs => 30 + i * (86340.0 / $3)) AS at) t
              RETURNING id, member_id, amount, processed_at)
       INSERT INTO ledger_entries (member_id, currency, amount, balance_after, kind, deposit_id, actor_id, created_at)
       SELECT member_id, 'KRW', amount, 0, 'deposit', id, $2::uuid, processed_at FROM d`,
      [payees, adminId, BUSY_APPROVALS, payees.length],
    );
    // The balances the entries add up to.
    await c.query(
      `INSERT INTO balances (member_id, currency, balance)
       SELECT member_id, 'KRW', sum(amount) FROM ledger_entries WHERE member_id = ANY($1::uuid[]) AND currency = 'KRW'
        GROUP BY member_id
       ON CONFLICT (member_id, currency) DO UPDATE SET balance = excluded.balance`,
      [payees],
    );
  } finally {
    await c.end();
  }
  // A day's approvals written in one statement: what autovacuum would have vacuumed and analysed over the
  // day is done now, so the timed rounds do not share the machine with it.
  await vacuumAnalyze(url);
}

async function vacuumAnalyze(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('VACUUM ANALYZE');
  } finally {
    await c.end();
  }
}

/** One found USDT deposit per member, matched on the chain and final, as the checker leaves it. */
async function foundDeposits(url: string, payees: string[]): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: string }>(
      `WITH d AS (
         INSERT INTO deposits (member_id, currency, amount, network, deposit_address, txid, sender_address)
         SELECT m::uuid, 'USDT', 10 + random(), 'TRC20', 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy',
                encode(sha256((m || clock_timestamp() || random())::bytea), 'hex'), 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
           FROM unnest($1::text[]) AS m
         RETURNING id, amount)
       , c AS (
         INSERT INTO deposit_chain_checks (deposit_id, network, verdict, confirmations, required_confirmations,
                                           chain_amount, final, checked_at)
         SELECT id, 'TRC20', 'match', 20, 20, amount, true, now() FROM d)
       SELECT id::text AS id FROM d`,
      [payees],
    );
    // As `pendingDeposits` does (bench/seed.ts): the statistics autovacuum would have taken by now.
    await c.query('ANALYZE');
    return rows.map((r) => r.id);
  } finally {
    await c.end();
  }
}

/** The three runs beside pgbench; the built server (`dist/server/main.js`) must exist. */
export async function runApprovalsBench(o: ApprovalsOptions): Promise<ApprovalsResult> {
  const { baseUrl, seconds, rounds, log } = o;
  const main = path.join(ROOT, 'dist/server/main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing`);
  const dbName = new URL(baseUrl).pathname.slice(1) || 'wallet';
  const pgb = await preparePgbench(baseUrl, Number(env.BENCH_PGBENCH_SCALE ?? 64), log, `${dbName}_pgbench`);
  const db = await createBenchDatabase(baseUrl);
  const server = { stop: async () => {} };
  try {
    const m = await openDb({ databaseUrl: db.url });
    await migrate(m);
    const s = await seed(db.url, { readers: 0, submitters: 0, payees: PAYEES });
    const app = startBenchServer([process.execPath, '--expose-gc', main], db.url, PORT);
    server.stop = app.stop;
    await waitForHttp(`http://127.0.0.1:${PORT}/api/balances`, app, 60_000, 401);
    const pid = app.child.pid!;

    const queue: string[] = [];
    const viaHttp = async (): Promise<Run> => {
      const want = Math.max(5_000, 2_000 * seconds);
      if (queue.length < want) queue.push(...(await pendingDeposits(db.url, s.payees, want - queue.length)));
      return timed(pid, async () => {
        const r = await autocannon({
          url: `http://127.0.0.1:${PORT}`,
          connections,
          duration: seconds,
          pipelining: 1,
          timeout: 10,
          requests: [
            {
              setupRequest: () => ({
                method: 'POST',
                path: `/api/admin/deposits/${queue.shift() ?? '00000000-0000-0000-0000-000000000000'}/approve`,
                headers: { cookie: s.admin.cookie, 'content-type': 'application/json' },
                body: '{}',
              }),
            },
          ],
        });
        return { n: r['2xx'], errors: r.errors + r.timeouts + r.non2xx };
      });
    };

    log(`warm-up (${seconds} s of each)`);
    await viaHttp();
    await pgbenchRun(pgb, o);
    // As after the busy day: the warm-up's writes to a new database (its first approvals, its first rows
    // in every totals table) are vacuumed and analysed now, as autovacuum would have within the minute, so
    // the timed rounds measure the steady state and do not share the machine with autovacuum.
    await vacuumAnalyze(db.url);
    log(`fresh: ${rounds} rounds of ${seconds} s`);
    const fresh = summary('fresh', await inRounds(pgb, o, viaHttp), log);

    log(
      `writing ${BUSY_APPROVALS.toLocaleString('en-US')} approvals of the administrator over the last 24 h`,
    );
    await busyDay(db.url, s.admin.id, s.payees);
    const busy = summary('busy', await inRounds(pgb, o, viaHttp), log);

    const cfg = loadConfig({ ...env, ...BENCH_FOUR_EYES, DATABASE_URL: db.url });
    const system = { actorId: null, actorUsername: 'system:chain' };
    const chain = summary(
      'chain',
      await inRounds(pgb, o, async () => {
        const ids = await foundDeposits(db.url, s.payees);
        return timed(process.pid, async () => {
          let next = 0;
          let n = 0;
          let errors = 0;
          const worker = async () => {
            for (let id = ids[next++]; id !== undefined; id = ids[next++]) {
              const out = await approveDeposit(m, cfg, system, id).catch(() => null);
              if (out && 'applied' in out) n++;
              else errors++;
            }
          };
          await Promise.all(Array.from({ length: connections }, worker));
          return { n, errors };
        });
      }),
      log,
    );
    const [p] = await m.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_proposals');
    await m.close();
    if (p!.n > 0) throw new Error(`${p!.n} approvals became proposals: raise BENCH_FOUR_EYES (bench/lib.ts)`);
    log(
      `busy ÷ fresh ${(busy.approvalsPerSecond / fresh.approvalsPerSecond).toFixed(2)} (ratios to pgbench: ${(busy.ratio / fresh.ratio).toFixed(2)})`,
    );
    return { pgbench: pgb.version, scale: pgb.scale, rounds, seconds, fresh, busy, chain };
  } finally {
    await server.stop();
    await db.drop();
    await pgb.drop();
  }
}

// Run on its own (`npm run bench:approvals`): builds the server, prints the figures as JSON.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!env.BENCH_SKIP_BUILD) {
    const r = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('build:server failed');
  }
  const result = await runApprovalsBench({
    baseUrl: env.BENCH_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wallet',
    rounds: Number(env.BENCH_ROUNDS ?? 5),
    seconds: Number(env.BENCH_PAIR_SECONDS ?? 5),
    log: (line) => console.log(`[approvals] ${line}`),
  });
  console.log(JSON.stringify(result, null, 2));
}
