import { buildApp } from './app';
import type { AdminCandidate } from './auth/admin-candidate';
import { ensureAdmin } from './auth/seed-admin';
import type { Config } from './config';
import type { App } from './context';
import type { Db } from './db';
import { metricsRegistry } from './ops';
import { listenOpsSocket } from './ops/backup';
import { housekeeping } from './ops/housekeeping';
import { listenMetrics } from './ops/metrics';
import { startPriceRefresher } from './prices/price-refresher';
import { deferredDb, openServerDb } from './server-db';

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
  opts: {
    memory?: boolean;
    announce?: (msg: string) => void;
    /** The database `openServerDb` is already opening (main.ts starts it before loading this module). */
    db?: Promise<Db>;
    /** The administrator whose hashes main.ts started for a new data folder. */
    adminCandidate?: AdminCandidate;
  } = {},
) {
  const embeddedDir = !config.databaseUrl && !opts.memory ? config.dataDir : null;
  const opening = opts.db ?? openServerDb(config, opts);
  // The app (routes, schemas, plugins) is built while the database opens.
  const building = buildApp({ db: deferredDb(config.databaseUrl ? 'pg' : 'pglite', opening), config });
  building.catch(() => {}); // awaited below
  const db = await opening;
  const admin = await ensureAdmin(db, config, opts.adminCandidate);
  if (admin && opts.announce) {
    opts.announce(
      admin.generated
        ? [
            '',
            '================ 관리자 계정이 생성되었습니다 (한 번만 표시됩니다) ================',
            `  아이디:        ${admin.username}`,
            `  비밀번호:      ${admin.password}`,
            `  2차 비밀번호:  ${admin.secondPassword}`,
            ...(config.totp.adminRequired
              ? [
                  '  다음 단계:     로그인 → /admin 에서 OTP(인증 앱)를 등록해야 관리자 기능을 쓸 수 있습니다.',
                ]
              : []),
            '==================================================================================',
            '',
          ].join('\n')
        : `관리자 계정이 생성되었습니다: ${admin.username} (ADMIN_USERNAME 설정값)`,
    );
  }
  const app = await building;
  // `npm run backup` asks the running server for a snapshot over a socket in the data folder.
  const stopOpsSocket = embeddedDir ? await listenOpsSocket(db, embeddedDir, app.log) : null;
  // One-time codes: a demo may switch the administrators' enrolment off, and says so.
  if (!config.totp.adminRequired) {
    app.log.warn(
      'ADMIN_TOTP_REQUIRED=false: 관리자가 OTP 없이 관리자 기능을 쓸 수 있습니다. 데모 전용 설정이니 운영에서는 끄지 마세요.',
    );
  }
  if (!config.totp.encryptionKey) {
    app.log.warn(
      'TOTP_ENCRYPTION_KEY가 없어 OTP 비밀키를 암호화하지 않고 저장합니다. 운영에서는 32바이트 키를 설정하세요 (openssl rand -hex 32).',
    );
  }
  const timers: NodeJS.Timeout[] = [];
  timers.push(
    setInterval(() => {
      housekeeping(db).catch((err) => app.log.warn({ err }, 'housekeeping failed'));
    }, HOUSEKEEPING_MS).unref(),
  );
  if (config.prices.refresh) startPriceRefresher(app, db, config.prices);
  // The on-chain check (viem and its Ethereum code, ~0.9 MB of the bundle) loads only when a network is
  // configured: the embedded start without one does not pay for it.
  if (config.chain.ethRpcUrl || config.chain.tronApiUrl) {
    const { startChainWorker } = await import('./chain/chain-worker');
    startChainWorker(app, db, config.chain, config);
  }
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
      await stopOpsSocket?.();
      await db.close();
    },
  } satisfies RunningServer;
}
