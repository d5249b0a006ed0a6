import { mkdirSync } from 'node:fs';
import type { Config } from './config';
import { type Db, mayFlushCommits, openDb } from './db';
import { migrate } from './db/migrate';
import { assertDataDirFree, OpsError } from './ops/backup';

/**
 * The server's database, opened and migrated. A new embedded folder starts from the cached copy with the
 * migrations applied, so a first start applies nothing and opens PGlite once. `main.ts`
 * calls this before it loads the rest of the server: PGlite's WebAssembly compiles on background threads
 * while the main thread loads the routes.
 */
export async function openServerDb(config: Config, opts: { memory?: boolean } = {}): Promise<Db> {
  const embeddedDir = !config.databaseUrl && !opts.memory ? config.dataDir : null;
  if (embeddedDir) {
    mkdirSync(embeddedDir, { recursive: true });
    // Two processes on one PGlite folder would corrupt it; the ops socket tells a running one.
    await assertDataDirFree(embeddedDir);
  }
  const dbOpts = {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    memory: opts.memory,
    template: 'migrated' as const,
    templateCache: config.pgliteTemplates,
  };
  let db = await openDb(dbOpts);
  if (db.kind === 'pg' && !(await mayFlushCommits(db))) {
    await db.close();
    throw new OpsError(
      '데이터베이스 권한 오류: DATABASE_URL의 역할이 pg_logical_emit_message 함수를 실행할 수 없습니다. 입금 승인은 이 함수로 커밋이 디스크에 기록되기를 기다리므로, 이 함수의 EXECUTE 권한을 다시 부여해야 합니다 (docs/DEPLOY.md) / Database permission error: the role of DATABASE_URL may not execute pg_logical_emit_message, which deposit approvals use to wait for their commit to reach the disk; grant EXECUTE on it back (docs/DEPLOY.md)',
    );
  }
  if ((await migrate(db)).length > 0 && db.kind === 'pglite' && !opts.memory) {
    // PGlite's WebAssembly memory only grows: migrations applied at start (an upgrade, or a copy that could
    // not be made) leave it ~80 MB larger than a restart needs. Reopened, the server starts with a
    // restart's footprint.
    await db.close();
    // With node --expose-gc (npm run serve, npm start) the closed instance's memory is freed now.
    (globalThis as { gc?: () => void }).gc?.();
    db = await openDb(dbOpts);
  }
  return db;
}

/**
 * A handle to a database that is still opening: the app is built with it while PGlite starts.
 * Each call waits for the database; once it is open, the handle takes the real database's methods, so
 * requests pay nothing for it afterwards. A failed open rejects every call with the same error.
 */
export function deferredDb(kind: Db['kind'], ready: Promise<Db>): Db {
  const handle: Db = {
    kind,
    query: async <T>(sql: string, params?: unknown[]) => (await ready).query<T>(sql, params),
    tx: async <T>(fn: Parameters<Db['tx']>[0]) => (await ready).tx(fn) as Promise<T>,
    close: async () => (await ready).close(),
    listen: async (channel, onPayload, onConnect) => (await ready).listen(channel, onPayload, onConnect),
    notifyAfterCommit: (channel) => void ready.then((db) => db.notifyAfterCommit?.(channel)),
  };
  ready.then(
    (db) => Object.assign(handle, db),
    () => {},
  );
  return handle;
}
