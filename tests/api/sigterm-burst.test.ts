/**
 * SIGTERM during a burst of approvals. The server runs as a real child process (its sources through
 * tsx, as `node src/server/main.ts` would); lanes of administrators approve deposits and withdrawals one after
 * another, and the process gets SIGTERM in the middle. It must exit 0 within its drain bound; every approval
 * that was answered 2xx is committed whole (status, its one ledger entry, its audit row); every approval that
 * was refused or cut is not applied at all; balances equal the sum of the ledger. On PostgreSQL with
 * DATABASE_URL (a database of the test's own), otherwise on an embedded data folder.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { type Db, openDb } from '../../src/server/db';
import { startServer } from '../../src/server/start-server';
import { verifyLedger } from '../../src/server/wallet/ledger';
import { fund, insertDeposit, insertWithdrawal } from '../support/admin-fixtures';
import { adminClient, Client, memberClient } from '../support/client';

const PG_URL = process.env.DATABASE_URL;
const DRAIN_MS = 8_000;
const LANES = 8;
const PER_LANE = 16;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const baseEnv = (admin: string) => ({
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_ADDRESS: '1000000',
  ADMIN_USERNAME: admin,
  ADMIN_PASSWORD: 'adminpass123',
  ADMIN_SECOND_PASSWORD: '123456',
  PRICE_REFRESH: 'false',
  STATIC_DIR: path.resolve('dist/client'),
});

/** Starts `src/server/main.ts` in its own process; resolves with its address once it listens. */
function spawnServer(
  env: Record<string, string>,
): Promise<{ proc: ChildProcess; url: string; output: () => string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/main.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = out.match(/실행 중입니다|running/) && out.match(/(http:\/\/127\.0\.0\.1:\d+)/);
      if (m?.[1]) resolve({ proc, url: m[1], output: () => out });
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
}

type Outcome = { kind: 'deposits' | 'withdrawals'; id: string; status: number | null; error?: string };

describe('SIGTERM in the middle of a burst of approvals', () => {
  it('exits 0 within the drain bound; answered approvals are committed whole, the others not applied', async () => {
    const admin = `admin_${randomBytes(4).toString('hex')}`;
    let dbEnv: Record<string, string>;
    let openCheck: () => Promise<Db>;
    if (PG_URL) {
      const name = `wallet_ops_sigterm_${randomBytes(4).toString('hex')}`;
      const url = Object.assign(new URL(PG_URL), { pathname: `/${name}` }).toString();
      const root = await openDb({
        databaseUrl: Object.assign(new URL(PG_URL), { pathname: '/postgres' }).toString(),
      });
      await root.query(`CREATE DATABASE ${name}`);
      cleanups.push(async () => {
        await root.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await root.close();
      });
      dbEnv = { DATABASE_URL: url };
      openCheck = () => openDb({ databaseUrl: url });
    } else {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-ops-sigterm-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const dataDir = path.join(dir, 'data');
      dbEnv = { DATA_DIR: dataDir, DATABASE_URL: '' };
      openCheck = () => openDb({ dataDir });
    }

    // Setup in this process (the same database), then closed: the pending requests and the admin's session.
    const setup = await startServer(loadConfig({ ...baseEnv(admin), ...dbEnv, PORT: '0' }));
    const boss = await adminClient(setup.url, setup.db);
    const queue: { kind: 'deposits' | 'withdrawals'; id: string }[][] = [];
    for (let l = 0; l < LANES; l++) {
      const m = await memberClient(setup.url);
      await fund(setup.db, m.id, { USDT: '10000' });
      const lane: { kind: 'deposits' | 'withdrawals'; id: string }[] = [];
      for (let i = 0; i < PER_LANE; i++) {
        lane.push(
          i % 2 === 0
            ? { kind: 'deposits', id: await insertDeposit(setup.db, m.id, { amount: String(10000 + i) }) }
            : {
                kind: 'withdrawals',
                id: await insertWithdrawal(setup.db, m.id, { currency: 'USDT', amount: '5' }),
              },
        );
      }
      queue.push(lane);
    }
    await setup.close();

    const server = await spawnServer({
      ...baseEnv(admin),
      ...dbEnv,
      PORT: '0',
      SHUTDOWN_TIMEOUT_MS: String(DRAIN_MS),
    });
    cleanups.push(() => {
      if (server.proc.exitCode === null) server.proc.kill('SIGKILL');
    });
    const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
      server.proc.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );

    // Lanes approve one request after another; SIGTERM goes out after the first answers.
    const outcomes: Outcome[] = [];
    let signalledAt = 0;
    const signalAfter = Math.floor((LANES * PER_LANE) / 4);
    const lanes = queue.map(async (lane) => {
      const c = new Client(server.url);
      c.cookies = new Map(boss.client.cookies);
      for (const r of lane) {
        try {
          const res = await c.raw('POST', `/api/admin/${r.kind}/${r.id}/approve`);
          await res.arrayBuffer();
          outcomes.push({ ...r, status: res.status });
        } catch (err) {
          const cause = (err as { cause?: { code?: string } }).cause;
          outcomes.push({ ...r, status: null, error: cause?.code ?? String(err) });
        }
        if (!signalledAt && outcomes.length >= signalAfter) {
          signalledAt = Date.now();
          server.proc.kill('SIGTERM');
        }
      }
    });
    await Promise.all(lanes);
    const exit = await exited;
    const elapsed = exit.at - signalledAt;
    expect(signalledAt).toBeGreaterThan(0);
    expect(exit, server.output()).toMatchObject({ code: 0, signal: null });
    // Exit code 0 means the drain finished before its bound (past it the process cuts and exits 1).
    expect(elapsed).toBeLessThan(DRAIN_MS + 5_000);

    const db = await openCheck();
    try {
      const answered = outcomes.filter((o) => o.status !== null && o.status >= 200 && o.status < 300);
      const refused = outcomes.filter((o) => !(o.status !== null && o.status >= 200 && o.status < 300));
      console.log(
        `SIGTERM after ${signalAfter} answers: exit ${exit.code} in ${elapsed} ms; ${answered.length} approved, ${refused.length} refused or cut (${[...new Set(refused.map((o) => o.status ?? o.error))].join(', ')})`,
      );
      expect(answered.length).toBeGreaterThanOrEqual(signalAfter);
      expect(refused.length).toBeGreaterThan(0);
      for (const o of outcomes) {
        const col = o.kind === 'deposits' ? 'deposit_id' : 'withdrawal_id';
        const [row] = await db.query<{ status: string; ledger: number; audit: number }>(
          `SELECT r.status,
                  (SELECT count(*)::int FROM ledger_entries l WHERE l.${col} = r.id) AS ledger,
                  (SELECT count(*)::int FROM audit_log a WHERE a.target_id = r.id::text AND a.action = $2) AS audit
             FROM ${o.kind} r WHERE r.id = $1`,
          [o.id, `${o.kind === 'deposits' ? 'deposit' : 'withdrawal'}.approve`],
        );
        const ok = o.status !== null && o.status >= 200 && o.status < 300;
        expect(
          [row?.status, row?.ledger, row?.audit],
          `${o.kind} ${o.id} answered ${o.status ?? o.error}`,
        ).toEqual(ok ? ['approved', 1, 1] : ['pending', 0, 0]);
      }
      const report = await verifyLedger(db);
      expect(report.ok, JSON.stringify(report)).toBe(true);
    } finally {
      await db.close();
    }
  }, 240_000);
});
