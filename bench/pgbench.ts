/**
 * The ceiling of the approval benchmark: PostgreSQL's own `pgbench` (TPC-B-like: BEGIN, three UPDATEs,
 * a SELECT and an INSERT, COMMIT, synchronous commit) on the same server, in a database of its own
 * (`wallet_bench_pgbench` unless named), with the same client count as the approval runs and timed between them.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { endedChildrenCpuMs, postgresCpuMs, sleep } from './lib';

export interface PgbenchRun {
  tps: number;
  /** CPU time (ms) per transaction of the PostgreSQL server (NaN: not on this machine) and of pgbench itself. */
  pgCpuMsPerTx: number;
  clientCpuMsPerTx: number;
}

export interface Pgbench {
  binary: string;
  version: string;
  scale: number;
  /** One run of `seconds` with `clients` connections: TPS (without the initial connection time) and CPU. */
  run: (clients: number, seconds: number) => Promise<PgbenchRun>;
  drop: () => Promise<void>;
}

/** pgbench on PATH or in Debian's server packages; installed with apt-get (postgresql-client) when absent. */
export function findPgbench(log: (line: string) => void): string {
  const candidates = () => {
    const found: string[] = [];
    const which = spawnSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' });
    if (which.status === 0 && which.stdout.trim()) found.push(which.stdout.trim());
    if (existsSync('/usr/lib/postgresql')) {
      for (const v of readdirSync('/usr/lib/postgresql').sort().reverse()) {
        const p = `/usr/lib/postgresql/${v}/bin/pgbench`;
        if (existsSync(p)) found.push(p);
      }
    }
    return found;
  };
  let found = candidates();
  if (found.length === 0) {
    log('pgbench not found: apt-get install -y postgresql-client');
    const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
    const r = spawnSync(
      sudo[0] ?? 'apt-get',
      [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), 'install', '-y', 'postgresql-client'],
      {
        stdio: 'inherit',
      },
    );
    if (r.status !== 0) throw new Error('apt-get install postgresql-client failed');
    found = candidates();
  }
  if (!found[0]) throw new Error('pgbench not found after installing postgresql-client');
  return found[0];
}

function exec(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
    });
    child.stderr.on('data', (b: Buffer) => {
      out += b.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out}`)),
    );
  });
}

export async function preparePgbench(
  baseUrl: string,
  scale: number,
  log: (line: string) => void,
  name = 'wallet_bench_pgbench',
): Promise<Pgbench> {
  const binary = findPgbench(log);
  const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const adminUrl = new URL(baseUrl);
  adminUrl.pathname = '/postgres';
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl.toString() });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(baseUrl);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username || 'postgres'),
    PGDATABASE: name,
    ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}),
  };
  const t0 = performance.now();
  // d: drop, t: tables, G: rows generated on the server, v: vacuum, p: primary keys.
  await exec(binary, ['-i', '-s', String(scale), '-I', 'dtGvp', '-q'], env);
  log(`pgbench -i -s ${scale} in ${((performance.now() - t0) / 1000).toFixed(1)} s (${version})`);
  return {
    binary,
    version,
    scale,
    async run(clients, seconds) {
      const [pg0, c0] = [await postgresCpuMs(), await endedChildrenCpuMs()];
      const out = await exec(binary, ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds)], env);
      // The backends of pgbench's connections end when it does; their time reaches the postmaster once reaped.
      await sleep(300);
      const [pg1, c1] = [await postgresCpuMs(), await endedChildrenCpuMs()];
      const m =
        /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(out);
      const n = /number of transactions actually processed: (\d+)/.exec(out);
      if (!m || !n) throw new Error(`no tps in pgbench output:\n${out}`);
      const txs = Math.max(1, Number(n[1]));
      return { tps: Number(m[1]), pgCpuMsPerTx: (pg1 - pg0) / txs, clientCpuMsPerTx: (c1 - c0) / txs };
    },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
