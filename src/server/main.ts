import { type Config, ConfigError, loadConfig } from './config';
import { OpsError } from './ops/backup';
import { exitOnSignals } from './ops/shutdown';
import { startServer } from './start-server';

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
const server = await startServer(config, { announce: (msg) => console.log(msg) }).catch((err: unknown) => {
  if (err instanceof OpsError) refuse(err.message);
  const code = (err as { code?: string }).code;
  if (code === 'EADDRINUSE' || code === 'EACCES') {
    refuse(
      `설정 오류: PORT ${config.port} 에서 받을 수 없습니다 (${code === 'EADDRINUSE' ? '이미 사용 중' : '권한 없음'}) / Configuration error: PORT ${config.port} cannot be listened on (${code})`,
    );
  }
  throw err;
});
console.log(
  `코인 월렛이 ${server.url} 에서 실행 중입니다 (데이터베이스: ${config.databaseUrl ? 'PostgreSQL' : `PGlite ${config.dataDir}`})`,
);

exitOnSignals(server, config.ops.shutdownTimeoutMs);
