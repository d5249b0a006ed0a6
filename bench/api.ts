/**
 * API throughput and latency against PostgreSQL, each endpoint beside the baseline (bench/baseline-server.ts)
 * in the same run: autocannon, 64 connections, runs alternating between the two servers, medians.
 */

import autocannon from 'autocannon';
import { openDb } from '../src/server/db';
import { migrate } from '../src/server/db/migrate';
import { type ApiKind, type Scenario, scenarios } from './api-scenarios';
import {
  cpuMsOf,
  median,
  medianInterval,
  type Proc,
  postgresCpuMs,
  ROOT,
  startProcess,
  waitForHttp,
} from './lib';
import type { Pgbench, PgbenchRun } from './pgbench';
import { checkSameSql } from './same-sql';
import { createBenchDatabase, seed } from './seed';

export interface LoadStats {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time (user + system) of the server process per answered request, ms. */
  cpuMsPerReq?: number;
  /** The same of the PostgreSQL server (all its processes; NaN when it runs elsewhere) and of the load client. */
  pgCpuMsPerReq?: number;
  clientCpuMsPerReq?: number;
}

export interface ApiRow {
  operationId: string;
  request: string;
  statements: number;
  /** autocannon connections (and pgbench clients for the approval row). */
  connections: number;
  app: LoadStats;
  baseline: LoadStats;
  /** Median of the per-run ratios app/baseline (each pair measured back to back). */
  ratio: number;
  ratios: number[];
  /** 95 % confidence interval of that median (order statistics of the per-run ratios). */
  ratioCi?: [number, number];
  /** Timed runs per server and their length in seconds. */
  runs?: number;
  duration?: number;
  kind: ApiKind;
  /** Approvals: pgbench TPS timed between the same rounds, and approvals/s ÷ TPS per round. */
  pgbench?: {
    tps: number;
    tpsRuns: number[];
    /** CPU ms per transaction (medians of the runs): PostgreSQL's and pgbench's own. */
    pgCpuMsPerTx: number;
    clientCpuMsPerTx: number;
    ratio: number;
    ratios: number[];
    scale: number;
    version: string;
  };
}

export interface ApiOptions {
  baseUrl: string;
  /** Timed runs per server (pairs of wallet and baseline runs) and their seconds. */
  runs: number;
  duration: number;
  /** Connections of the write and approval runs (and pgbench's clients). */
  connections: number;
  /** The read endpoints run at each of these. */
  readConnections: number[];
  poolMax: number;
  pgbench?: Pgbench;
  /** How the wallet server is started (from the repository root). */
  serverCommand: [string, ...string[]];
  log: (line: string) => void;
}

const APP_PORT = 3181;
const BASE_PORT = 3182;

