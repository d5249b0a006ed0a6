import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type Config, loadConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db';
import { openDb } from '../../src/server/db';
import { type RunningServer, startServer } from '../../src/server/start-server';

/** Each running test server's database, by its URL (the member helpers' test-only setup reads it). */
const testDbs = new Map<string, Db>();
export const testDbOf = (url: string): Db | undefined => testDbs.get(url);

export interface TestServer extends RunningServer {
  db: Db;
  config: Config;
}

/**
 * Starts the real server on 127.0.0.1 with a random port: against PostgreSQL when DATABASE_URL is set
 * (shared by parallel test files, so tests make their own unique data), otherwise on an in-memory PGlite.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_ADDRESS: '1000000',
    STATIC_DIR: path.resolve('dist/client'),
    ADMIN_USERNAME: `admin_${randomBytes(4).toString('hex')}`,
    ADMIN_PASSWORD: 'adminpass123',
    ADMIN_SECOND_PASSWORD: '123456',
    // No test reaches the internet: the price refresher runs only where a test points it at its fake provider.
    PRICE_REFRESH: 'false',
    // Withdrawal rules not under test: a registered address is usable at once, a KRW deposit
    // holds nothing back, and the travel rule starts above what tests send. Their own tests set them.
    WITHDRAWAL_ADDRESS_DELAY_HOURS: '0',
    KRW_DEPOSIT_WITHDRAWAL_DELAY_HOURS: '0',
    KRW_FIRST_DEPOSIT_HOLD_HOURS: '0',
    TRAVEL_RULE_THRESHOLD_KRW: '1000000000000',
    // argon2id at its least work: every member a test makes hashes and checks two secrets (decision 0493).
    PASSWORD_HASH_COST: 'minimum',
    ...env,
  });
  const server = await startServer(config, { memory: !config.databaseUrl });
  // A second handle on the same database for assertions (PGlite: the server's own connection).
  const db = config.databaseUrl ? await openDb({ databaseUrl: config.databaseUrl }) : server.db;
  testDbs.set(server.url, db);
  return {
    ...server,
    db,
    config,
    async close() {
      testDbs.delete(server.url);
      if (config.databaseUrl) await db.close();
      await server.close();
    },
  };
}

/** The real server on a data folder of its own (no test database), as `npm start` runs it on one machine. */
export const startOnDataDir = (dir: string) =>
  startServer(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: dir, PRICE_REFRESH: 'false' }),
  );

export const uniqueName = (prefix = 'u') =>
  `${prefix}${Date.now().toString(36).slice(-5)}${randomBytes(4).toString('hex')}`.slice(0, 20);
