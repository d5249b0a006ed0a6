import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { createPglite, type TemplateCache, type TemplateKind } from './pglite-open';
import type { Db, Transaction } from './types';

export type { Db, Queryable, Transaction } from './types';

/**
 * SQL texts run as named prepared statements on PostgreSQL: each connection parses and
 * plans them once, then only binds and executes. For the hot statements of every request and of an
 * approval, whose plans do not depend on their parameters (lookups by key); never for searches.
 */
const PREPARED = new Map<string, string>();

/** Marks `sql` as a prepared statement (see PREPARED) and returns it unchanged. */
export function prepared(sql: string): string {
  if (!PREPARED.has(sql)) PREPARED.set(sql, `wallet_${PREPARED.size + 1}`);
  return sql;
}

/**
 * Runs `sql` on a `pg` pool or client, as a named statement when it is prepared (see PREPARED). The
 * bench's baseline server runs the same.
 */
export function pgRun(c: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]): Promise<pg.QueryResult> {
  const name = PREPARED.get(sql);
  return c.query(name ? { name, text: sql, values: params } : { text: sql, values: params });
}

const NOTIFY = prepared('SELECT pg_notify($1, $2)');

const PG_POOL_MAX = 10;
/**
 * The pool's settings (a connection waits at most 5 s for a free slot, an idle one closes after 30 s,
 * a statement stops after 15 s). The bench's baseline server opens its pool with the same ones.
 */
export const PG_POOL_OPTIONS = {
  max: PG_POOL_MAX,
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
  statement_timeout: 15_000,
} as const satisfies pg.PoolConfig;
/** Serialization failure and deadlock: the statement wrote nothing, and `tx()` retries it. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_TX_ATTEMPTS = 5;

export async function openDb(opts: {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  /** A new PGlite folder starts from this copy (`migrated`: the server's own folder). */
  template?: TemplateKind;
  /** Whether and where the cached copies are kept (the server passes its configuration). */
  templateCache?: TemplateCache;
}): Promise<Db> {
  if (opts.databaseUrl) {
    // Loaded only for PostgreSQL: the embedded start does without it.
    const { default: driver } = await import('pg');
    return openPg(driver, opts.databaseUrl);
  }
  return pgliteDb(
    await createPglite(opts.memory ? undefined : opts.dataDir, opts.template, opts.templateCache),
  );
}

/**
 * Sends NOTIFYs on behalf of committed transactions: at most one in flight per channel; requests that come
 * meanwhile are folded into one more after it. Listeners treat the payload-less notification as "look at the
 * table" (src/server/events/hub.ts), so folding loses nothing. A failure is left to the listeners' own
 * periodic look.
 */
export function notifier(run: (channel: string) => Promise<unknown>): (channel: string) => void {
  const state = new Map<string, 'sending' | 'again'>();
  const send = (channel: string): void => {
    state.set(channel, 'sending');
    run(channel)
      .catch(() => {})
      .finally(() => {
        if (state.get(channel) === 'again') send(channel);
        else state.delete(channel);
      });
  };
  return (channel) => {
    if (state.has(channel)) state.set(channel, 'again');
    else send(channel);
  };
}

/** An open transaction on a checked-out `pg` client (after BEGIN); `committed` once `commitWith` has run. */
function pgTransaction(
  client: pg.PoolClient,
  channels: Set<string>,
): Transaction & { readonly committed: boolean } {
  let committed = false;
  // One statement at a time on the connection, in the order asked: reads a caller starts together
  // (`Promise.all`) wait for each other here, not in `pg`'s own queue, which pg 8 deprecates.
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const turn = last.then(run);
    last = turn.catch(() => {});
    return turn;
  };
  return {
    get committed() {
      return committed;
    },
    query: async <R>(sql: string, params?: unknown[]) =>
      (await inTurn(() => pgRun(client, sql, params))).rows as R[],
    // Without parameters pg sends the simple query protocol, which takes several statements.
    exec: async (script) => void (await inTurn(() => client.query(script))),
    async commitWith(sql, params, opts) {
      const text = sql.replace(/\$(\d+)/g, (_, n: string) => literal(client, params[Number(n) - 1]));
      committed = true;
      await inTurn(() =>
        client.query(
          opts?.releaseBeforeFlush
            ? `SET LOCAL synchronous_commit TO off;\n${text};\nCOMMIT;\n${FLUSH}`
            : `${text};\nCOMMIT`,
        ),
      );
    },
    notifyAfterCommit: (channel) => void channels.add(channel),
  };
}

/**
 * A transaction of its own that writes one log record (a transactional logical message, which any role may
 * emit at wal_level replica) and commits synchronously: its commit flushes the log up to itself, so past
 * every commit written before it on this connection.
 */
const FLUSH = `SELECT pg_logical_emit_message(true, 'wallet.flush', '')`;

/**
 * Whether this database's role may write the flush record above. PostgreSQL grants it to every role; where
 * it was revoked, a deposit approval would commit and then fail, so the server checks once, at start: the
 * privilege is read, nothing is written (the function's text form has three or, from PostgreSQL 17, four
 * parameters).
 */
