/**
 * `npm run bench`: every benchmark, written to docs/BENCHMARKS.md (see bench/README.md).
 *
 *   npm run bench                          # all sections; PostgreSQL from BENCH_DATABASE_URL / DATABASE_URL
 *   npm run bench -- --only api,size       # some sections (api, approvals, search, history, startup, size, lighthouse, live, desk, proof)
 *   BENCH_PAIRS=7 BENCH_RUNS=3 npm run bench -- --out /tmp/b.md   # quicker, elsewhere
 *   npm run bench -- --quick --out /tmp/b.md   # fewer and shorter runs, no live section: for iterating
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUDGETS, screenSizes } from '../scripts/bundle-size.mjs';
import { openDb } from '../src/server/db';
import { migrate } from '../src/server/db/migrate';
import { type ApiRow, runApiBench } from './api';
import { runApprovalsBench } from './approvals';
import { runDeskBench } from './desk-operator';
import { runHistoryDepthBench } from './history-depth';
import { machine, type Proc, ROOT, startBenchServer, waitForHttp } from './lib';
import { runLighthouse } from './lighthouse';
import { runLiveBench } from './live-events';
import { runSearchBench } from './member-search';
import { type Pgbench, preparePgbench } from './pgbench';
import { type Report, renderReport } from './report';
import { runProofBench } from './reserve-proof';
import { createBenchDatabase, seed } from './seed';
import { runStartupBench } from './startup';

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};

// `--render`: writes the page again from docs/benchmarks.json (after report*.ts changed), measuring nothing.
if (argv.includes('--render')) {
  const page = path.resolve(arg('out') ?? path.join(ROOT, 'docs/BENCHMARKS.md'));
  const json = page
    .replace(/\.md$/, '')
    .concat('.json')
    .replace(/BENCHMARKS\.json$/, 'benchmarks.json');
  writeFileSync(page, renderReport(JSON.parse(readFileSync(json, 'utf8')) as Report));
  spawnSync('npx', ['biome', 'format', '--write', page], { cwd: ROOT, stdio: 'ignore' });
  console.log(
    `[bench] rendered ${path.relative(process.cwd(), page)} from ${path.relative(process.cwd(), json)}`,
  );
  process.exit(0);
}
const SECTIONS = [
  'api',
  'approvals',
  'search',
  'history',
  'startup',
  'size',
  'lighthouse',
  'live',
  'desk',
  'proof',
] as const;
type Section = (typeof SECTIONS)[number];
const quick = argv.includes('--quick');
const only = new Set(
  (arg('only') ?? SECTIONS.filter((s) => !(quick && s === 'live')).join(',')).split(',') as Section[],
);
for (const s of only)
  if (!SECTIONS.includes(s)) throw new Error(`unknown section ${s}: ${SECTIONS.join(', ')}`);
const out = path.resolve(arg('out') ?? path.join(ROOT, 'docs/BENCHMARKS.md'));
const baseUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wallet';
// Runs of the embedded start (BENCH_STARTUP_RUNS overrides).
const runs = Number(process.env.BENCH_RUNS ?? (quick ? 2 : 7));
// One pair of runs on a 2-core host scatters by ±10 %; many short pairs narrow the median of their ratios
// to an interval of a few hundredths, small beside the targets' margins (report.ts TARGETS).
const pairs = Number(process.env.BENCH_PAIRS ?? (quick ? 3 : 31));
const pairSeconds = Number(process.env.BENCH_PAIR_SECONDS ?? 2);
const log = (line: string) => console.log(`[bench] ${line}`);
// The built server, as `npm start` and `npm run serve` run it (built below).
const serverCommand: [string, ...string[]] = [
  process.execPath,
  '--expose-gc',
  path.join(ROOT, 'dist/server/main.js'),
];

// The figures of every section are kept beside the page (docs/benchmarks.json): a run of some sections
// (--only) replaces those and keeps the figures of the others.
const jsonOut = out
  .replace(/\.md$/, '')
  .concat('.json')
  .replace(/BENCHMARKS\.json$/, 'benchmarks.json');
const previous: Partial<Report> =
  only.size < SECTIONS.length && existsSync(jsonOut) ? JSON.parse(readFileSync(jsonOut, 'utf8')) : {};
const report: Report = {
  ...previous,
  startedAt: new Date().toISOString(),
  machineBefore: machine(),
  runs: pairs,
  duration: pairSeconds,
  sectionsRun: [...only],
  quick,
};
const save = () => writeFileSync(jsonOut, `${JSON.stringify(report, null, 2)}\n`);

if (only.has('size') || only.has('lighthouse') || only.has('startup') || only.has('desk')) {
  log('building the client (vite build)');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
}

if (
  only.has('api') ||
  only.has('approvals') ||
  only.has('startup') ||
  only.has('lighthouse') ||
  only.has('live')
) {
  log('building the server (npm run build:server)');
  const r = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build:server failed');
}

// The client's sections come first, on a machine the run has not loaded yet: Lighthouse measures the page,
// and the load sections leave PostgreSQL checkpointing and vacuuming the databases they dropped
// (Lighthouse's variability guide: client resource contention; five runs and their median).
if (only.has('size')) {
  report.size = screenSizes(path.join(ROOT, 'dist/client')).map((s) => ({
    ...s,
    budget: BUDGETS.find((b) => b.screen === s.screen),
  }));
  save();
}

if (only.has('lighthouse')) {
  const n = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? (quick ? 1 : 5));
  const db = await createBenchDatabase(baseUrl);
  let server: Proc | undefined;
  try {
    const m = await openDb({ databaseUrl: db.url });
    await migrate(m);
    await m.close();
    const s = await seed(db.url, { readers: 1, submitters: 0, payees: 0 });
    const port = 3192;
    server = startBenchServer(serverCommand, db.url, port);
    await waitForHttp(`http://127.0.0.1:${port}/login`, server, 60_000, 200);
    log(`lighthouse: ${n} runs per route, mobile preset`);
    report.lighthouse = await runLighthouse(
      `http://127.0.0.1:${port}`,
      [
        { route: '/login' },
        { route: '/main', cookie: s.readers[0]!.cookie },
        { route: '/assets', cookie: s.readers[0]!.cookie },
      ],
      n,
      log,
    );
  } finally {
    await server?.stop();
    await db.drop();
  }
}

if (only.has('api')) {
  log(
    `API: ${pairs} pairs of ${pairSeconds} s runs per endpoint and connection count, reads at 16 and 64 connections, writes and approvals at 64, against ${new URL(baseUrl).host}`,
  );
  const scale = Number(process.env.BENCH_PGBENCH_SCALE ?? 64);
  let pgbench: Pgbench | undefined;
  try {
    pgbench = await preparePgbench(baseUrl, scale, log);
    const r = await runApiBench({
      baseUrl,
      runs: pairs,
      duration: pairSeconds,
      connections: 64,
      readConnections: [16, 64],
      poolMax: 10,
      serverCommand,
      pgbench,
      log,
    });
    report.api = r.rows satisfies ApiRow[];
    report.apiSeed = r.seedSummary;
  } finally {
    await pgbench?.drop();
  }
  save();
}

if (only.has('search')) {
  const members = Number(process.env.BENCH_MEMBERS ?? 100_000);
  const samples = Number(process.env.BENCH_SEARCH_SAMPLES ?? (quick ? 21 : 41));
  log(`admin member search: ${members} members, ${samples} timed calls per query, PostgreSQL`);
  const db = await createBenchDatabase(baseUrl);
  try {
    report.search = await runSearchBench(db.url, members, samples);
  } finally {
    await db.drop();
  }
  log(`admin member search: the same on an in-memory PGlite (pg_trgm)`);
  report.searchPglite = await runSearchBench(undefined, members, samples);
  save();
  for (const r of [report.search, report.searchPglite]) {
    for (const row of r.rows) {
      log(
        `search ${r.kind} ${row.label}: p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms (total ${row.total})`,
      );
      if (row.plan) log(`  plan:\n${row.plan.replace(/^/gm, '    ')}`);
    }
  }
}

if (only.has('history')) {
  const entries = Number(process.env.BENCH_HISTORY_ENTRIES ?? 100_000);
  // 1,000: with 300, the p95 is the 15th slowest call, and a few slow calls after the seed moved it.
  const samples = Number(process.env.BENCH_HISTORY_SAMPLES ?? (quick ? 100 : 1_000));
  log(
    `history at depth: ${entries} ledger entries against 100, ${samples} alternating calls each, PostgreSQL`,
  );
  const db = await createBenchDatabase(baseUrl);
  try {
    report.historyDepth = await runHistoryDepthBench(db.url, entries, samples);
  } finally {
    await db.drop();
  }
  log(`history at depth: the same on an in-memory PGlite`);
  report.historyDepthPglite = await runHistoryDepthBench(undefined, entries, samples);
  for (const h of [report.historyDepth, report.historyDepthPglite].filter((x) => x !== undefined)) {
    log(
      `history ${h.kind}: deep p50 ${h.deep.p50.toFixed(2)} p95 ${h.deep.p95.toFixed(2)} ms | 100 entries p50 ${h.shallow.p50.toFixed(2)} p95 ${h.shallow.p95.toFixed(2)} ms | ratio ${h.ratio.toFixed(2)}`,
    );
    log(`  plan:\n${h.plan.replace(/^/gm, '    ')}`);
  }
  save();
}

if (only.has('startup')) {
  const n = Number(process.env.BENCH_STARTUP_RUNS ?? (quick ? 1 : runs));
  log(`embedded start: ${n} × (fresh data folder, then a restart on it), the built server`);
  try {
    report.startup = await runStartupBench(n, 3291, serverCommand);
    log(`startup: ${JSON.stringify(report.startup)}`);
  } catch (err) {
    // A start that never answers (a loaded machine) is a finding, not a reason to lose the other sections.
    delete report.startup;
    log(`startup FAILED: ${String(err).slice(0, 500)}`);
  }
  save();
}

if (only.has('approvals')) {
  const rounds = Number(process.env.BENCH_ROUNDS ?? (quick ? 2 : 5));
  log(
    `approvals: one administrator beside pgbench, ${rounds} rounds of 5 s, fresh, after a busy day, the chain`,
  );
  report.approvals = await runApprovalsBench({
    baseUrl,
    rounds,
    seconds: 5,
    log: (line) => log(`approvals: ${line}`),
  });
  save();
}

if (only.has('live')) {
  const streams = Number(process.env.BENCH_STREAMS ?? 1000);
  const approvals = Number(process.env.BENCH_LIVE_APPROVALS ?? 2000);
  log(`live events: ${streams} open streams on one instance, ${approvals} approvals on 8 lanes`);
  report.live = await runLiveBench({
    baseUrl,
    serverCommand,
    streams,
    approvals,
    lanes: 8,
    idleSeconds: 25,
    log,
  });
  log(`live: ${JSON.stringify(report.live)}`);
  save();
}

if (only.has('desk')) {
  const requests = Number(process.env.BENCH_DESK_REQUESTS ?? 100);
  log(`desk: ${requests} mixed pending requests by keyboard, then ${requests} by one bulk approval, 1280 px`);
  report.desk = await runDeskBench(requests, log);
  save();
}

if (only.has('proof')) {
  const members = Number(process.env.BENCH_PROOF_MEMBERS ?? 100_000);
  log(`proof of liabilities: ${members} members on PostgreSQL, in a transaction rolled back at the end`);
  const db = await createBenchDatabase(baseUrl);
  try {
    report.proof = await runProofBench(db.url, members, (line) => log(`proof: ${line}`));
  } finally {
    await db.drop();
  }
  save();
}

report.machineAfter = machine();
report.finishedAt = new Date().toISOString();
save();
writeFileSync(out, renderReport(report));
// In the project's format, so the lint step passes on the page as written.
spawnSync('npx', ['biome', 'format', '--write', out, jsonOut], { cwd: ROOT, stdio: 'ignore' });
log(`wrote ${path.relative(process.cwd(), out)}`);
