import { randomBytes, randomUUID } from 'node:crypto';
import { bech32 } from '@scure/base';
import { encodeAccountID } from 'ripple-address-codec';
import type { Queryable } from '../../src/server/db';
import { applyBalanceChange } from '../../src/server/money/kernel';
import { lockBalances } from '../../src/server/wallet/balance-state';
import { verifyLedger } from '../../src/server/wallet/ledger';
import { base58check, depositNetworkOf } from '../../src/shared/address';
import type { BalanceCurrency } from '../../src/shared/constants';
import { dec } from '../../src/shared/decimal';
import type { DepositNetwork } from '../../src/shared/networks';
import { type Client, memberClient } from './client';

/** A random, valid TRC20 address (base58check of 0x41 and 20 random bytes). */
export function trc20Address(): string {
  const payload = new Uint8Array(21);
  payload[0] = 0x41;
  payload.set(randomBytes(20), 1);
  return base58check.encode(payload);
}
/** A random, valid XRP Ledger classic address ("r…"). */
export const xrpAddress = () => encodeAccountID(randomBytes(20));
/** A random, valid Bitcoin mainnet SegWit v0 address (bech32, P2WPKH). */
export const btcAddress = () => bech32.encode('bc', [0, ...bech32.toWords(randomBytes(20))]);
/** A random, valid address of `network`. */
export function addressFor(network: string): string {
  if (network === 'ERC20') return erc20Address();
  if (network === 'XRPL') return xrpAddress();
  if (network === 'BTC') return btcAddress();
  return trc20Address();
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

/**
 * Assigns (or, with null, removes) the member's deposit address on the network the address belongs to
 * (TRC20 for T…, ERC20 for 0x…); with null and no network, every network's address is removed.
 */
export async function setDepositAddress(
  db: Queryable,
  memberId: string,
  address: string | null,
  network: DepositNetwork | null = address ? depositNetworkOf(address) : null,
) {
  if (address === null) {
    await db.query(
      'DELETE FROM member_deposit_addresses WHERE member_id = $1 AND ($2::text IS NULL OR network = $2)',
      [memberId, network],
    );
    return;
  }
  await db.query(
    `INSERT INTO member_deposit_addresses (member_id, network, address) VALUES ($1, $2, $3)
     ON CONFLICT (member_id, network) DO UPDATE SET address = EXCLUDED.address`,
    [memberId, network ?? 'TRC20', address],
  );
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

/** How many withdrawal requests the member has, whatever their state. */
export const withdrawalCount = async (db: Queryable, memberId: string) =>
  (
    await db.query<{ n: number }>('SELECT count(*)::int AS n FROM withdrawals WHERE member_id = $1', [
      memberId,
    ])
  )[0]!.n;

/** The body of a member's KRW deposit request (POST /api/deposits/krw). */
export const krwDepositBody = (amount = '50000') => ({
  bank_name: '국민은행',
  account_number: '123-456-789012',
  account_holder: '홍길동',
  amount,
  depositor_name: '홍길동',
});

/** The body of a member's KRW withdrawal to a bank account (POST /api/withdrawals/krw). */
export const krwWithdrawalBody = (over: Record<string, unknown> = {}) => ({
  amount: '10000',
  bank_name: '신한은행',
  account_number: '110-123-456789',
  account_holder: '홍길동',
  memo: '',
  ...over,
});

/** A member's internal transfer request to another member (by username), answered as it came. */
export const requestInternal = (
  from: Client,
  to: { creds: { username: string } },
  currency: string,
  amount: string,
) =>
  from.post('/api/withdrawals/crypto', {
    currency,
    amount,
    method: 'internal',
    recipient_id: to.creds.username,
  });

/** Two new members holding `currency`: the sender `senderHas`, the recipient `recipientHas` (none when absent). */
export async function transferPair(
  server: { url: string; db: Queryable & { tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> } },
  currency: BalanceCurrency,
  senderHas: string,
  recipientHas?: string,
) {
  const sender = await memberClient(server.url);
  const recipient = await memberClient(server.url);
  await adjustBalance(server.db, sender.id, currency, senderHas);
  if (recipientHas) await adjustBalance(server.db, recipient.id, currency, recipientHas);
  return { sender, recipient };
}

/** A member's total balance of `currency` as the database holds it (trailing zeros dropped; '0' if none). */
export async function balanceOf(db: Queryable, memberId: string, currency: string) {
  const [row] = await db.query<{ b: string }>(
    'SELECT trim_scale(balance)::text AS b FROM balances WHERE member_id = $1 AND currency = $2',
    [memberId, currency],
  );
  return row?.b ?? '0';
}
