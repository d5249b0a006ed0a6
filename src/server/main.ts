import { existsSync } from 'node:fs';
import path from 'node:path';
import { setPasswordHashCost } from './auth/password';
import type { Config } from './config';
import type { Db } from './db';
import { preloadPglite } from './db/pglite-preload';

// First, before the rest of the server is loaded: the embedded database's WebAssembly starts compiling on
// background threads. Everything else is imported after it.
if (!process.env.DATABASE_URL) preloadPglite();
const { ConfigError, loadConfig } = await import('./config');
const { openServerDb } = await import('./server-db');
const { OpsError } = await import('./ops/backup');
const { adminCandidate } = await import('./auth/admin-candidate');

/** A refused start: the message alone (Korean / English), no stack trace, a non-zero exit. */
function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) refuse(err.message);
  throw err;
}
/** A failed start: a refusal the operator can act on, or the error itself. */
function failed(err: unknown): never {
  if (err instanceof OpsError || err instanceof ConfigError) refuse(err.message);
  const code = (err as { code?: string }).code;
  // PostgreSQL's insufficient_privilege (or no schema it may create in): the role of DATABASE_URL may not
  // use the database's objects (a restore made as another role, docs/BACKUP.md). One line that says what
  // to fix, no stack trace.
  if (code === '42501' || code === '3F000') {
    const reason = (err as Error).message;
    refuse(
      `데이터베이스 권한 오류: ${reason} — DATABASE_URL의 역할이 데이터베이스와 그 안의 테이블을 소유해야 합니다 (docs/BACKUP.md) / Database permission error: ${reason} — the role of DATABASE_URL must own the database and its tables (docs/BACKUP.md)`,
    );
  }
  if (code === 'EADDRINUSE' || code === 'EACCES') {
    refuse(
      `설정 오류: PORT ${config.port} 에서 받을 수 없습니다 (${code === 'EADDRINUSE' ? '이미 사용 중' : '권한 없음'}) / Configuration error: PORT ${config.port} cannot be listened on (${code})`,
    );
  }
  throw err;
}

// The database opens first; the rest of the server (routes, schemas, Fastify) loads while PGlite's
// WebAssembly compiles on background threads.
// A new embedded folder has no administrator yet: its password hashes are made on argon2's threads meanwhile.
setPasswordHashCost(config.passwordHashCost);
const newFolder = !config.databaseUrl && !existsSync(path.join(config.dataDir, 'PG_VERSION'));
const candidate = newFolder ? adminCandidate(config) : undefined;
const db: Promise<Db> = openServerDb(config);
db.catch(() => {}); // reported below, when startServer awaits it
const { startServer } = await import('./start-server');
const { exitOnSignals } = await import('./ops/shutdown');
const server = await startServer(config, {
  announce: (msg) => console.log(msg),
  db,
  adminCandidate: candidate,
}).catch(failed);
console.log(
  `코인 월렛이 ${server.url} 에서 실행 중입니다 (데이터베이스: ${config.databaseUrl ? 'PostgreSQL' : `PGlite ${config.dataDir}`})`,
);

exitOnSignals(server, config.ops.shutdownTimeoutMs);
