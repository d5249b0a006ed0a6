import { MSG } from '../../shared/messages';
import { DEPOSIT_NETWORKS, type DepositNetwork } from '../../shared/networks';
import { type Actor, approvalOf } from '../audit/actor';
import { auditMember } from '../audit/write-audit';
import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import { lockMember } from './lock-member';

export type DepositAddresses = Record<DepositNetwork, string | null>;

/** The member's USDT deposit address of every network (null where none is assigned). */
export async function readDepositAddresses(q: Queryable, memberId: string): Promise<DepositAddresses> {
  const rows = await q.query<{ network: DepositNetwork; address: string }>(
    'SELECT network, address FROM member_deposit_addresses WHERE member_id = $1',
    [memberId],
  );
  const out = Object.fromEntries(DEPOSIT_NETWORKS.map((n) => [n, null])) as DepositAddresses;
  for (const r of rows) out[r.network] = r.address;
  return out;
}

const addressView = (network: DepositNetwork, address: string | null) => ({
  network,
  deposit_address: address,
});

/** The other member holding `address` on any network, if any (one member per address). */
export async function addressTaken(q: Queryable, memberId: string, network: DepositNetwork, address: string) {
  const taken = await q.query(
    'SELECT 1 FROM member_deposit_addresses WHERE lower(address) = lower($1) AND NOT (member_id = $2 AND network = $3)',
    [address, memberId, network],
  );
  return taken.length > 0;
}

/**
 * Assigns the member's deposit address on `network` (the schema has checked the address is one of
 * that network); one member per address, whatever the network. The assignment's time (`updated_at`) is
 * when the address became the member's: automatic approval credits only transfers in later blocks.
 */
export async function setDepositAddressIn(
  q: Queryable,
  memberId: string,
  network: DepositNetwork,
  address: string,
  actor: Actor,
) {
  await lockMember(q, memberId);
  if (await addressTaken(q, memberId, network, address))
    throw new AppError('CONFLICT', MSG.admin.addressTaken);
  const before = (await readDepositAddresses(q, memberId))[network];
  if (before !== address) {
    try {
      await q.query('SAVEPOINT deposit_address');
      await q.query(
        `INSERT INTO member_deposit_addresses (member_id, network, address) VALUES ($1, $2, $3)
         ON CONFLICT (member_id, network) DO UPDATE SET address = EXCLUDED.address, updated_at = now(),
           origin = 'operator', derivation_index = NULL`,
        [memberId, network, address],
      );
      await q.query('RELEASE SAVEPOINT deposit_address');
    } catch (err) {
      // Two administrators assigning one address at once: the unique index decides.
      if ((err as { code?: string }).code !== '23505') throw err;
      await q.query('ROLLBACK TO SAVEPOINT deposit_address');
      throw new AppError('CONFLICT', MSG.admin.addressTaken);
    }
    await auditMember(q, actor, 'member.deposit_address.set', memberId, {
      before: addressView(network, before),
      after: { ...addressView(network, address), ...approvalOf(actor) },
    });
  }
  return addressView(network, address);
}

/** Removes the member's deposit address on `network`, or on every network when none is named. */
export async function clearDepositAddressIn(
  q: Queryable,
  memberId: string,
  network: DepositNetwork | undefined,
  actor: Actor,
) {
  await lockMember(q, memberId);
  const current = await readDepositAddresses(q, memberId);
  for (const n of network ? [network] : DEPOSIT_NETWORKS) {
    if (current[n] === null) continue;
    await q.query('DELETE FROM member_deposit_addresses WHERE member_id = $1 AND network = $2', [
      memberId,
      n,
    ]);
    await auditMember(q, actor, 'member.deposit_address.clear', memberId, {
      before: addressView(n, current[n]),
      after: { ...addressView(n, null), ...approvalOf(actor) },
    });
  }
  return addressView(network ?? 'TRC20', null);
}