export async function mayFlushCommits(db: Db): Promise<boolean> {
  const [row] = await db.query<{ ok: boolean | null }>(
    `SELECT bool_and(has_function_privilege(p.oid, 'EXECUTE')) AS ok FROM pg_proc p
      WHERE p.proname = 'pg_logical_emit_message' AND p.pronamespace = 'pg_catalog'::regnamespace
        AND p.proargtypes[2] = 'text'::regtype`,
  );
  return row?.ok === true;
}

/** A parameter written into a simple query: NULL, or its text (a string or a number) quoted by the driver. */
function literal(client: pg.PoolClient, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value !== 'string' && typeof value !== 'number')
    throw new TypeError('commitWith: text or numbers');
  return client.escapeLiteral(String(value));
}

/**
 * `Db.tx` on a `pg` pool: BEGIN, `fn`, COMMIT (unless `fn` committed with its last statement), the
 * notifications after commit; retried on serialization failures and deadlocks. The bench's baseline server
 * opens its transactions with it too.
 */
export function pgTx(pool: pg.Pool, notify: (channel: string) => void): Db['tx'] {
  return async <T>(fn: (q: Transaction) => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      const client = await pool.connect();
      let broken = false;
      // A checked-out client has no listener of the pool's: without this one, a connection the server
      // cuts between two queries (a PostgreSQL restart) is an unhandled 'error' event that ends the
      // process. The failed query reports the error itself; the client is then thrown away.
      const onError = () => {
        broken = true;
      };
      client.on('error', onError);
      const channels = new Set<string>();
      const q = pgTransaction(client, channels);
      try {
        await q.exec('BEGIN');
        const out = await fn(q);
        // In turn after whatever `fn` started and left running (see `pgTransaction`).
        if (!q.committed) await q.exec('COMMIT');
        for (const channel of channels) notify(channel);
        return out;
      } catch (err) {
        try {
          await q.exec('ROLLBACK');
        } catch {
          broken = true;
        }
        const code = (err as { code?: string }).code;
        if (code && RETRYABLE.has(code) && attempt < MAX_TX_ATTEMPTS) continue;
        throw err;
      } finally {
        client.removeListener('error', onError);
        client.release(broken);
      }
    }
  };
}

function openPg(driver: typeof pg, url: string): Db {
  const pool = new driver.Pool({ connectionString: url, ...PG_POOL_OPTIONS });
  // A dropped connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const notify = notifier((channel) => pgRun(pool, NOTIFY, [channel, '']));
  return {
    kind: 'pg',
    async query<T>(sql: string, params?: unknown[]) {
      const r = await pgRun(pool, sql, params);
      return r.rows as T[];
    },
    notifyAfterCommit: notify,
    tx: pgTx(pool, notify),
    async close() {
      await pool.end();
    },
    poolStats: () => ({
      max: PG_POOL_MAX,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    listen: (channel, onPayload, onConnect) => listenPg(driver, url, channel, onPayload, onConnect),
  };
}

/** A dedicated client LISTENing on one channel, reconnected (0.5 s … 5 s backoff) until stopped. */
async function listenPg(
  driver: typeof pg,
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onConnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = 500;
  const connect = async (): Promise<void> => {
    const c = new driver.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    const lost = () => {
      if (client !== c) return;
      client = null;
      c.removeAllListeners('notification');
      c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), delay);
      delay = Math.min(delay * 2, 5_000);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${driver.escapeIdentifier(channel)}`);
    } catch (err) {
      lost();
      throw err;
    }
    delay = 500;
    onConnect?.();
  };
  await connect().catch(() => {});
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

/** The `Db` of an open PGlite instance. */
export function pgliteDb(db: PGlite): Db {
  const notify = notifier((channel) => db.query('SELECT pg_notify($1, $2)', [channel, '']));
  return {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      return (await db.query<T>(sql, params as unknown[])).rows;
    },
    notifyAfterCommit: notify,
    // PGlite is one connection: its transactions run one at a time, which is serializable by construction.
    async tx<T>(fn: (q: Transaction) => Promise<T>) {
      const channels = new Set<string>();
      const out = await db.transaction(async (t) =>
        fn({
          query: async <R>(sql: string, params?: unknown[]) =>
            (await t.query<R>(sql, params as unknown[])).rows,
          exec: async (script) => void (await t.exec(script)),
          // One connection: no other transaction waits on this one's locks; the commit follows `fn`.
          commitWith: async (sql, params) => void (await t.query(sql, params)),
          notifyAfterCommit: (channel) => void channels.add(channel),
        }),
      );
      for (const channel of channels) notify(channel);
      return out;
    },
    async close() {
      await db.close();
    },
    poolStats: () => ({ max: 1, total: 1, idle: 1, waiting: 0 }),
    async listen(channel, onPayload, onConnect) {
      const stop = await db.listen(channel, onPayload);
      onConnect?.();
      return async () => {
        if (!db.closed) await stop();
      };
    },
  };
}
