import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/server/db';
import { migrate } from '../../src/server/db/migrate';
import { migrateBefore } from '../support/migrations';
import { erc20Address, trc20Address, txid } from '../support/money';

/**
 * Migration 010 (networks) on a database filled by the version before it: every row is kept, USDT
 * deposits and deposit addresses get the network their address belongs to, withdrawals keep theirs.
 * PGlite in memory, and a fresh PostgreSQL database when DATABASE_URL is set.
 */
const BEFORE = '010';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function freshDb(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDb({ memory: true });
  const name = `m010_${randomBytes(6).toString('hex')}`;
  const admin = await openDb({ databaseUrl: url });
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: u.toString() });
  cleanups.push(async () => {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.close();
  });
  return db;
}

const member = async (db: Db, name: string, address: string | null) => {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO members (username, email, full_name, password_hash, deposit_address)
     VALUES ($1, $1 || '@example.com', '홍길동', 'x', $2) RETURNING id::text AS id`,
    [name, address],
  );
  return row!.id;
};

const counts = async (db: Db) =>
  Object.fromEntries(
    await Promise.all(
      ['members', 'deposits', 'withdrawals', 'ledger_entries', 'audit_log'].map(async (t) => {
        const [r] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`);
        return [t, r!.n] as const;
      }),
    ),
  );

describe('migration 010: networks', () => {
  it('keeps every row and maps existing addresses, deposits and withdrawals to their networks', async () => {
    const db = await freshDb();
    if (!process.env.DATABASE_URL) cleanups.push(() => db.close());
    await migrateBefore(db, BEFORE);

    const trc = trc20Address();
    const erc = erc20Address().replace('0xa', '0xA');
    const a = await member(db, 'trc_member', trc);
    const b = await member(db, 'erc_member', erc);
    const c = await member(db, 'odd_member', 'legacy-address-1');
    const d = await member(db, 'none_member', null);
    const t1 = txid();
    const t2 = `0x${txid()}`;
    await db.query(
      `INSERT INTO deposits (member_id, currency, amount, status, deposit_address, txid, sender_address) VALUES
         ($1, 'USDT', 10, 'pending', $2, $3, $4),
         ($5, 'USDT', 20, 'approved', $6, $7, $8),
         ($9, 'USDT', 30, 'rejected', 'legacy-address-1', $10, $4)`,
      [a, trc, t1, trc20Address(), b, erc, t2, erc20Address(), c, txid()],
    );
    await db.query(
      `INSERT INTO deposits (member_id, currency, amount, bank_name, account_number, account_holder, depositor_name)
       VALUES ($1, 'KRW', 50000, '국민은행', '123-456-789012', '홍길동', '홍길동')`,
      [d],
    );
    // XRP over TRC20 was accepted before networks were checked: the row keeps its network.
    await db.query(
      `INSERT INTO withdrawals (member_id, currency, amount, fee, final_amount, method, network, recipient_address) VALUES
         ($1, 'XRP', 10, 0.25, 9.75, 'external', 'TRC20', $2),
         ($1, 'ETH', 1, 0.002, 0.998, 'external', 'ERC20', $3)`,
      [a, trc20Address(), erc20Address()],
    );
    await db.query(
      `INSERT INTO withdrawals (member_id, currency, amount, fee, final_amount, method, recipient_id, recipient_member_id)
       VALUES ($1, 'USDT', 5, 0, 5, 'internal', 'erc_member', $2)`,
      [a, b],
    );
    const before = await counts(db);
    const withdrawalsBefore = await db.query(
      'SELECT id, currency, network, recipient_address, amount::text, fee::text, status FROM withdrawals ORDER BY id',
    );

    expect(await migrate(db)).toContain('010_networks.sql');

    expect(await counts(db)).toEqual(before);
    const addresses = await db.query<{ member_id: string; network: string; address: string }>(
      'SELECT member_id::text AS member_id, network, address FROM member_deposit_addresses ORDER BY network',
    );
    expect(addresses).toEqual([
      { member_id: b, network: 'ERC20', address: erc },
      { member_id: a, network: 'TRC20', address: trc },
    ]);
    // An address of neither format is not guessed: it stays where it was.
    const legacy = await db.query<{ id: string; deposit_address: string | null }>(
      'SELECT id::text AS id, deposit_address FROM members ORDER BY username',
    );
    expect(Object.fromEntries(legacy.map((r) => [r.id, r.deposit_address]))).toEqual({
      [a]: null,
      [b]: null,
      [c]: 'legacy-address-1',
      [d]: null,
    });
    const deposits = await db.query<{ txid: string | null; network: string | null; currency: string }>(
      'SELECT txid, network, currency FROM deposits ORDER BY amount',
    );
    expect(deposits.map((r) => [r.currency, r.network])).toEqual([
      ['USDT', 'TRC20'],
      ['USDT', 'ERC20'],
      ['USDT', null],
      ['KRW', null],
    ]);
    expect(
      await db.query(
        'SELECT id, currency, network, recipient_address, amount::text, fee::text, status FROM withdrawals ORDER BY id',
      ),
    ).toEqual(withdrawalsBefore);
    expect(await db.query('SELECT 1 FROM withdrawals WHERE destination_tag IS NOT NULL')).toEqual([]);
    // The old XRP-over-TRC20 request can still be decided (rejected): its row stays valid.
    await db.query(`UPDATE withdrawals SET status = 'rejected' WHERE currency = 'XRP'`);
    // New rows: a tag only on the XRP Ledger, and only 0 … 4294967295.
    await expect(
      db.query(
        `INSERT INTO withdrawals (member_id, currency, amount, fee, final_amount, method, network, recipient_address, destination_tag)
         VALUES ($1, 'USDT', 5, 1, 4, 'external', 'TRC20', $2, 1)`,
        [a, trc20Address()],
      ),
    ).rejects.toThrow();
    await expect(
      db.query(
        `INSERT INTO withdrawals (member_id, currency, amount, fee, final_amount, method, network, recipient_address, destination_tag)
         VALUES ($1, 'XRP', 5, 0.25, 4.75, 'external', 'XRPL', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', 4294967296)`,
        [a],
      ),
    ).rejects.toThrow();
    // Migrating again changes nothing.
    expect(await migrate(db)).toEqual([]);
  });
});
