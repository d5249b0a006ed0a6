/**
 * Before timing, the wallet and the baseline must run the same statements for the same request: the
 * comparison is fair only then. Both servers' databases are wrapped to record what they run.
 */

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Db, openDb, type Queryable } from '../src/server/db';
import type { Scenario } from './api-scenarios';
import { baselineHandler, openBaselineDb } from './baseline-server';
import { BENCH_FOUR_EYES } from './lib';

/**
 * The live-events hub's read of new `live_events` rows (src/server/events/feed.ts `pull`): it answers a
 * notification, once for every request committed meanwhile and every stream, not the request itself, and
 * lands in the log only when the hub happens to read before the comparison (a race that failed a run).
 */
const HUB_PULL = /^SELECT .* FROM live_events WHERE \(tx, id\) > /;

/** Records every statement a `Db` runs (whitespace folded), transactions included, but the hub's pulls. */
function recording(db: Db, log: string[]): Db {
  const fold = (sql: string) => sql.replace(/\s+/g, ' ').trim();
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      const folded = fold(sql);
      if (!HUB_PULL.test(folded)) log.push(folded);
      return q.query(sql, params);
    },
    // Kept, so both servers announce live events after commit as they do when timed.
    ...(q.notifyAfterCommit && {
      notifyAfterCommit: (channel: string) => {
        log.push(`NOTIFY ${channel} after commit`);
        q.notifyAfterCommit?.(channel);
      },
    }),
  });
  return {
    ...wrap(db),
    kind: db.kind,
    // A script (a migration) is not a request's statement: not recorded.
    tx: (fn) =>
      db.tx((q) =>
        fn({
          ...wrap(q),
          exec: (script) => q.exec(script),
          commitWith: (sql, params) => {
            log.push(`${fold(sql)}; COMMIT`);
            return q.commitWith(sql, params);
          },
        }),
      ),
    close: () => db.close(),
    listen: (...args) => db.listen(...args),
  };
}

/**
 * Before timing: one request of each scenario to the wallet (in process, through its real HTTP stack)
 * and to the baseline handler, recording the statements each runs. They must be the same, and the
 * read endpoints must answer the same JSON.
 */
export async function checkSameSql(
  url: string,
  scs: Scenario[],
  poolMax: number,
): Promise<Map<string, number>> {
  const appLog: string[] = [];
  const baseLog: string[] = [];
  const appDb = recording(await openDb({ databaseUrl: url }), appLog);
  const baseDb = recording(openBaselineDb(url, poolMax), baseLog);
  // One config for both, as each server reads it from the bench's environment (the same thresholds).
  const config = loadConfig({
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    PRICE_REFRESH: 'false',
    STATIC_DIR: '/nonexistent',
    ...BENCH_FOUR_EYES,
  });
  const app = await buildApp({ db: appDb, config });
  // Ready before recording: the live-events hub reads its cursor then (onReady), not per request.
  await app.ready();
  const server = createServer(baselineHandler(baseDb, config));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const counts = new Map<string, number>();
  try {
    for (const sc of scs) {
      await sc.prepare?.(4);
      appLog.length = 0;
      baseLog.length = 0;
      const req = sc.next();
      const a = await app.inject({
        method: req.method as 'GET',
        url: req.path!,
        headers: req.headers,
        payload: req.body,
      });
      const breq = sc.kind === 'read' ? req : sc.next();
      const b = await fetch(`http://127.0.0.1:${port}${breq.path}`, {
        method: breq.method,
        headers: breq.headers,
        body: breq.body as string | undefined,
      });
      const bText = await b.text();
      // 202 is a proposal: the bench times requests one administrator completes (200, 201).
      if (a.statusCode >= 300 || b.status >= 300 || a.statusCode === 202 || b.status === 202) {
        throw new Error(
          `${sc.operationId}: wallet ${a.statusCode} ${a.body} / baseline ${b.status} ${bText}`,
        );
      }
      if (!isDeepStrictEqual(appLog, baseLog)) {
        throw new Error(
          `${sc.operationId}: the baseline runs other SQL\nwallet:\n${appLog.join('\n')}\nbaseline:\n${baseLog.join('\n')}`,
        );
      }
      if (sc.kind === 'read' && !isDeepStrictEqual(JSON.parse(a.body), JSON.parse(bText))) {
        throw new Error(`${sc.operationId}: the baseline answers other JSON`);
      }
      counts.set(sc.operationId, appLog.length);
      // BENCH_PRINT_SQL=1: the statements of each request, as both servers ran them.
      if (process.env.BENCH_PRINT_SQL) console.log(`${sc.operationId}:\n  ${appLog.join('\n  ')}`);
    }
  } finally {
    await app.close();
    server.close();
    await appDb.close();
    await baseDb.close();
  }
  return counts;
}
