import { z } from '../zod';
import { nullableString } from './view-parts';

/**
 * One approved external withdrawal and its payout, as the desk lists it (decision 0352): 출금 처리 중
 * without a TXID, recorded, confirmed on chain, or a mismatch; `overdue` when not confirmed within
 * PAYOUT_CONFIRM_HOURS of the approval (no TXID) or of the TXID's recording.
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
});
export type PayoutRow = z.infer<typeof payoutRowSchema>;

/** A payout as the batch for the signing system lists it: which withdrawal, where, how much. */
export const payoutBatchItemSchema = z.pick(payoutRowSchema, {
  id: true,
  currency: true,
  network: true,
  address: true,
  tag: true,
  amount: true,
  fee: true,
});
