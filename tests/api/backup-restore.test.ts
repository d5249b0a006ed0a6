/**
 * Backup and restore round trip. A server with history (members, deposits, approvals, withdrawals,
 * administrator edits) is backed up while a burst of approvals and requests is in flight; the backup is
 * restored into a fresh place, a server starts on it, and every table is compared row by row with the
 * original: the restored database is the original at one moment (decision 0124), and the ledger check passes.
 * Without DATABASE_URL: the embedded database with `npm run backup` / `npm run restore` (their sources, run
 * as commands). With DATABASE_URL: pg_dump -Fc / pg_restore into databases of the test's own (docs/BACKUP.md).
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { openDb, type Queryable } from '../../src/server/db';
import { type RunningServer, startServer } from '../../src/server/start-server';
import { insertDeposit, insertWithdrawal } from '../support/admin-fixtures';
import { checkRestored } from '../support/backup-check';
import { adminClient, memberClient } from '../support/client';
import { krwDepositBody } from '../support/money';
import { readTables } from '../support/table-rows';

const run = promisify(execFile);
const PG_URL = process.env.DATABASE_URL;
const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;

const env = (over: Record<string, string>) =>
  loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_ADDRESS: '1000000',
    ADMIN_USERNAME: `admin_${randomBytes(4).toString('hex')}`,
    ADMIN_PASSWORD: 'adminpass123',
    ADMIN_SECOND_PASSWORD: '123456',
    PRICE_REFRESH: 'false',
    STATIC_DIR: path.resolve('dist/client'),
    // The withdrawal rules and two-person approval are not under test here: this file fills the database
    // with every kind of money record, one administrator approving and editing in one step.
    WITHDRAWAL_ADDRESS_DELAY_HOURS: '0',
    KRW_DEPOSIT_WITHDRAWAL_DELAY_HOURS: '0',
    KRW_FIRST_DEPOSIT_HOLD_HOURS: '0',
    TRAVEL_RULE_THRESHOLD_KRW: '1000000000000',
    FOUR_EYES_ADMIN_EDITS: 'false',
    FOUR_EYES_DEPOSIT_KRW: '1000000000000',
    FOUR_EYES_ADMIN_DAILY_KRW: '1000000000000',
    ...over,
  });

const krw = krwDepositBody;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/**
 * History before the backup, then a burst that runs until the backup is done: four lanes that each file a
 * request and have the administrator approve it (KRW deposits, USDT withdrawals), plus new requests from
 * members and a lock. `backup` starts once the first answers are in. Returns the table reads before the
 * burst and after it, and the requests of the burst.
 */
