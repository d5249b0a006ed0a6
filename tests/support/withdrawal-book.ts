import type { Queryable } from '../../src/server/db';
import type { Client } from './client';

/**
 * Address book: an external withdrawal goes only to a registered address. Registers one through the real API
 * (the member's second password); on a test server (WITHDRAWAL_ADDRESS_DELAY_HOURS=0) it is usable at once.
 */
export async function registerWithdrawalAddress(
  client: Client,
  pin: string,
  network: string,
  address: string,
  over: Record<string, unknown> = {},
) {
  const r = await client.post('/api/withdrawal-addresses', {
    network,
    address,
    label: '테스트 지갑',
    wallet_kind: 'own',
    second_password: pin,
    ...over,
  });
  if (r.status !== 201) throw new Error(`address registration failed: ${JSON.stringify(r.body)}`);
  return r.body.data as { id: string; address: string; usable_at: string };
}

/**
 * Test setup where the server's waiting period is under test elsewhere: an entry usable at once, written
 * straight into the table (an INSERT; the table's triggers refuse only changes and deletions).
 */
export async function insertUsableAddress(
  db: Queryable,
  memberId: string,
  network: string,
  address: string,
  over: { label?: string; walletKind?: 'own' | 'exchange'; exchange?: string | null } = {},
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO withdrawal_addresses (member_id, network, address, address_key, label, wallet_kind, exchange, usable_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now()) RETURNING id::text AS id`,
    [
      memberId,
      network,
      address,
      network === 'ERC20' ? address.toLowerCase() : address,
      over.label ?? '테스트 지갑',
      over.walletKind ?? 'own',
      over.walletKind === 'exchange' ? (over.exchange ?? 'upbit') : null,
    ],
  );
  return row!.id;
}
