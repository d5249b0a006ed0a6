import { loadConfig } from './config';
import { startServer } from './start-server';

const config = loadConfig();
const server = await startServer(config, { announce: (msg) => console.log(msg) });
console.log(
  `코인 월렛이 ${server.url} 에서 실행 중입니다 (데이터베이스: ${config.databaseUrl ? 'PostgreSQL' : `PGlite ${config.dataDir}`})`,
);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
