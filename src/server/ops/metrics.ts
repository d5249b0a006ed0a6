import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { PRICE_SYMBOLS } from '../../shared/constants';
import type { App, Ctx } from '../context';
import { addRouteHook } from '../http/route-hooks';

/** The currencies members can request deposits and withdrawals in. */
const PENDING_CURRENCIES = {
  deposits: ['KRW', 'USDT'],
  withdrawals: ['KRW', 'ETH', 'XRP', 'USDT'],
} as const;
/** The prices the server keeps (src/server/prices): the two coins in USD and the USD to KRW rate. */
const PRICED_SYMBOLS = [PRICE_SYMBOLS.ETH, PRICE_SYMBOLS.XRP, 'USDKRW'];

/**
 * Prometheus metrics (prom-client, decision 0122): requests by route and status, their latency, pending
 * deposits and withdrawals by currency, the age of the oldest pending request, the age of the stored
 * prices, and the database pool. Served on `METRICS_PORT` (its own listener, meant for a private address)
 * and/or on the main port at `/metrics` with `Authorization: Bearer $METRICS_TOKEN`; refused (404) otherwise.
 */
export function createMetrics(app: App, ctx: Ctx): Metrics {
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'wallet_' });
  const labelNames = ['method', 'route', 'status_code'] as const;
  // Requests answered are its `_count` (rate(wallet_http_request_duration_seconds_count[5m])): no second
  // metric observed on every request (decision 0211).
  const duration = new Histogram({
    name: 'wallet_http_request_duration_seconds',
    help: 'HTTP requests answered and their latency, by route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  // Each route records its own answers, with its pattern (/api/admin/deposits/:id/approve) as the label,
  // never the raw URL: bounded label values. A route hook, not a global one reading `req.routeOptions`,
  // which builds an object at every read (decision 0215). A callback hook: no promise per request.
  const recorder = (route: string) =>
    function recordAnswer(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
      duration.observe(
        { method: req.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    };
  const recorders = new Map<string, ReturnType<typeof recorder>>();
  app.addHook('onRoute', (route) => {
    let hook = recorders.get(route.url);
    if (!hook) {
      hook = recorder(route.url);
      recorders.set(route.url, hook);
    }
    addRouteHook(route, 'onResponse', hook);
  });
  // What no route matched: the not-found handler's hook (src/server/app.ts).
  const unmatchedApi = recorder('unmatched_api');
  const unmatchedPage = recorder('static');
  const notFoundHook = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) =>
    (req.url.startsWith('/api/') ? unmatchedApi : unmatchedPage)(req, reply, done);

  const gauge = <L extends string>(name: string, help: string, ...labelNames: L[]) =>
    new Gauge<L>({ name, help, labelNames, registers: [register] });
  const dbUp = gauge('wallet_db_up', '1 when the last scrape could read the database');
  const pending = gauge(
    'wallet_pending_requests',
    'Pending deposit and withdrawal requests, by kind and currency',
    'kind',
    'currency',
  );
  const pendingAmount = gauge(
    'wallet_pending_amount',
    'Sum of pending request amounts, by kind and currency (approximate as a float)',
    'kind',
    'currency',
  );
  const oldest = gauge(
    'wallet_oldest_pending_request_age_seconds',
    'Age of the oldest pending request, by kind (0 when none)',
    'kind',
  );
  const priceAge = gauge(
    'wallet_price_age_seconds',
    'Age of the stored price of each coin and of the USD to KRW rate',
    'symbol',
    'source',
  );
  const pool = gauge(
    'wallet_db_pool_connections',
    'Database pool connections by state (max, total, idle, waiting clients)',
    'state',
  );

  const reserveWarning = gauge(
    'wallet_reserve_warning',
    'Warnings of the latest reserves snapshot (1 per raised warning: cold_below_80, holdings_below_liabilities, …)',
    'currency',
    'warning',
  );
  const reserveCold = gauge(
    'wallet_reserve_cold_share',
    'Cold share of holdings in the latest reserves snapshot',
    'currency',
  );

  // Read at each scrape, before the registry is serialised (prom-client reads its metrics in parallel).
  const refresh = async () => {
    {
      const stats = ctx.db.poolStats?.() ?? {};
      for (const [state, n] of Object.entries(stats) as [string, number][]) pool.set({ state }, n);
      pending.reset();
      pendingAmount.reset();
      oldest.reset();
      priceAge.reset();
      try {
        for (const kind of ['deposits', 'withdrawals'] as const) {
          const rows = await ctx.db.query<{ currency: string; n: string; total: string; age: string | null }>(
            `SELECT currency, count(*) AS n, sum(amount)::text AS total,
                    extract(epoch FROM now() - min(created_at))::float8 AS age
               FROM ${kind} WHERE status = 'pending' GROUP BY currency`,
          );
          let maxAge = 0;
          // Every kind and currency has a series, 0 when nothing is pending: an alert or a graph on it
          // reads 0, not "no data".
          for (const currency of PENDING_CURRENCIES[kind]) {
            pending.set({ kind, currency }, 0);
            pendingAmount.set({ kind, currency }, 0);
          }
          for (const r of rows) {
            pending.set({ kind, currency: r.currency }, Number(r.n));
            pendingAmount.set({ kind, currency: r.currency }, Number(r.total));
            maxAge = Math.max(maxAge, Number(r.age ?? 0));
          }
          oldest.set({ kind }, maxAge);
        }
        const prices = await ctx.db.query<{ symbol: string; source: string; age: number }>(
          `SELECT symbol, source, extract(epoch FROM now() - updated_at)::float8 AS age FROM crypto_prices
           UNION ALL
           SELECT from_currency || to_currency, source, extract(epoch FROM now() - updated_at)::float8
             FROM exchange_rates`,
        );
        for (const p of prices) priceAge.set({ symbol: p.symbol, source: p.source }, Number(p.age));
        // A price never stored is infinitely old (source "none"): `wallet_price_age_seconds > …` fires for
        // it, where a missing series would never fire.
        const stored = new Set(prices.map((p) => p.symbol));
        for (const symbol of PRICED_SYMBOLS) {
          if (!stored.has(symbol)) priceAge.set({ symbol, source: 'none' }, Number.POSITIVE_INFINITY);
        }
        reserveWarning.reset();
        reserveCold.reset();
        const reserves = await ctx.db.query<{
          currency: string;
          warnings: string[];
          cold_share: string | null;
        }>(
          `SELECT currency, warnings, cold_share::text AS cold_share FROM reserve_snapshots
            WHERE batch = (SELECT batch FROM reserve_snapshots ORDER BY id DESC LIMIT 1)`,
        );
        for (const r of reserves) {
          for (const warning of r.warnings) reserveWarning.set({ currency: r.currency, warning }, 1);
          if (r.cold_share !== null) reserveCold.set({ currency: r.currency }, Number(r.cold_share));
        }
        dbUp.set(1);
      } catch {
        dbUp.set(0);
      }
    }
  };
  return { register, refresh, notFoundHook };
}

export interface Metrics {
  register: Registry;
  /** Reads the database figures (pending requests, prices, pool). */
  refresh(): Promise<void>;
  /** Records the answers of the not-found handler (the routes record their own). */
  notFoundHook(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void;
}

async function render(metrics: Metrics): Promise<string> {
  await metrics.refresh();
  return metrics.register.metrics();
}

/** Constant-time comparison of the bearer token. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer (.+)$/.exec(header ?? '');
  if (!m?.[1]) return false;
  const a = Buffer.from(m[1]);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `/metrics` on the main port, for requests that carry the token; 404 (as if absent) otherwise. */
export function metricsRoute(app: App, metrics: Metrics, token: string | null): void {
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!token || !tokenMatches(req.headers.authorization, token)) {
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('not found\n');
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.register.contentType)
      .send(await render(metrics));
  });
}

/** The separate metrics listener (`METRICS_PORT`): only GET /metrics. */
export async function listenMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    render(metrics).then(
      (body) => res.writeHead(200, { 'content-type': metrics.register.contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
