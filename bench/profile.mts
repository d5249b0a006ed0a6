// Profiles the wallet server process under load on one endpoint: node --cpu-prof, then self time by function.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { openDb } from '../src/server/db';
import { migrate } from '../src/server/db/migrate';
import { cpuMsOf, ROOT, startProcess, waitForHttp } from './lib';
import { createBenchDatabase, seed } from './seed';

const path_ = process.argv[2] ?? '/api/prices';
const bdb = await createBenchDatabase('postgres://postgres@127.0.0.1:5432/wallet_h8');
const m = await openDb({ databaseUrl: bdb.url });
await migrate(m);
await m.close();
const s = await seed(bdb.url, { readers: 50, submitters: 10, payees: 100 });
const dir = '/tmp/h8/prof';
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const which = process.argv[3] ?? 'app';
const script = which === 'app' ? `${ROOT}/src/server/main.ts` : `${ROOT}/bench/baseline-server.ts`;
const p = startProcess(
  process.execPath,
  [...(process.env.NOPROF ? [] : ['--cpu-prof', `--cpu-prof-dir=${dir}`]), '--import', 'tsx', script],
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
  connections: 64,
  duration: 8,
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
);
await p.stop();
await bdb.drop();
if (process.env.NOPROF) process.exit(0);
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
const prof = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
const self = new Map<string, number>();
const byPkg = new Map<string, number>();
const dt = new Map<number, number>();
prof.samples.forEach((id: number, k: number) => {
  dt.set(id, (dt.get(id) ?? 0) + (prof.timeDeltas[k] ?? 0));
});
let total = 0;
for (const n of prof.nodes) {
  const t = dt.get(n.id) ?? 0;
  total += t;
  const cf = n.callFrame;
  const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*node_modules\//, 'nm:').replace(/.*\/wt\/h8\//, '')}:${cf.lineNumber}`;
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
console.log('--- by package\n' + top(byPkg, 25));
console.log('--- by function\n' + top(self, 40));
