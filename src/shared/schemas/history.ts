import { BALANCE_CURRENCIES, HISTORY_TYPES } from '../constants';
import { MSG } from '../messages/member';
import { z } from '../zod';
import { memberChainView } from './chain';
import { nullableString } from './view-parts';

/** GET /api/history?type=all|deposit|withdraw[&asset=KRW|ETH|XRP|USDT] */
export const historyQuerySchema = z.strictObject({
  type: z._default(z.enum(HISTORY_TYPES, { error: MSG.history.typeInvalid }), 'all'),
  /** Only this asset's rows (the page titled "XRP 거래 내역" lists XRP only); all assets when absent. */
  asset: z.optional(z.enum(BALANCE_CURRENCIES, { error: MSG.timeline.assetInvalid })),
});

/**
 * One row of the member's history, derived from their requests and the ledger:
 * `source` deposit / withdrawal (their own requests), transfer_in (an internal transfer they received),
 * adjustment (an administrator's balance correction). `amount` is unsigned; `type` gives the sign.
 * The detail fields are what the row's detail sheet shows; null where the row has no such fact.
 */
const historyItemSchema = z.object({
  id: z.string(),
  source: z.enum(['deposit', 'withdrawal', 'transfer_in', 'adjustment']),
  type: z.enum(['deposit', 'withdraw']),
  currency: z.string(),
  amount: z.string(),
  fee: z.string(),
  status: z.string(),
  memo: nullableString,
  counterparty: nullableString,
  created_at: z.string(),
  /** What reaches the recipient (amount − fee) of a withdrawal; null for other rows. */
  final_amount: nullableString,
  network: nullableString,
  /** A withdrawal's recipient address; a crypto deposit's deposit address. */
  address: nullableString,
  /** XRP Ledger destination tag, as text. */
  destination_tag: nullableString,
  txid: nullableString,
  /** A crypto deposit's transfer in its transaction, where another deposit has the same TXID ("TXID · #2"). */
  transfer_index: z.nullable(z.number()),
  /** A won request's bank and account (the member's own). */
  bank_name: nullableString,
  account_number: nullableString,
  processed_at: nullableString,
  /** The administrator's reason, for a rejected request that was given one. */
  reject_reason: nullableString,
  /** A crypto deposit the chain checker is still confirming ("입금 확인 중 (n/m)"). */
  chain: z.optional(memberChainView),
  /** An approved external withdrawal: 출금 처리 중 until its payout is confirmed on chain, then 출금 완료
   *  with the paying transaction and its explorer page. */
  payout: z.optional(
    z.object({
      status: z.enum(['processing', 'completed']),
      txid: nullableString,
      explorer_url: nullableString,
    }),
  ),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;
export const historyViewSchema = z.object({ items: z.array(historyItemSchema), limit: z.number() });
export type HistoryView = z.infer<typeof historyViewSchema>;
