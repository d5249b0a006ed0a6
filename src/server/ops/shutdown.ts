import type { App } from '../context';
import { opsState } from './state';

/**
 * SIGTERM/SIGINT: /readyz turns 503, the listener stops accepting, requests in flight
 * finish (Fastify's close waits for them; a request still arriving is served with `Connection: close`,
 * decision 0128), then the database closes and the process exits 0. Past `timeoutMs` the remaining
 * connections are cut (their transactions roll back: nothing half-applied), the database closes and the
 * process exits 1.
 */
export function exitOnSignals(
  /** The running server (start-server.ts's RunningServer): its app and how it closes. */
  server: { app: App; close(): Promise<void> },
  timeoutMs: number,
  log: (msg: string) => void = (m) => console.log(m),
): void {
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    opsState(server.app).draining = true;
    log(`${signal}: 종료합니다 — 처리 중인 요청을 마칩니다 (shutting down, finishing requests in flight)`);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      log(`${timeoutMs} ms 안에 끝나지 않은 연결을 닫습니다 (closing connections still open)`);
      server.app.server.closeAllConnections();
    }, timeoutMs);
    timer.unref();
    server.close().then(
      () => {
        clearTimeout(timer);
        process.exit(timedOut ? 1 : 0);
      },
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
