import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../../src/server/db';
import { lockBalances } from '../../src/server/wallet/balance-state';
import { applyBalanceChange, verifyLedger } from '../../src/server/wallet/ledger';
import { base58check } from '../../src/shared/address';
import type { BalanceCurrency } from '../../src/shared/constants';
import { dec } from '../../src/shared/decimal';
import type { Client } from './client';

/** A random, valid TRC20 address (base58check of 0x41 and 20 random bytes). */
export function trc20Address(): string {
  const payload = new Uint8Array(21);
  payload[0] = 0x41;
  payload.set(randomBytes(20), 1);
  return base58check.encode(payload);
}
export const erc20Address = () => `0x${randomBytes(20).toString('hex')}`;
export const txid = () => randomBytes(32).toString('hex');
export const idemKey = () => randomUUID();

/** Credits (or debits) a balance through the money core, as an administrator's adjustment would. */
export async function adjustBalance(
  db: { tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> },
  memberId: string,
  currency: BalanceCurrency,
  amount: string,
) {
  return db.tx(async (q) => {
    await lockBalances(q, [{ memberId, currency }]);
    return applyBalanceChange(q, {
      memberId,
      currency,
      amount: dec(amount),
      kind: 'admin_adjustment',
      actorId: null,
    });
  });
}

export async function setDepositAddress(db: Queryable, memberId: string, address: string | null) {
  await db.query('UPDATE members SET deposit_address = $2 WHERE id = $1', [memberId, address]);
}

export async function available(client: Client, currency: string) {
  const r = await client.get('/api/balances');
  if (r.status !== 200) throw new Error(`balances failed: ${JSON.stringify(r.body)}`);
  const b = (r.body.data as { items: { currency: string; available: string; held: string; total: string }[] })
    .items;
  const row = b.find((x) => x.currency === currency);
  if (!row) throw new Error(`no ${currency}`);
  return row;
}

export async function expectLedgerOk(db: Queryable) {
  const report = await verifyLedger(db);
  if (!report.ok) throw new Error(`ledger mismatch: ${JSON.stringify(report)}`);
}
