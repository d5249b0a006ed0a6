import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './cluster';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary folder, its own port on 127.0.0.1,
 * trust authentication), for tests that restart the database server: the machine's cluster is shared and
 * is never stopped or restarted by a test. As root the cluster runs as the `postgres` OS user (PostgreSQL
 * refuses to run as root). The binaries: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin.
 */
export interface ThrowawayPg {
  url: string;
  /** `pg_ctl restart` of this cluster (fast shutdown: open connections are cut). */
  restart(): Promise<void>;
  /** Stops the cluster and removes its folder. */
  remove(): Promise<void>;
}

export function postgresBin(): string | null {
  if (process.env.PG_BIN)
    return existsSync(path.join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  let versions: string[] = [];
  try {
    versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  } catch {
    return null;
  }
  const found = versions
    .map((v) => path.join(root, v, 'bin'))
    .find((b) => existsSync(path.join(b, 'initdb')));
  return found ?? null;
}

export async function startThrowawayPg(database = 'wallet'): Promise<ThrowawayPg> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL binaries (initdb): set PG_BIN');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-pg-'));
  // The postgres OS user owns the data folder, and reaches it through the temporary folder.
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const as = (cmd: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { cwd: dir, timeout: 120_000 })
      : run(path.join(bin, cmd), args, { cwd: dir, timeout: 120_000 });
  const ctl = (...args: string[]) =>
    as('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '60', ...args]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=200`;
  let started = false;
  const remove = async () => {
    try {
      if (started) await ctl('stop', '-m', 'immediate');
    } finally {
      started = false;
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    await ctl('start', '-o', options);
    started = true;
    await as('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', database]);
  } catch (err) {
    await remove().catch(() => {});
    throw err;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    async restart() {
      await ctl('restart', '-m', 'fast', '-o', options);
    },
    remove,
  };
}
