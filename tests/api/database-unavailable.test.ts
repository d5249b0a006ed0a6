import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Db, openDb } from '../../src/server/db';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable';
import { MSG } from '../../src/shared/messages';
import { memberClient } from '../support/client';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Regressions found by the reliability suite's PostgreSQL restart: while the database is away a request
 * gets a 503 UNAVAILABLE envelope in Korean (not a 500), a connection cut in the middle of a transaction
 * fails that transaction and never the process, and the pool reconnects by itself afterwards.
 */
const PG = process.env.DATABASE_URL;

describe('when the database cannot be reached', () => {
  it('answers 503 UNAVAILABLE with a Korean message, not 500', async () => {
    // Port 1 on the loopback: nothing listens there, every connection is refused.
    const db = await openDb({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nowhere' });
    const config = loadConfig({
      ...process.env,
      LOG_LEVEL: 'silent',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
    });
    const app = await buildApp({ db, config });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/balances',
        cookies: { wallet_session: 'x'.repeat(43) },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        data: null,
        error: { code: 'UNAVAILABLE', message: MSG.common.serverUnavailable },
      });
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'someone', password: 'password1' },
      });
      expect(login.statusCode).toBe(503);
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('recognises the errors of a database that is away, and only those', () => {
    for (const code of ['57P01', '57P03', '08006', '08001', 'ECONNREFUSED', 'ECONNRESET']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    for (const code of ['23505', '40001', '22P02', '42P01', undefined]) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(false);
    }
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe.skipIf(!PG)('connections cut by PostgreSQL', () => {
  let server: TestServer;
  let killer: Db;
  // Only this server's connections are cut: other test files share the database.
  const name = `cut_${process.pid}_${Date.now()}`;
  beforeAll(async () => {
    const url = new URL(PG!);
    url.searchParams.set('application_name', name);
    server = await startTestServer({ DATABASE_URL: url.toString() });
    killer = await openDb({ databaseUrl: PG });
  });
  afterAll(async () => {
    await killer?.close();
    await server?.close();
  });

  it('a connection cut between two queries of a transaction fails that transaction, not the process', async () => {
    const db = await openDb({ databaseUrl: PG });
    try {
      const failed = await db
        .tx(async (q) => {
          const [me] = await q.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          await killer.query('SELECT pg_terminate_backend($1)', [me!.pid]);
          // The termination arrives while no query runs: an 'error' event on the checked-out client.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await q.query('SELECT 1');
        })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(isDatabaseUnavailable(failed)).toBe(true);
      // The pool goes on with a new connection.
      expect(await db.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('after every connection of the server is cut, requests succeed again without a restart', async () => {
    const m = await memberClient(server.url);
    expect((await m.client.get('/api/balances')).status).toBe(200);
    const [cut] = await killer.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE application_name = $1 AND pid <> pg_backend_pid()`,
      [name],
    );
    expect(cut!.n).toBeGreaterThan(0);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s = (await m.client.get('/api/balances')).status;
      statuses.push(s);
      if (s === 200) break;
      expect(s).toBe(503);
    }
    expect(statuses.at(-1)).toBe(200);
  });
});
