import type { Queryable } from '../db';

/** Any constant: the first key of the per-member advisory lock of withdrawal rules. */
const WITHDRAWAL_RULES_LOCK_CLASS = 7_260_155;

/**
 * Serialises, per member, everything the withdrawal rules read and write: creating a withdrawal (the
 * daily-limit sum and the insert), registering and deleting an address. Taken first in the transaction,
 * before any balance row lock, so it never joins a lock cycle. Crosses currencies, which the balance-row
 * lock does not (the crypto limit adds ETH, XRP and USDT together).
 */
export async function lockMemberWithdrawals(q: Queryable, memberId: string): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [WITHDRAWAL_RULES_LOCK_CLASS, memberId]);
}
