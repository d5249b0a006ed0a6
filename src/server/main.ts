import { loadConfig } from './config';
import { exitOnSignals } from './ops/shutdown';
import { startServer } from './start-server';

const config = loadConfig();
const server = await startServer(config, { announce: (msg) => console.log(msg) });
console.log(
  `코인 월렛이 ${server.url} 에서 실행 중입니다 (데이터베이스: ${config.databaseUrl ? 'PostgreSQL' : `PGlite ${config.dataDir}`})`,
);

exitOnSignals(server, config.ops.shutdownTimeoutMs);
