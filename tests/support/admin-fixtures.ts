import { randomBytes } from 'node:crypto';
import { encodeAccountID } from 'ripple-address-codec';
import type { Db } from '../../src/server/db';
import { applyBalanceChange } from '../../src/server/money/kernel';
import { lockBalances } from '../../src/server/wallet/balance-state';
import type { BalanceCurrency } from '../../src/shared/constants';
import { dec } from '../../src/shared/decimal';

/** Test setup: credits a member through the money core (balance + ledger entry), as a deposit would. */
export async function fund(db: Db, memberId: string, amounts: Partial<Record<BalanceCurrency, string>>) {
  await db.tx(async (q) => {
    const entries = Object.entries(amounts) as [BalanceCurrency, string][];
    await lockBalances(
      q,
      entries.map(([currency]) => ({ memberId, currency })),
    );
    for (const [currency, amount] of entries) {
      await applyBalanceChange(q, {
        memberId,
        currency,
        amount: dec(amount),
        kind: 'deposit',
        actorId: null,
      });
    }
  });
}

/** Test setup: a deposit request row as a member's submission creates it (the approval core's table). */
export async function insertDeposit(
  db: Pick<Db, 'query'>,
  memberId: string,
  over: { currency?: 'KRW' | 'USDT'; amount?: string; status?: string; createdAt?: string } = {},
): Promise<string> {
  const currency = over.currency ?? 'KRW';
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO deposits (member_id, currency, amount, status, bank_name, account_number, account_holder,
                           depositor_name, txid, sender_address, created_at)
     VALUES ($1, $2, $3::numeric, $4, $5, $6, $7, $8, $9, $10, COALESCE($11::timestamptz, now())) RETURNING id`,
    [
      memberId,
      currency,
      over.amount ?? '50000',
      over.status ?? 'pending',
      currency === 'KRW' ? '국민은행' : null,
      currency === 'KRW' ? '123-456-789012' : null,
      currency === 'KRW' ? '홍길동' : null,
      currency === 'KRW' ? '홍길동' : null,
      currency === 'USDT' ? `tx${Math.random().toString(36).slice(2)}${Date.now()}` : null,
      currency === 'USDT' ? 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' : null,
      over.createdAt ?? null,
    ],
  );
  return row!.id;
}

/** The service's XRP address of the fixtures (every XRP deposit arrives there; the tag tells whose). */
const XRP_SERVICE = encodeAccountID(Buffer.alloc(20, 7));

/**
 * Test setup: a pending XRP deposit to the service address, carrying `tag` (null: sent without one), which
 * the ledger check matched; `beforeAssignment` as the checker marks a payment it cannot tell is the
 * member's (decision 0364).
 */
export async function insertXrpDeposit(
  db: Pick<Db, 'query'>,
  memberId: string,
  over: { tag: number | null; beforeAssignment: boolean; amount?: string },
): Promise<string> {
  const amount = over.amount ?? '25';
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO deposits (member_id, currency, amount, status, network, deposit_address, txid, sender_address,
                           destination_tag)
     VALUES ($1, 'XRP', $2::numeric, 'pending', 'XRPL', $3, $4, $5, $6) RETURNING id`,
    [
      memberId,
      amount,
      XRP_SERVICE,
      randomBytes(32).toString('hex'),
      encodeAccountID(randomBytes(20)),
      over.tag,
    ],
  );
  await db.query(
    `INSERT INTO deposit_chain_checks (deposit_id, network, verdict, confirmations, required_confirmations,
                                       chain_amount, chain_to, final, before_assignment, checked_at)
     VALUES ($1, 'XRPL', 'match', 3, 3, $2::numeric, $3, true, $4, now())`,
    [row!.id, amount, XRP_SERVICE, over.beforeAssignment],
  );
  return row!.id;
}

/** Test setup: a pending withdrawal row (it holds its amount from the member's available balance). */
export async function insertWithdrawal(
  db: Pick<Db, 'query'>,
  memberId: string,
  over: {
    currency?: 'KRW' | 'USDT' | 'ETH' | 'XRP';
    amount?: string;
    status?: string;
    recipientMemberId?: string;
    createdAt?: string;
  } = {},
): Promise<string> {
  const currency = over.currency ?? 'USDT';
  const amount = over.amount ?? '10';
  const method = currency === 'KRW' ? 'bank' : over.recipientMemberId ? 'internal' : 'external';
  const fee = method === 'external' ? '1' : '0';
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO withdrawals (member_id, currency, amount, fee, final_amount, method, network, recipient_id,
                              recipient_member_id, recipient_address, bank_name, account_number, account_holder,
                              status, created_at)
     VALUES ($1, $2, $3::numeric, $4::numeric, $3::numeric - $4::numeric, $5, $6, $7, $8, $9, $10, $11, $12, $13,
             COALESCE($14::timestamptz, now()))
     RETURNING id`,
    [
      memberId,
      currency,
      amount,
      fee,
      method,
      method === 'external' ? 'TRC20' : null,
      method === 'internal' ? 'recipient' : null,
      over.recipientMemberId ?? null,
      method === 'external' ? 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' : null,
      method === 'bank' ? '신한은행' : null,
      method === 'bank' ? '110-123-456789' : null,
      method === 'bank' ? '홍길동' : null,
      over.status ?? 'pending',
      over.createdAt ?? null,
    ],
  );
  return row!.id;
}