async function load(port: number, sc: Scenario, connections: number, duration: number): Promise<LoadStats> {
  const r = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    pipelining: 1,
    timeout: 10,
    requests: [{ setupRequest: () => sc.next() }],
  });
  return {
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

/**
 * One endpoint at one connection count: a warm-up of each server, then `runs` rounds, each round the
 * wallet and the baseline back to back (the order alternating), and pgbench between them for approvals.
 */
async function measure(
  sc: Scenario,
  connections: number,
  statements: number,
  o: ApiOptions,
  pids: Record<number, number>,
): Promise<ApiRow> {
  const { runs, duration } = o;
  let expected = 2_000 * duration;
  const timed = async (port: number, seconds: number) => {
    await sc.prepare?.(expected);
    const pid = pids[port]!;
    const [c0, pg0, k0] = [await cpuMsOf(pid), await postgresCpuMs(), process.cpuUsage()];
    const r = await load(port, sc, connections, seconds);
    const k = process.cpuUsage(k0);
    const answered = Math.max(1, r.rps * seconds);
    r.cpuMsPerReq = ((await cpuMsOf(pid)) - c0) / answered;
    r.pgCpuMsPerReq = ((await postgresCpuMs()) - pg0) / answered;
    // autocannon runs in this process: its CPU is this process's.
    r.clientCpuMsPerReq = (k.user + k.system) / 1000 / answered;
    expected = Math.max(expected, r.rps * seconds);
    return r;
  };
  const pgb = sc.kind === 'approval' ? o.pgbench : undefined;
  // Warm both (JIT, connection pools, caches).
  await timed(APP_PORT, 2);
  await timed(BASE_PORT, 2);
  // 64 clients connecting can take seconds on a loaded machine: a warm-up as long as a timed run.
  if (pgb) await pgb.run(connections, duration).catch((err) => o.log(`pgbench warm-up: ${err}`));
  const appRuns: LoadStats[] = [];
  const baseRuns: LoadStats[] = [];
  const tpsRuns: number[] = [];
  const pgbRuns: PgbenchRun[] = [];
  for (let i = 0; i < runs; i++) {
    const rotations: ('app' | 'base' | 'pgbench')[][] = [
      ['app', 'base', 'pgbench'],
      ['pgbench', 'base', 'app'],
      ['base', 'pgbench', 'app'],
    ];
    const order: ('app' | 'base' | 'pgbench')[] = pgb
      ? rotations[i % 3]!
      : i % 2 === 0
        ? ['app', 'base']
        : ['base', 'app'];
    for (const which of order) {
      if (which === 'pgbench') {
        const run = await pgb!.run(connections, duration);
        pgbRuns.push(run);
        tpsRuns.push(run.tps);
      } else if (which === 'app') appRuns.push(await timed(APP_PORT, duration));
      else baseRuns.push(await timed(BASE_PORT, duration));
    }
  }
  const stat = (runs: LoadStats[]): LoadStats => ({
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    cpuMsPerReq: median(runs.map((r) => r.cpuMsPerReq ?? Number.NaN)),
    pgCpuMsPerReq: median(runs.map((r) => r.pgCpuMsPerReq ?? Number.NaN)),
    clientCpuMsPerReq: median(runs.map((r) => r.clientCpuMsPerReq ?? Number.NaN)),
  });
  const ratios = appRuns.map((r, i) => r.rps / baseRuns[i]!.rps);
  const row: ApiRow = {
    operationId: sc.operationId,
    request: sc.request,
    statements,
    connections,
    app: stat(appRuns),
    baseline: stat(baseRuns),
    ratio: median(ratios),
    ratios,
    ratioCi: medianInterval(ratios),
    runs,
    duration,
    kind: sc.kind,
  };
  if (pgb) {
    const pr = appRuns.map((r, i) => r.rps / tpsRuns[i]!);
    row.pgbench = {
      tps: median(tpsRuns),
      tpsRuns,
      pgCpuMsPerTx: median(pgbRuns.map((r) => r.pgCpuMsPerTx)),
      clientCpuMsPerTx: median(pgbRuns.map((r) => r.clientCpuMsPerTx)),
      ratio: median(pr),
      ratios: pr,
      scale: pgb.scale,
      version: pgb.version,
    };
  }
  o.log(
    `${sc.operationId} @${connections}: wallet ${row.app.rps.toFixed(0)} req/s p50 ${row.app.p50} p99 ${row.app.p99} ms | baseline ${row.baseline.rps.toFixed(0)} req/s p50 ${row.baseline.p50} p99 ${row.baseline.p99} ms | CPU ms/req server ${row.app.cpuMsPerReq?.toFixed(2)} vs ${row.baseline.cpuMsPerReq?.toFixed(2)}, PostgreSQL ${row.app.pgCpuMsPerReq?.toFixed(2)} vs ${row.baseline.pgCpuMsPerReq?.toFixed(2)}, client ${row.app.clientCpuMsPerReq?.toFixed(2)} vs ${row.baseline.clientCpuMsPerReq?.toFixed(2)} | ratio ${row.ratio.toFixed(3)}${row.ratioCi?.every(Number.isFinite) ? ` [95 % CI ${row.ratioCi.map((x) => x.toFixed(2)).join('–')}]` : ''} (${ratios.map((r) => r.toFixed(2)).join(' ')})${row.pgbench ? ` | pgbench ${row.pgbench.tps.toFixed(0)} tps (CPU ms/tx PostgreSQL ${row.pgbench.pgCpuMsPerTx.toFixed(2)}, pgbench ${row.pgbench.clientCpuMsPerTx.toFixed(2)}), ratio ${row.pgbench.ratio.toFixed(2)} (${row.pgbench.ratios.map((r) => r.toFixed(2)).join(' ')})` : ''}${row.app.errors + row.baseline.errors ? ` ERRORS ${row.app.errors}/${row.baseline.errors}` : ''}`,
  );
  return row;
}

export async function runApiBench(o: ApiOptions): Promise<{ rows: ApiRow[]; seedSummary: string }> {
  const db = await createBenchDatabase(o.baseUrl);
  const procs: Proc[] = [];
  try {
    const m = await openDb({ databaseUrl: db.url });
    await migrate(m);
    await m.close();
    const counts = { readers: 200, submitters: 200, payees: 2_000 };
    const s = await seed(db.url, counts);
    const seedSummary = `${counts.readers} readers (4 balances, 4 locks, 70 deposits and 70 withdrawals each), ${counts.submitters} submitters, ${counts.payees} members with pending deposits to approve`;
    o.log(`seeded: ${seedSummary}`);
    const scs = scenarios(s, db.url);
    const statements = await checkSameSql(db.url, scs, o.poolMax);
    o.log(`same SQL in both servers: ${[...statements].map(([k, v]) => `${k} ${v}`).join(', ')}`);

    const env = {
      DATABASE_URL: db.url,
      HOST: '127.0.0.1',
      PRICE_REFRESH: 'false',
      NODE_ENV: 'production',
      DATABASE_POOL_MAX: String(o.poolMax),
    };
    const [cmd, ...args] = o.serverCommand;
    const app = startProcess(cmd, args, { ...env, PORT: String(APP_PORT), LOG_LEVEL: 'warn' });
    procs.push(app);
    const base = startProcess(process.execPath, ['--import', 'tsx', `${ROOT}/bench/baseline-server.ts`], {
      ...env,
      PORT: String(BASE_PORT),
    });
    procs.push(base);
    await waitForHttp(`http://127.0.0.1:${APP_PORT}/api/balances`, app, 60_000, 401);
    await waitForHttp(`http://127.0.0.1:${BASE_PORT}/api/balances`, base, 60_000, 401);

    const rows: ApiRow[] = [];
    // BENCH_ENDPOINTS=getBalances,adminApproveDeposit: some endpoints only (for iterating).
    const pick = process.env.BENCH_ENDPOINTS?.split(',');
    for (const sc of scs.filter((x) => !pick || pick.includes(x.operationId))) {
      for (const connections of sc.kind === 'read' ? o.readConnections : [o.connections]) {
        rows.push(
          await measure(sc, connections, statements.get(sc.operationId) ?? 0, o, {
            [APP_PORT]: app.child.pid!,
            [BASE_PORT]: base.child.pid!,
          }),
        );
      }
    }
    // Every timed approval must have been one administrator's: a proposal means a threshold was crossed.
    const m2 = await openDb({ databaseUrl: db.url });
    const [p] = await m2.query<{ n: number }>('SELECT count(*)::int AS n FROM admin_proposals');
    await m2.close();
    if (p!.n > 0) throw new Error(`${p!.n} approvals became proposals: raise BENCH_FOUR_EYES (bench/lib.ts)`);
    return { rows, seedSummary };
  } finally {
    for (const p of procs) await p.stop();
    await db.drop();
  }
}
