import { mkdirSync } from 'node:fs';
import type { Config } from '../config';
import { assertDataDirFree } from '../ops/backup';
import { type Db, openDb } from './index';
import { migrate } from './migrate';

/**
 * The server's database, opened and migrated. A new embedded folder starts from the cached copy with the
 * migrations applied (decision 0196), so a first start applies nothing and opens PGlite once. `main.ts`
 * calls this before it loads the rest of the server: PGlite's WebAssembly compiles on background threads
 * while the main thread loads the routes (issue 14).
 */
export async function openServerDb(config: Config, opts: { memory?: boolean } = {}): Promise<Db> {
  const embeddedDir = !config.databaseUrl && !opts.memory ? config.dataDir : null;
  if (embeddedDir) {
    mkdirSync(embeddedDir, { recursive: true });
    // Two processes on one PGlite folder would corrupt it; the ops socket tells a running one (decision 0124).
    await assertDataDirFree(embeddedDir);
  }
  const dbOpts = {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    memory: opts.memory,
    template: 'migrated' as const,
  };
  let db = await openDb(dbOpts);
  if ((await migrate(db)).length > 0 && db.kind === 'pglite' && !opts.memory) {
    // PGlite's WebAssembly memory only grows: migrations applied at start (an upgrade, or a copy that could
    // not be made) leave it ~80 MB larger than a restart needs. Reopened, the server starts with a
    // restart's footprint (decision 0123).
    await db.close();
    // With node --expose-gc (npm run serve, npm start) the closed instance's memory is freed now.
    (globalThis as { gc?: () => void }).gc?.();
    db = await openDb(dbOpts);
  }
  return db;
}
