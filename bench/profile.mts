// Profiles the wallet server process under load on one endpoint: node --cpu-prof, then self time by function.
//   npx tsx bench/profile.mts /api/history?type=all app|dist|baseline [connections]
// app: src/server/main.ts under tsx; dist: the built server (as npm start runs it); baseline: bench/baseline-server.ts.
// NOPROF=1 only prints CPU ms per request (the figure to compare between servers).
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { openDb } from '../src/server/db';
import { migrate } from '../src/server/db/migrate';
import { cpuMsOf, ROOT, startProcess, waitForHttp } from './lib';
import { createBenchDatabase, seed } from './seed';

const path_ = process.argv[2] ?? '/api/prices';
const bdb = await createBenchDatabase(
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wallet',
);
const m = await openDb({ databaseUrl: bdb.url });
await migrate(m);
await m.close();
const s = await seed(bdb.url, { readers: 50, submitters: 10, payees: 100 });
const dir = `${process.env.TMPDIR ?? '/tmp'}/wallet-bench-prof-${process.pid}`;
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const which = process.argv[3] ?? 'app';
const script =
  which === 'dist'
    ? ['--enable-source-maps', `${ROOT}/dist/server/main.js`]
    : [
        '--import',
        'tsx',
        which === 'app' ? `${ROOT}/src/server/main.ts` : `${ROOT}/bench/baseline-server.ts`,
      ];
const p = startProcess(
  process.execPath,
  [...(process.env.NOPROF ? [] : ['--cpu-prof', `--cpu-prof-dir=${dir}`]), ...script],
  {
    DATABASE_URL: bdb.url,
    PORT: '3185',
    HOST: '127.0.0.1',
    PRICE_REFRESH: 'false',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  },
);
await waitForHttp('http://127.0.0.1:3185/api/balances', p, 60000, 401);
let i = 0;
const c0 = await cpuMsOf(p.child.pid!);
const r = await autocannon({
  url: 'http://127.0.0.1:3185',
  connections: Number(process.argv[4] ?? 16),
  duration: Number(process.env.PROFILE_SECONDS ?? 8),
  requests: [
    {
      setupRequest: () => ({ method: 'GET', path: path_, headers: { cookie: s.readers[i++ % 50]!.cookie } }),
    },
  ],
});
console.log(
  'cpu ms/req',
  ((await cpuMsOf(p.child.pid!)) - c0) / r.requests.total,
  'rps',
  r.requests.average,
  'p99',
  r.latency.p99,
  'non2xx',
  r.non2xx,
  JSON.stringify(r.statusCodeStats),
);
// A server that answers errors is measured wrong: show why.
if (r.non2xx) console.log(p.output().slice(-3000));
await p.stop();
await bdb.drop();
if (process.env.NOPROF) process.exit(0);
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
const prof = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
const self = new Map<string, number>();
const byPkg = new Map<string, number>();
const dt = new Map<number, number>();
// Only the samples of the load (the last PROFILE_SECONDS of the profile), not the start-up.
const loadFrom = prof.endTime - Number(process.env.PROFILE_SECONDS ?? 8) * 1e6;
let at = prof.startTime;
prof.samples.forEach((id: number, k: number) => {
  at += prof.timeDeltas[k] ?? 0;
  if (at < loadFrom) return;
  dt.set(id, (dt.get(id) ?? 0) + (prof.timeDeltas[k] ?? 0));
});
let total = 0;
for (const n of prof.nodes) {
  const t = dt.get(n.id) ?? 0;
  total += t;
  const cf = n.callFrame;
  const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*node_modules\//, 'nm:').replace(`${ROOT}/`, '')}:${cf.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + t);
  const pkg = cf.url.includes('node_modules')
    ? cf.url.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
    : cf.url.startsWith('node:')
      ? 'node:'
      : cf.url
        ? 'app'
        : cf.functionName;
  byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + t);
}
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
console.log(`--- by package\n${top(byPkg, 25)}`);
console.log(`--- by function\n${top(self, 40)}`);
