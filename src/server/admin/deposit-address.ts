import { networkOf as addressNetwork } from '../../shared/address';
import { MSG } from '../../shared/messages';
import { writeAudit } from '../audit/write-audit';
import type { Db } from '../db';
import { AppError } from '../http/errors';
import { type Actor, lockMember } from './common';

const view = (address: string | null) => ({
  deposit_address: address,
  network: address ? addressNetwork(address) : null,
});

/** Assigns the member's USDT deposit address (validated by the schema); one member per address. */
export async function setDepositAddress(db: Db, memberId: string, address: string, actor: Actor) {
  try {
    return await db.tx(async (q) => {
      const m = await lockMember(q, memberId);
      const taken = await q.query(
        'SELECT 1 FROM members WHERE lower(deposit_address) = lower($1) AND id <> $2',
        [address, memberId],
      );
      if (taken.length) throw new AppError('CONFLICT', MSG.admin.addressTaken);
      if (m.deposit_address !== address) {
        await q.query('UPDATE members SET deposit_address = $2, updated_at = now() WHERE id = $1', [
          memberId,
          address,
        ]);
        await writeAudit(q, {
          ...actor,
          action: 'member.deposit_address.set',
          targetType: 'member',
          targetId: memberId,
          before: view(m.deposit_address),
          after: view(address),
        });
      }
      return view(address);
    });
  } catch (err) {
    // Two administrators assigning one address at once: the unique index decides.
    if ((err as { code?: string }).code === '23505') throw new AppError('CONFLICT', MSG.admin.addressTaken);
    throw err;
  }
}

export async function clearDepositAddress(db: Db, memberId: string, actor: Actor) {
  return db.tx(async (q) => {
    const m = await lockMember(q, memberId);
    if (m.deposit_address !== null) {
      await q.query('UPDATE members SET deposit_address = NULL, updated_at = now() WHERE id = $1', [
        memberId,
      ]);
      await writeAudit(q, {
        ...actor,
        action: 'member.deposit_address.clear',
        targetType: 'member',
        targetId: memberId,
        before: view(m.deposit_address),
        after: view(null),
      });
    }
    return view(null);
  });
}