async function scenario(
  server: RunningServer,
  db: Queryable & { tx: RunningServer['db']['tx'] },
  backup: () => Promise<void>,
) {
  const admin = await adminClient(server.url, db);
  const put = (id: string, body: unknown) =>
    admin.client.call('PUT', `/api/admin/members/${id}/balances`, body);
  const members = [];
  for (let i = 0; i < 8; i++) {
    const m = await memberClient(server.url);
    // This file starts its servers itself, so memberClient does not know their database: won moves only
    // through the member's verified own-name account, recorded here as the other files' members have it.
    m.client.ownAccount = { db, memberId: m.id };
    members.push(m);
  }
  const [a1, a2, a3, a4, ...lanes] = members as [(typeof members)[0], ...typeof members];

  // History: deposits approved and rejected, balances set, a lock, withdrawals approved and rejected.
  for (const m of [a1, a2, a3, a4]) {
    const d = await m!.client.post('/api/deposits/krw', krw('50000'));
    expect(d.status).toBe(201);
    expect((await admin.client.post(`/api/admin/deposits/${d.body.data.id}/approve`)).status).toBe(200);
  }
  const rejected = await a1!.client.post('/api/deposits/krw', krw('70000'));
  const r = await admin.client.post(`/api/admin/deposits/${rejected.body.data.id}/reject`, {
    reason: '입금 확인 불가',
  });
  expect(r.status).toBe(200);
  expect((await put(a2!.id, { usdt: '250.5', eth: '1.25' })).status).toBe(200);
  expect(
    (await admin.client.post(`/api/admin/members/${a2!.id}/locks`, { locked_amount: '20' })).status,
  ).toBe(201);
  const w1 = await insertWithdrawal(db, a3!.id, { currency: 'KRW', amount: '10000' });
  expect((await admin.client.post(`/api/admin/withdrawals/${w1}/approve`)).status).toBe(200);
  const w2 = await insertWithdrawal(db, a4!.id, { currency: 'KRW', amount: '5000' });
  const r2 = await admin.client.post(`/api/admin/withdrawals/${w2}/reject`, { reason: '계좌 확인 필요' });
  expect(r2.status).toBe(200);
  for (const m of lanes) expect((await put(m.id, { usdt: '100000' })).status).toBe(200);
  const before = await readTables(db);

  // The burst.
  let stop = false;
  const deposits: string[] = [];
  const withdrawals: string[] = [];
  const statuses: number[] = [];
  let first!: () => void;
  const firstAnswer = new Promise<void>((resolve) => {
    first = resolve;
  });
  const lane = async (memberId: string, n: number) => {
    for (let i = 0; !stop && i < 1000; i++) {
      const deposit = (i + n) % 2 === 0;
      const id = deposit
        ? await insertDeposit(db, memberId, { amount: String(1000 + i) })
        : await insertWithdrawal(db, memberId, { currency: 'USDT', amount: '2' });
      (deposit ? deposits : withdrawals).push(id);
      const res = await admin.client.post(`/api/admin/${deposit ? 'deposits' : 'withdrawals'}/${id}/approve`);
      statuses.push(res.status);
      first();
      // A steady stream rather than a flood: the backup runs beside it, not after it.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const others = [
    a1!.client.post('/api/deposits/krw', krw('12345')),
    a3!.client.post('/api/deposits/krw', krw('23456')),
    admin.client.post(`/api/admin/members/${a4!.id}/locks`, { locked_amount: '1000', currency: 'krw' }),
  ];
  const running = lanes.map((m, n) => lane(m.id, n));
  await firstAnswer;
  try {
    await backup();
    // One more approval once the backup has finished: a change the snapshot cannot hold, whatever the
    // machine's speed (a fast pg_dump could otherwise end while every lane sleeps between requests).
    const late = await insertDeposit(db, lanes[0]!.id, { amount: '999' });
    deposits.push(late);
    statuses.push((await admin.client.post(`/api/admin/deposits/${late}/approve`)).status);
  } finally {
    stop = true;
  }
  await Promise.all(running);
  statuses.push(...(await Promise.all(others)).map((o) => o.status));
  expect(
    statuses.every((s) => s === 200 || s === 201),
    String(statuses),
  ).toBe(true);
  const after = await readTables(db);
  return { before, after, deposits, withdrawals, adminCookies: admin.client.cookies };
}

const tsxCommand = (file: string) => [process.execPath, '--import', 'tsx', path.resolve(file)];

describe.skipIf(!!PG_URL)('embedded database: npm run backup while serving, npm run restore', () => {
  it('restores a consistent snapshot taken mid-burst; the restored server starts and the ledger checks', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-ops-bk-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const dataDir = path.join(dir, 'data');
    const file = path.join(dir, 'backup.tar.gz');
    const server = await startServer(env({ DATA_DIR: dataDir }));
    cleanups.push(() => server.close());

    const [node, ...backupArgs] = tsxCommand('src/server/ops/backup-cli.ts');
    const result = await scenario(server, server.db, async () => {
      const r = await run(node!, [...backupArgs, file], { env: { ...process.env, DATA_DIR: dataDir } });
      expect(r.stdout).toMatch(/백업 완료 \/ backup written: .*실행 중인 서버의 스냅샷/);
    });
    // It holds password hashes: readable by its owner only.
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // Restore: refused while a server holds the folder, refused into a non-empty folder, done into a fresh one.
    const [, ...restoreArgs] = tsxCommand('src/server/ops/restore-cli.ts');
    const refused = await run(node!, [...restoreArgs, file], {
      env: { ...process.env, DATA_DIR: dataDir },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/서버가 이 데이터 폴더로 실행 중입니다/),
    });
    const restoredDir = path.join(dir, 'restored');
    const restored = await run(node!, [...restoreArgs, file], {
      env: { ...process.env, DATA_DIR: restoredDir },
    });
    expect(restored.stdout).toMatch(/원장 검사 통과 \/ ledger check passed/);
    const again = await run(node!, [...restoreArgs, file], {
      env: { ...process.env, DATA_DIR: restoredDir },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(again).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/데이터 폴더가 비어 있지 않습니다/),
    });

    const second = await startServer(env({ DATA_DIR: restoredDir }));
    cleanups.push(() => second.close());
    await checkRestored(second, result);
  }, 300_000);
});

describe.skipIf(!PG_URL || !hasPgDump)(
  'PostgreSQL: pg_dump -Fc while serving, pg_restore into a new database',
  () => {
    it('restores a consistent snapshot taken mid-burst; a server starts on it and the ledger checks', async () => {
      const base = new URL(PG_URL as string);
      const suffix = randomBytes(4).toString('hex');
      const source = `wallet_ops_bk_src_${suffix}`;
      const target = `wallet_ops_bk_dst_${suffix}`;
      const urlOf = (name: string) => Object.assign(new URL(base), { pathname: `/${name}` }).toString();
      const admin = await openDb({ databaseUrl: urlOf('postgres') });
      cleanups.push(async () => {
        for (const name of [source, target])
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.close();
      });
      await admin.query(`CREATE DATABASE ${source}`);
      await admin.query(`CREATE DATABASE ${target}`);
      const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-ops-bk-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const file = path.join(dir, 'wallet.dump');

      const server = await startServer(env({ DATABASE_URL: urlOf(source) }));
      cleanups.push(() => server.close());
      // The documented commands (docs/BACKUP.md).
      const result = await scenario(server, server.db, async () => {
        await run('pg_dump', ['-Fc', '-d', urlOf(source), '-f', file]);
      });
      expect(existsSync(file)).toBe(true);
      await run('pg_restore', [
        '--no-owner',
        '--exit-on-error',
        '--single-transaction',
        '-d',
        urlOf(target),
        file,
      ]);

      const second = await startServer(env({ DATABASE_URL: urlOf(target) }));
      cleanups.push(() => second.close());
      await checkRestored(second, result);
    }, 300_000);
  },
);
