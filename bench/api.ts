/**
 * API throughput and latency against PostgreSQL, each endpoint beside the baseline (bench/baseline-server.ts)
 * in the same run: autocannon, 64 connections, runs alternating between the two servers, medians.
 */

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import autocannon, { type RawRequest } from 'autocannon';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Db, openDb, type Queryable } from '../src/server/db';
import { migrate } from '../src/server/db/migrate';
import { baselineHandler, openBaselineDb } from './baseline-server';
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
import { createBenchDatabase, pendingDeposits, refreshPrices, type Seed, seed } from './seed';

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
  kind: 'read' | 'write' | 'approval';
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

interface Scenario {
  operationId: string;
  request: string;
  kind: ApiRow['kind'];
  next: () => RawRequest;
  /** Called before each timed run (top up pending deposits, refresh prices). */
  prepare?: (expected: number) => Promise<void>;
}

const KRW_DEPOSIT = JSON.stringify({
  bank_name: '국민은행',
  account_number: '123-456-789012',
  account_holder: '홍길동',
  amount: '50000',
  depositor_name: '홍길동',
});

function scenarios(s: Seed, url: string): Scenario[] {
  let i = 0;
  const reader = () => s.readers[i++ % s.readers.length]!.cookie;
  const submitter = () => s.submitters[i++ % s.submitters.length]!.cookie;
  const queue: string[] = [];
  let key = 0;
  const run = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  return [
    {
      operationId: 'getBalances',
      request: 'GET /api/balances',
      kind: 'read',
      next: () => ({ method: 'GET', path: '/api/balances', headers: { cookie: reader() } }),
    },
    {
      operationId: 'getPrices',
      request: 'GET /api/prices',
      kind: 'read',
      next: () => ({ method: 'GET', path: '/api/prices', headers: { cookie: reader() } }),
      prepare: () => refreshPrices(url),
    },
    {
      operationId: 'listHistory',
      request: 'GET /api/history?type=all (100 rows)',
      kind: 'read',
      next: () => ({ method: 'GET', path: '/api/history?type=all', headers: { cookie: reader() } }),
    },
    {
      operationId: 'createKrwDeposit',
      request: 'POST /api/deposits/krw, a new Idempotency-Key each',
      kind: 'write',
      next: () => ({
        method: 'POST',
        path: '/api/deposits/krw',
        headers: {
          cookie: submitter(),
          'content-type': 'application/json',
          'idempotency-key': `bench-${run}-${key++}`,
        },
        body: KRW_DEPOSIT,
      }),
    },
    {
      operationId: 'adminApproveDeposit',
      request: 'POST /api/admin/deposits/:id/approve (row locks, balance, ledger, audit)',
      kind: 'approval',
      next: () => ({
        method: 'POST',
        // An empty queue approves a decided deposit again: a 409, counted as an error in the report.
        path: `/api/admin/deposits/${queue.shift() ?? queue.at(-1) ?? '00000000-0000-0000-0000-000000000000'}/approve`,
        headers: { cookie: s.admin.cookie, 'content-type': 'application/json' },
        body: '{}',
      }),
      prepare: async (expected) => {
        const want = Math.max(5_000, Math.ceil(expected * 1.5));
        if (queue.length < want) queue.push(...(await pendingDeposits(url, s.payees, want - queue.length)));
      },
    },
  ];
}

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
 * The live-events hub's read of new `live_events` rows (src/server/events/hub.ts `pull`): it answers a
 * notification, once for every request committed meanwhile and every stream, not the request itself, and
 * lands in the log only when the hub happens to read before the comparison (a race that failed a run).
 */
const HUB_PULL = /^SELECT .* FROM live_events WHERE \(tx, id\) > /;

/** Records every statement a `Db` runs (whitespace folded), transactions included, but the hub's pulls. */
function recording(db: Db, log: string[]): Db {
  const fold = (sql: string) => sql.replace(/\s+/g, ' ').trim();
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      const folded = fold(sql);
      if (!HUB_PULL.test(folded)) log.push(folded);
      return q.query(sql, params);
    },
    // Kept, so both servers announce live events after commit as they do when timed.
    ...(q.notifyAfterCommit && {
      notifyAfterCommit: (channel: string) => {
        log.push(`NOTIFY ${channel} after commit`);
        q.notifyAfterCommit?.(channel);
      },
    }),
  });
  return {
    ...wrap(db),
    kind: db.kind,
    tx: (fn) => db.tx((q) => fn(wrap(q))),
    close: () => db.close(),
    listen: (...args) => db.listen(...args),
  };
}

/**
 * Before timing: one request of each scenario to the wallet (in process, through its real HTTP stack)
 * and to the baseline handler, recording the statements each runs. They must be the same, and the
 * read endpoints must answer the same JSON.
 */
async function checkSameSql(url: string, scs: Scenario[], poolMax: number): Promise<Map<string, number>> {
  const appLog: string[] = [];
  const baseLog: string[] = [];
  const appDb = recording(await openDb({ databaseUrl: url }), appLog);
  const baseDb = recording(openBaselineDb(url, poolMax), baseLog);
  const config = loadConfig({
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    PRICE_REFRESH: 'false',
    STATIC_DIR: '/nonexistent',
  });
  const app = await buildApp({ db: appDb, config });
  // Ready before recording: the live-events hub reads its cursor then (onReady), not per request.
  await app.ready();
  const server = createServer(baselineHandler(baseDb));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const counts = new Map<string, number>();
  try {
    for (const sc of scs) {
      await sc.prepare?.(4);
      appLog.length = 0;
      baseLog.length = 0;
      const req = sc.next();
      const a = await app.inject({
        method: req.method as 'GET',
        url: req.path!,
        headers: req.headers,
        payload: req.body,
      });
      const breq = sc.kind === 'read' ? req : sc.next();
      const b = await fetch(`http://127.0.0.1:${port}${breq.path}`, {
        method: breq.method,
        headers: breq.headers,
        body: breq.body as string | undefined,
      });
      const bText = await b.text();
      if (a.statusCode >= 300 || b.status >= 300) {
        throw new Error(
          `${sc.operationId}: wallet ${a.statusCode} ${a.body} / baseline ${b.status} ${bText}`,
        );
      }
      if (!isDeepStrictEqual(appLog, baseLog)) {
        throw new Error(
          `${sc.operationId}: the baseline runs other SQL\nwallet:\n${appLog.join('\n')}\nbaseline:\n${baseLog.join('\n')}`,
        );
      }
      if (sc.kind === 'read' && !isDeepStrictEqual(JSON.parse(a.body), JSON.parse(bText))) {
        throw new Error(`${sc.operationId}: the baseline answers other JSON`);
      }
      counts.set(sc.operationId, appLog.length);
      // BENCH_PRINT_SQL=1: the statements of each request, as both servers ran them.
      if (process.env.BENCH_PRINT_SQL) console.log(`${sc.operationId}:\n  ${appLog.join('\n  ')}`);
    }
  } finally {
    await app.close();
    server.close();
    await appDb.close();
    await baseDb.close();
  }
  return counts;
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
    return { rows, seedSummary };
  } finally {
    for (const p of procs) await p.stop();
    await db.drop();
  }
}
