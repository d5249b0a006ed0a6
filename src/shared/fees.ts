import { type CryptoWithdrawMethod, INTERNAL_FEE, KRW_WITHDRAWAL_FEE, PAYOUT_DECIMALS } from './constants';
import { amountProblem, D, type Dec, ZERO } from './decimal';
import { formatDecimal } from './format';
import { defaultNetworkFor, networkFee } from './networks';

export type WithdrawalMethod = CryptoWithdrawMethod | 'bank';

/**
 * SPEC §9: internal transfers cost nothing; a KRW bank withdrawal costs 0; external transfers cost the
 * fixed fee of their (currency, network) pair in `WITHDRAWAL_NETWORKS` (the currency's default network
 * when none is named). A pair that does not exist has no fee: it throws (the schema refuses it first).
 */
export function withdrawalFee(currency: string, method: WithdrawalMethod, network?: string | null): Dec {
  if (method === 'bank') return new D(KRW_WITHDRAWAL_FEE);
  if (method === 'internal') return new D(INTERNAL_FEE);
  const fee = networkFee(currency, network ?? defaultNetworkFor(currency) ?? '');
  if (fee === null) throw new Error(`no external fee for ${currency} on ${network}`);
  return new D(fee);
}

/** The member's amount is the gross sum leaving their balance; the payout is what arrives: amount − fee. */
export const payoutOf = (amount: Dec | string, fee: Dec | string): Dec => new D(amount).minus(fee);

/**
 * The expected payout as shown on the withdrawal screen: 4 decimals, cut toward zero, and 0.0000
 * when the amount is not a valid amount yet or does not exceed the fee.
 */
export function formatPayout(amountText: string, fee: Dec | string): string {
  const text = amountText.trim();
  const payout = amountProblem(text) === null ? payoutOf(text, fee) : ZERO;
  return formatDecimal(payout.gt(0) ? payout : ZERO, PAYOUT_DECIMALS, PAYOUT_DECIMALS);
}

/** A fee or a small crypto amount shown exactly, without trailing zeros (e.g. "0.0001"). */
export const formatExact = (v: Dec | string) => formatDecimal(v, 0, 8);

/** SPEC §9: on the withdrawal screens USDT shows 2 to 4 decimals, every other currency 8 (KRW whole won). */
export function formatWithdrawBalance(v: Dec | string, currency: string): string {
  if (currency === 'KRW') return formatDecimal(new D(v).toDecimalPlaces(0, D.ROUND_FLOOR), 0);
  return currency === 'USDT' ? formatDecimal(v, 2, 4) : formatDecimal(v, 8, 8);
}
