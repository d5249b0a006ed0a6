import { z } from '../zod';
import { nullableString } from './view-parts';

/**
 * One approved external withdrawal and its payout, as the desk lists it (decisions 0352, 0392): 출금 처리 중
 * without a TXID, recorded, confirmed on chain, or a mismatch (the TXID the checker found wrong, with its
 * verdict in `detail`: out of the batch until two administrators send it back, `returned`); `overdue` when not confirmed within
 * PAYOUT_CONFIRM_HOURS of the approval (no standing TXID) or of the TXID's recording.
 */
export const payoutRowSchema = z.object({
  id: z.string(),
  member_id: z.string(),
  currency: z.string(),
  network: z.string(),
  address: z.string(),
  tag: nullableString,
  amount: z.string(),
  fee: z.string(),
  approved_at: nullableString,
  txid: nullableString,
  payout_status: z.enum(['processing', 'recorded', 'confirmed', 'mismatch']),
  confirmations: z.nullable(z.number()),
  detail: nullableString,
  recorded_at: nullableString,
  recorded_by: nullableString,
  confirmed_at: nullableString,
  overdue: z.boolean(),
  /** A correction of its TXID waits for a second administrator. */
  correction_pending: z.boolean(),
  /** Sent back to the signing batch by two administrators after its TXID was found wrong (decision 0472). */
  returned: z.boolean(),
  /** Sending it back waits for a second administrator. */
  return_pending: z.boolean(),
});
export type PayoutRow = z.infer<typeof payoutRowSchema>;

/**
 * A payout as the batch for the signing system lists it: which withdrawal, where, how much, and the TXID
 * the new payment replaces when two administrators sent it back (decisions 0392, 0472).
 */
export const payoutBatchItemSchema = z.extend(
  z.pick(payoutRowSchema, {
    id: true,
    currency: true,
    network: true,
    address: true,
    tag: true,
    amount: true,
    fee: true,
  }),
  { previous_txid: nullableString },
);
