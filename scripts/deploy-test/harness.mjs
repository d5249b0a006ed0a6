// What every step of `npm run test:deploy` shares: the log, the failure it stops on, the names and
// addresses of the run, and the cleanup of everything it starts or creates, on any exit.
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../..');
export const t0 = Date.now();
export const log = (msg) =>
  console.log(`[test:deploy ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${msg}`);
export class Failure extends Error {}
export function check(cond, msg) {
  if (!cond) throw new Failure(msg);
}
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const PG_ADMIN_URL = process.env.DEPLOY_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SERVER_NAME = 'wallet.test';
export const MEMBER_ADDRESS = '127.0.0.2'; // the member's "browser" connects to nginx from here
export const ADMIN_ADDRESS = '127.0.0.3'; // and the administrator's from here
export const FORGED = '203.0.113.77'; // what a client writes into X-Forwarded-For itself

// ---------------------------------------------------------------------------------------------------
// Cleanup: every child and every database object, on any exit.
export const children = new Set();
export const diagnostics = [];
export const cleanups = [];
let cleaned = false;
export async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  killChildren();
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error(`cleanup: ${err.message}`);
    }
  }
}
/** Instances get SIGKILL; nginx's master SIGTERM (a killed master would leave its workers behind). */
function killChildren() {
  for (const c of children) {
    if (c.exitCode === null && c.signalCode === null) c.kill(c.nginxMaster ? 'SIGTERM' : 'SIGKILL');
  }
}
process.on('exit', killChildren);
for (const event of ['unhandledRejection', 'uncaughtException']) {
  process.on(event, (err) => {
    console.error(`\ntest:deploy FAILED (${event}): ${err instanceof Failure ? err.message : err?.stack}`);
    cleanup().finally(() => process.exit(1));
  });
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    console.error(`test:deploy: ${sig}, cleaning up`);
    cleanup().finally(() => process.exit(1));
  });
}

// ---------------------------------------------------------------------------------------------------
/** A command's path on PATH (or in /usr/sbin, /sbin), or null. */
export function which(cmd) {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin']) {
    const p = path.join(dir, cmd);
    if (dir && existsSync(p)) return p;
  }
  return null;
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** One statement on the application's database, on a connection of its own: its rows. */
export async function appQuery(databaseUrl, sql, params) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
}

/** Won moves only through the member's verified own-name account (an administrator's record). */
export const verifyOwnAccount = (databaseUrl, memberId) =>
  appQuery(
    databaseUrl,
    `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder, is_verified)
     VALUES ($1, '국민은행', '123-456-789012', '홍길동', true) ON CONFLICT (member_id) DO NOTHING`,
    [memberId],
  );
