/**
 * Backups of the embedded database. PGlite runs inside the server process and owns its data
 * folder: no other process may open it while the server runs. So the running server takes the snapshot
 * itself: inside one of its own transactions (PGlite runs one at a time, so none other is open), it
 * checkpoints and copies the folder aside; the copy is then packed (tar + gzip) while requests go on.
 *
 * The server listens for this on a Unix socket in the data folder (`.wallet-ops.sock`, mode 0600): only the
 * machine's user that owns the data can ask, no token to configure, nothing on the network.
 * `npm run backup -- FILE` connects to it; with no server running it opens the folder itself.
 */
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import type { Db } from '../db';

export const OPS_SOCKET = '.wallet-ops.sock';
export const BACKUP_MANIFEST = 'wallet-backup.json';
/** Linux's limit on a Unix socket's path (sun_path, 108 bytes with the final NUL). */
const MAX_SOCKET_PATH = 107;

export interface BackupManifest {
  format: 'wallet-pglite-backup';
  version: 1;
  createdAt: string;
  pglite: string;
  postgres: string;
  migrations: string[];
  /** Rows of the money tables at the snapshot, for the operator's eye (and the restore's summary). */
  counts: Record<string, number>;
}

const COUNTED = ['members', 'balances', 'ledger_entries', 'deposits', 'withdrawals', 'audit_log'];

export class OpsError extends Error {}

/** Where the running server answers backup requests for `dataDir`. */
export function opsSocketPath(dataDir: string): string {
  if (process.platform === 'win32') {
    const h = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
    return `\\\\.\\pipe\\wallet-ops-${h}`;
  }
  const p = path.join(path.resolve(dataDir), OPS_SOCKET);
  if (Buffer.byteLength(p) > MAX_SOCKET_PATH) {
    throw new OpsError(
      `DATA_DIR 경로가 너무 깁니다 (운영 소켓 ${p} 이 ${MAX_SOCKET_PATH}바이트를 넘습니다) / DATA_DIR is too long for the ops socket (${MAX_SOCKET_PATH} bytes)`,
    );
  }
  return p;
}

/** True when a server answers on the data folder's ops socket. */
export function serverRunsOn(dataDir: string): Promise<boolean> {
  const socket = opsSocketPath(dataDir);
  return new Promise((resolve) => {
    const c = connect(socket);
    c.once('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });
}

const pgliteVersion = (): string => {
  const require_ = createRequire(import.meta.url);
  const main = require_.resolve('@electric-sql/pglite');
  const pkg = path.join(path.dirname(main), '..', 'package.json');
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
};

/**
 * Copies `dataDir` into `dest` (an empty folder) as of one moment: inside a transaction of the server's own
 * PGlite connection, so no other transaction is open, after a CHECKPOINT, so the copy opens without
 * recovery. Writes the manifest beside the copied files.
 */
export async function snapshotDataDir(db: Db, dataDir: string, dest: string): Promise<BackupManifest> {
  if (db.kind !== 'pglite') throw new OpsError('PostgreSQL: pg_dump를 쓰세요 (docs/BACKUP.md)');
  const manifest = await db.tx(async (q) => {
    await q.query('CHECKPOINT');
    const migrations = (
      await q.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
    ).map((r) => r.name);
    const counts: Record<string, number> = {};
    for (const t of COUNTED) {
      const [r] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`);
      counts[t] = r?.n ?? 0;
    }
    const [v] = await q.query<{ v: string }>('SHOW server_version');
    cpSync(dataDir, dest, {
      recursive: true,
      filter: (src) => path.basename(src) !== OPS_SOCKET && !src.endsWith('.pid'),
    });
    return {
      format: 'wallet-pglite-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      pglite: pgliteVersion(),
      postgres: v?.v ?? '',
      migrations,
      counts,
    } satisfies BackupManifest;
  });
  writeFileSync(path.join(dest, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** tar + gzip of a snapshot folder, as a stream. */
export const packSnapshot = (dir: string) =>
  tar.c({ gzip: true, cwd: dir, portable: true }, readdirSync(dir));

/**
 * The running server's side: `GET /backup` on the ops socket answers a .tar.gz of a snapshot. One backup at
 * a time (409 otherwise). Returns a function that stops listening.
 */
export async function listenOpsSocket(
  db: Db,
  dataDir: string,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
): Promise<() => Promise<void>> {
  const socket = opsSocketPath(dataDir);
  let busy = false;
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    if (busy) {
      res.writeHead(409, { 'content-type': 'text/plain; charset=utf-8' }).end('backup already running\n');
      return;
    }
    busy = true;
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'wallet-backup-'));
    const done = () => {
      busy = false;
      rmSync(tmp, { recursive: true, force: true });
    };
    snapshotDataDir(db, dataDir, tmp).then(
      (manifest) => {
        log.info({ backup: manifest.counts }, 'backup snapshot taken');
        res.writeHead(200, {
          'content-type': 'application/gzip',
          'x-wallet-backup': Buffer.from(JSON.stringify(manifest)).toString('base64'),
        });
        const pack = packSnapshot(tmp);
        pack.on('error', (err: unknown) => {
          log.error({ err }, 'backup failed');
          res.destroy(err as Error);
        });
        res.on('close', done);
        pack.pipe(res);
      },
      (err: unknown) => {
        done();
        log.error({ err }, 'backup failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`${String(err)}\n`);
      },
    );
  });
  if (process.platform !== 'win32' && existsSync(socket)) unlinkSync(socket); // left by a stopped server
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  if (process.platform !== 'win32') chmodSync(socket, 0o600);
  // Closing cuts a backup still being sent (the command then reports it failed); Node removes the socket file.
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

/** Refuses to open a data folder that a running server already holds (two PGlite instances corrupt it). */
export async function assertDataDirFree(dataDir: string): Promise<void> {
  if (await serverRunsOn(dataDir)) {
    throw new OpsError(
      `다른 서버가 이 데이터 폴더를 쓰고 있습니다: ${dataDir} / Another server is running on this data folder: ${dataDir}`,
    );
  }
}
