import { toWire } from '../../shared/decimal';
import type { ChainCheckView } from '../../shared/schemas/chain';
import type { Queryable } from '../db';
import { isoTime } from '../db/iso-time';

/** The chain verdicts of some deposits (the administrator's list), by deposit id. */
export async function chainChecksOf(
  q: Queryable,
  depositIds: string[],
): Promise<Map<string, ChainCheckView>> {
  if (depositIds.length === 0) return new Map();
  const rows = await q.query<ChainCheckView & { deposit_id: string }>(
    `SELECT deposit_id::text AS deposit_id, verdict, confirmations, required_confirmations, origin,
            chain_amount::text AS chain_amount, chain_to, final, ${isoTime('checked_at')} AS checked_at,
            before_assignment
       FROM deposit_chain_checks WHERE deposit_id = ANY($1::uuid[])`,
    [depositIds],
  );
  return new Map(
    rows.map(({ deposit_id, ...c }) => [
      deposit_id,
      { ...c, chain_amount: c.chain_amount === null ? null : toWire(c.chain_amount) },
    ]),
  );
}

/**
 * The member's pending deposits the checker is still confirming: confirmations so far and those needed.
 * A mismatch is not shown to the member as such; the administrator decides.
 */
export async function chainWaitingOf(
  q: Queryable,
  depositIds: string[],
): Promise<Map<string, { confirmations: number; required: number }>> {
  if (depositIds.length === 0) return new Map();
  const rows = await q.query<{ deposit_id: string; confirmations: number | null; required: number }>(
    `SELECT deposit_id::text AS deposit_id, confirmations, required_confirmations AS required
       FROM deposit_chain_checks
      WHERE deposit_id = ANY($1::uuid[]) AND NOT final AND verdict IN ('unchecked', 'waiting', 'not_found')`,
    [depositIds],
  );
  return new Map(
    rows.map((r) => [
      r.deposit_id,
      { confirmations: Math.min(r.confirmations ?? 0, r.required), required: r.required },
    ]),
  );
}
