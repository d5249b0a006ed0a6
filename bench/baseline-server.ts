/**
 * The baseline of the API benchmark: a bare `node:http` server with `pg` that answers the benchmarked
 * requests with the SAME SQL as the wallet (it calls the same domain functions with the same `Config`,
 * read from the same environment: readSession, readBalances, readPrices, listHistory, idempotent +
 * createKrwDeposit, and approveDeposit: the four-eyes registry's action the route calls), and nothing
 * else: no Fastify, no request or response schemas, no security headers, no error envelope mapping
 * beyond a status code. What the wallet costs beyond it is the price of its HTTP stack.
 *
 *   DATABASE_URL=postgres://… PORT=3182 npx tsx bench/baseline-server.ts
 *
 * bench/api.ts checks, before timing, that both servers run the same statements for each request.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { readSession, SESSION_COOKIE } from '../src/server/auth/sessions';
import { type Config, loadConfig } from '../src/server/config';
import { type Db, notifier, PG_POOL_OPTIONS, pgRun, pgTx } from '../src/server/db';
import { createKrwDeposit } from '../src/server/deposits/create-krw-deposit';
import { listHistory } from '../src/server/history/list-history';
import { idempotent } from '../src/server/http/idempotency';
import { readPrices } from '../src/server/prices/read-prices';
import { approveDeposit } from '../src/server/proposals/approve-deposit';
import { readBalances } from '../src/server/wallet/read-balances';
import { HISTORY_LIMIT, type HistoryType } from '../src/shared/constants';

/** `pg` with the wallet's pool settings and prepared statements (src/server/db/index.ts) behind the `Db` interface. */
export function openBaselineDb(url: string, max: number): Db {
  const pool = new pg.Pool({ connectionString: url, ...PG_POOL_OPTIONS, max });
  pool.on('error', () => {});
  // Live events are announced after commit as the wallet does, with the same statement.
  const notify = notifier((channel) => pool.query('SELECT pg_notify($1, $2)', [channel, '']));
  return {
    kind: 'pg',
    // The baseline streams no live events: nothing listens.
    listen: async () => async () => {},
    async query<T>(sql: string, params?: unknown[]) {
      return (await pgRun(pool, sql, params)).rows as T[];
    },
    notifyAfterCommit: notify,
    tx: pgTx(pool, notify),
    close: () => pool.end(),
  };
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

async function body(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
}

const send = (res: ServerResponse, status: number, data: unknown) => {
  const text = JSON.stringify(status < 400 ? { data, error: null } : { data: null, error: data });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(text);
};

/** One request: the session, then the endpoint's domain call; a status code for what it refuses. */
export function baselineHandler(db: Db, config: Config) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const url = new URL(req.url ?? '/', 'http://x');
      const token = cookie(req, SESSION_COOKIE);
      const session = token ? await readSession(db, config, token) : null;
      if (session?.stage !== 'full') return send(res, 401, { code: 'UNAUTHENTICATED' });
      const memberId = session.member.id;
      if (req.method === 'GET' && url.pathname === '/api/balances') {
        return send(res, 200, await readBalances(db, memberId));
      }
      if (req.method === 'GET' && url.pathname === '/api/prices') {
        return send(res, 200, await readPrices(db, config.prices.staleSeconds));
      }
      if (req.method === 'GET' && url.pathname === '/api/history') {
        const type = (url.searchParams.get('type') ?? 'all') as HistoryType;
        return send(res, 200, { items: await listHistory(db, memberId, type), limit: HISTORY_LIMIT });
      }
      if (req.method === 'POST' && url.pathname === '/api/deposits/krw') {
        const input = (await body(req)) as Parameters<typeof createKrwDeposit>[2];
        const r = await idempotent(
          db,
          {
            memberId,
            key: req.headers['idempotency-key'] as string | undefined,
            operation: 'createKrwDeposit',
            body: input,
          },
          (q) => createKrwDeposit(q, memberId, input),
        );
        return send(res, r.status, r.data);
      }
      const approve = /^\/api\/admin\/deposits\/([^/]+)\/approve$/.exec(url.pathname);
      if (req.method === 'POST' && approve) {
        if (!session.member.is_admin) return send(res, 403, { code: 'FORBIDDEN' });
        const input = (await body(req)) as { reason?: string; chain_override?: boolean } | null;
        // The route's call (src/server/admin/decision-routes.ts): applied at once, or a proposal (202).
        const outcome = await approveDeposit(
          db,
          config,
          {
            actorId: memberId,
            actorUsername: session.member.username,
            ip: req.socket.remoteAddress ?? '',
            tokenHash: session.tokenHash,
            userAgent: req.headers['user-agent'],
          },
          decodeURIComponent(approve[1]!),
          { reason: input?.reason, override: input?.chain_override === true },
        );
        if ('held' in outcome) throw new Error('an administrator action held as the system’s');
        if ('proposed' in outcome) return send(res, 202, outcome.proposed);
        return send(res, 200, outcome.applied.result);
      }
      return send(res, 404, { code: 'NOT_FOUND' });
    } catch (err) {
      const status = (err as { status?: number }).status ?? 500;
      return send(res, status, { code: (err as { code?: string }).code ?? 'INTERNAL' });
    }
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  // The wallet's own reading of the environment: its defaults and the bench's four-eyes thresholds.
  const config = loadConfig(process.env);
  const db = openBaselineDb(url, Number(process.env.DATABASE_POOL_MAX ?? 10));
  const server = createServer(baselineHandler(db, config));
  server.keepAliveTimeout = 72_000;
  server.listen(Number(process.env.PORT ?? 3182), process.env.HOST ?? '127.0.0.1', () => {
    console.log(`baseline listening on ${JSON.stringify(server.address())}`);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      server.close();
      db.close().then(() => process.exit(0));
    });
  }
}
