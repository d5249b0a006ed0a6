import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { pruneEvents } from './auth/rate-limit';
import { ensureAdmin } from './auth/seed-admin';
import { pruneSessions } from './auth/sessions';
import type { Config } from './config';
import type { App } from './context';
import { type Db, openDb } from './db';
import { migrate } from './db/migrate';
import { pruneIdempotencyKeys } from './http/idempotency';
import { metricsRegistry } from './ops';
import { listenMetrics } from './ops/metrics';
import { startPriceRefresher } from './prices/price-refresher';

const HOUSEKEEPING_MS = 10 * 60_000;

export interface RunningServer {
  app: App;
  url: string;
  db: Db;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds the administrator, starts background work and listens. */
export async function startServer(
  config: Config,
  opts: { memory?: boolean; announce?: (msg: string) => void } = {},
) {
  if (!config.databaseUrl && !opts.memory) mkdirSync(config.dataDir, { recursive: true });
  const dbOpts = { databaseUrl: config.databaseUrl, dataDir: config.dataDir, memory: opts.memory };
  let db = await openDb(dbOpts);
  if ((await migrate(db)).length > 0 && db.kind === 'pglite' && !opts.memory) {
    // PGlite's WebAssembly memory only grows: the migrations of a new database leave it ~80 MB larger than
    // a restart needs. Reopened, the server starts with a restart's footprint (decision 0123).
    await db.close();
    // With node --expose-gc (npm run serve, npm start) the closed instance's memory is freed now.
    (globalThis as { gc?: () => void }).gc?.();
    db = await openDb(dbOpts);
  }
  const admin = await ensureAdmin(db, config);
  if (admin && opts.announce) {
    opts.announce(
      admin.generated
        ? [
            '',
            '================ 관리자 계정이 생성되었습니다 (한 번만 표시됩니다) ================',
            `  아이디:        ${admin.username}`,
            `  비밀번호:      ${admin.password}`,
            `  2차 비밀번호:  ${admin.secondPassword}`,
            '==================================================================================',
            '',
          ].join('\n')
        : `관리자 계정이 생성되었습니다: ${admin.username} (ADMIN_USERNAME 설정값)`,
    );
  }
  const app = await buildApp({ db, config });
  const timers: NodeJS.Timeout[] = [];
  timers.push(
    setInterval(() => {
      Promise.all([pruneSessions(db), pruneEvents(db), pruneIdempotencyKeys(db)]).catch((err) =>
        app.log.warn({ err }, 'housekeeping failed'),
      );
    }, HOUSEKEEPING_MS).unref(),
  );
  if (config.prices.refresh) startPriceRefresher(app, db, config.prices);
  const address = await app.listen({ port: config.port, host: config.host });
  const { metricsPort, metricsHost } = config.ops;
  const registry = metricsRegistry(app);
  const metricsServer =
    metricsPort && registry ? await listenMetrics(registry, metricsPort, metricsHost) : null;
  const port = app.server.address();
  const url =
    config.host === '0.0.0.0' || config.host === '::'
      ? `http://localhost:${typeof port === 'object' && port ? port.port : config.port}`
      : address;
  return {
    app,
    url,
    db,
    async close() {
      for (const t of timers) clearInterval(t);
      metricsServer?.close();
      await app.close();
      await db.close();
    },
  } satisfies RunningServer;
}
