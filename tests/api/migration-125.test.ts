import { afterAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/server/db';
import { migrate } from '../../src/server/db/migrate';
import { migrateBefore } from '../support/migrations';
import { erc20Address, trc20Address, txid, xrpAddress } from '../support/money';
import { createOwnDatabase, dropOwnDatabase } from '../support/own-database';

/**
 * Migration 125 (one deposit per transfer, decision 0410) on a database filled by the version before it:
 * a deposit the checker or the scan bound to a transfer gets that transfer's index, an XRP payment 0, any
 * other stays untied (standing for its whole transaction); then one live deposit per transfer, one live
 * untied claim per TXID, and a tied deposit keeps its transfer. A PostgreSQL database of its own with
 * DATABASE_URL, else PGlite in memory.
 */
const BASE = process.env.DATABASE_URL;
let db: Db;
let own: string | null = null;
afterAll(async () => {
  await db?.close();
  if (BASE && own) await dropOwnDatabase(BASE, own);
});

async function freshDb(): Promise<Db> {
  if (!BASE) return openDb({ memory: true });
  const made = await createOwnDatabase(BASE, 'wallet_m125');
  own = made.name;
  return openDb({ databaseUrl: made.url });
}

const deposit = async (
  memberId: string,
  d: { currency: string; network: string; address: string; txid: string; status?: string; tag?: number },
) => {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO deposits (member_id, currency, amount, status, network, deposit_address, txid, sender_address,
       destination_tag)
     VALUES ($1, $2, 10, $3, $4, $5, $6, 'sender', $7) RETURNING id::text AS id`,
    [memberId, d.currency, d.status ?? 'pending', d.network, d.address, d.txid, d.tag ?? null],
  );
  return row!.id;
};

describe('migration 125: deposits by transfer', () => {
  it('ties existing deposits to their known transfers and keeps one deposit per transfer from then on', async () => {
    db = await freshDb();
    await migrateBefore(db, '125');
    const [m] = await db.query<{ id: string }>(
      `INSERT INTO members (username, email, full_name, password_hash)
       VALUES ('m125', 'm125@example.com', '홍길동', 'x') RETURNING id::text AS id`,
    );
    const erc = erc20Address();
    const bound = txid();
    const boundId = await deposit(m!.id, {
      currency: 'USDT',
      network: 'ERC20',
      address: erc,
      txid: `0x${bound}`,
    });
    await db.query(
      `INSERT INTO chain_transfers (network, txid, log_index, deposit_id) VALUES ('ERC20', $1, 3, $2)`,
      [bound, boundId],
    );
    const xrpId = await deposit(m!.id, {
      currency: 'XRP',
      network: 'XRPL',
      address: xrpAddress(),
      txid: txid().toUpperCase(),
      tag: 7,
    });
    const untied = txid();
    const trc = trc20Address();
    const untiedId = await deposit(m!.id, { currency: 'USDT', network: 'TRC20', address: trc, txid: untied });
    const rejectedId = await deposit(m!.id, {
      currency: 'USDT',
      network: 'TRC20',
      address: trc,
      txid: untied,
      status: 'rejected',
    });

    expect(await migrate(db)).toContain('125_deposit_transfers.sql');

    const rows = await db.query<{ id: string; log_index: number | null }>(
      'SELECT id::text AS id, log_index FROM deposits',
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.log_index]))).toEqual({
      [boundId]: 3,
      [xrpId]: 0,
      [untiedId]: null,
      [rejectedId]: null,
    });
    const insert = (t: string, network: string, logIndex: number | null) =>
      db.query(
        `INSERT INTO deposits (member_id, currency, amount, network, deposit_address, txid, log_index)
         VALUES ($1, 'USDT', 1, $2, $3, $4, $5)`,
        [m!.id, network, network === 'ERC20' ? erc : trc, t, logIndex],
      );
    // Another transfer of a known transaction is a deposit of its own; the same transfer is not.
    await insert(bound, 'ERC20', 4);
    await expect(insert(bound.toUpperCase(), 'ERC20', 3)).rejects.toThrow(/deposits_transfer_key/);
    // A second untied claim of a TXID is refused, as the TXID index refused it before.
    await expect(insert(untied, 'TRC20', null)).rejects.toThrow(/deposits_txid_key/);
    // A tied deposit keeps its transfer; an untied one is tied once.
    await expect(db.query('UPDATE deposits SET log_index = 5 WHERE id = $1', [boundId])).rejects.toThrow(
      /tied to transfer/,
    );
    await db.query('UPDATE deposits SET log_index = 1 WHERE id = $1', [untiedId]);
    // Ether to an Ethereum address is a deposit of its own currency (the transaction's value, index -1).
    await db.query(
      `INSERT INTO deposits (member_id, currency, amount, network, deposit_address, txid, log_index)
       VALUES ($1, 'ETH', 0.5, 'ERC20', $2, $3, -1)`,
      [m!.id, erc, `0x${bound}`],
    );
  }, 120_000);
});
