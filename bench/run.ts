/**
 * `npm run bench`: every benchmark of issue 8, written to docs/BENCHMARKS.md (see bench/README.md).
 *
 *   npm run bench                          # all sections; PostgreSQL from BENCH_DATABASE_URL / DATABASE_URL
 *   npm run bench -- --only api,size       # some sections (api, search, startup, size, lighthouse)
 *   BENCH_RUNS=3 BENCH_DURATION=3 npm run bench -- --out /tmp/b.md   # quicker, elsewhere
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ApiRow, runApiBench } from './api';
import { machine, ROOT } from './lib';
import { type Report, renderReport } from './report';

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const SECTIONS = ['api', 'search', 'startup', 'size', 'lighthouse'] as const;
type Section = (typeof SECTIONS)[number];
const only = new Set((arg('only') ?? SECTIONS.join(',')).split(',') as Section[]);
const out = path.resolve(arg('out') ?? path.join(ROOT, 'docs/BENCHMARKS.md'));
const baseUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wallet';
const runs = Number(process.env.BENCH_RUNS ?? 5);
const duration = Number(process.env.BENCH_DURATION ?? 5);
const log = (line: string) => console.log(`[bench] ${line}`);

const report: Report = { startedAt: new Date().toISOString(), machineBefore: machine(), runs, duration };

if (only.has('api')) {
  log(
    `API: ${runs} runs × ${duration} s per server and endpoint, 64 connections, against ${new URL(baseUrl).host}`,
  );
  const r = await runApiBench({
    baseUrl,
    runs,
    duration,
    connections: 64,
    poolMax: 10,
    serverCommand: [process.execPath, '--import', 'tsx', path.join(ROOT, 'src/server/main.ts')],
    log,
  });
  report.api = r.rows satisfies ApiRow[];
  report.apiSeed = r.seedSummary;
}

report.machineAfter = machine();
report.finishedAt = new Date().toISOString();
writeFileSync(out, renderReport(report));
log(`wrote ${path.relative(process.cwd(), out)}`);
