import { buildApp } from './app';
import type { AdminCandidate } from './auth/admin-candidate';
import { setPasswordHashCost } from './auth/password';
import { ensureAdmin } from './auth/seed-admin';
import { embeddedTotpKey } from './auth/totp-key-file';
import { type Config, ConfigError } from './config';
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
  given: Config,
  opts: {
    memory?: boolean;
    announce?: (msg: string) => void;
    /** The database `openServerDb` is already opening (main.ts starts it before loading this module). */
    db?: Promise<Db>;
    /** The administrator whose hashes main.ts started for a new data folder. */
    adminCandidate?: AdminCandidate;
  } = {},
) {
  setPasswordHashCost(given.passwordHashCost);
  const embeddedDir = !given.databaseUrl && !opts.memory ? given.dataDir : null;
  // The embedded default keeps its own key in the data folder; a deployment on DATABASE_URL sets one.
  const config: Config =
    embeddedDir && !given.totp.encryptionKey
      ? { ...given, totp: { ...given.totp, encryptionKey: embeddedTotpKey(embeddedDir) } }
      : given;
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
    // Only a PostgreSQL deployment (or an in-memory test server) gets here. In production, OTP secrets of
    // enrolled administrators must not sit unsealed in the database (and in every backup of it): the start
    // stops and says what to set (decision 0313).
    if (process.env.NODE_ENV === 'production' && (await enrolledAdministrators(db)) > 0) {
      throw new ConfigError([
        {
          variable: 'TOTP_ENCRYPTION_KEY',
          ko: '운영 모드(NODE_ENV=production)에서 OTP를 등록한 관리자가 있으면 반드시 설정해야 합니다. 32바이트 키를 16진수 64자로 (openssl rand -hex 32); 이미 저장된 비밀키는 그대로 읽힙니다',
          en: 'must be set in production (NODE_ENV=production) once an administrator has enrolled a one-time code: 32 bytes as 64 hex digits (openssl rand -hex 32); secrets already stored are still read',
        },
      ]);
    }
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
    const { startChainWorker } = await import('./jobs/chain-worker');
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

/** Open administrators with a confirmed one-time code. */
async function enrolledAdministrators(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM member_totp t JOIN members m ON m.id = t.member_id
      WHERE m.is_admin AND m.closed_at IS NULL AND t.confirmed_at IS NOT NULL`,
  );
  return row?.n ?? 0;
}
