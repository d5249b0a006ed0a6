import { CRYPTO_DECIMALS } from '../../shared/constants';
import { D } from '../../shared/decimal';
import { chainDecimals } from '../../shared/networks';
import type { ChainVerdict } from '../../shared/schemas/chain';
import { USDT_DECIMALS } from './chain-config';
import { type TokenTransfer, type TxLookup, transferCurrency } from './provider';

/** The verdict list is the shared one the administrator's request view declares. */
type Verdict = ChainVerdict;

export interface Judgement {
  verdict: Verdict;
  confirmations: number | null;
  /** The transfer the verdict is about (the one to the member's address, when there is one). */
  transfer: TokenTransfer | null;
  blockNumber: bigint | null;
  /** True when the chain will not change its mind (enough confirmations, or a clear mismatch). */
  final: boolean;
}

export const fromBaseUnits = (value: bigint): string =>
  new D(value.toString()).div(new D(10).pow(USDT_DECIMALS)).toFixed();

/** Ether moves in wei, from the one table of chain decimals. */
const WEI_DECIMALS = chainDecimals('ETH');

/**
 * What a transfer credits: USDT and XRP exactly (6 decimals); ether in the app's 8 decimals, the wei below
 * them left uncredited (rounded down, never up: decision 0411).
 */
export function creditOf(t: Pick<TokenTransfer, 'native' | 'value'>): string {
  if (!t.native) return fromBaseUnits(t.value);
  return new D(t.value.toString())
    .div(new D(10).pow(WEI_DECIMALS))
    .toDecimalPlaces(CRYPTO_DECIMALS, D.ROUND_DOWN)
    .toFixed();
}
const sameAddress = (network: string, a: string, b: string) =>
  network === 'ERC20' ? a.toLowerCase() === b.toLowerCase() : a === b;

/** The deposit judged: its amount, address (XRP: tag), currency and, once tied, its transfer's index. */
export interface JudgedDeposit {
  amount: string;
  depositAddress: string;
  tag?: string | null;
  currency?: string;
  logIndex?: number | null;
}

/**
 * The verdict on one deposit from what the chain said: the transaction must exist, be mined and have
 * succeeded, carry a transfer of the deposit's currency to the member's assigned address of exactly the
 * claimed amount, and be `min` blocks deep. A deposit tied to one transfer (the scan's, or a claim tied
 * earlier) is judged on that transfer only; an untied claim takes the first matching transfer not in
 * `taken` (those backing other deposits), so a transaction of several transfers backs several deposits.
 * A transaction not (yet) seen is re-checked; mismatches are final once as deep as a match would have to be.
 */
export function judge(
  network: string,
  claim: JudgedDeposit,
  found: TxLookup,
  min: number,
  taken: ReadonlySet<number> = new Set(),
): Judgement {
  if (found.kind === 'not_found') {
    return { verdict: 'not_found', confirmations: null, transfer: null, blockNumber: null, final: false };
  }
  if (found.kind === 'unmined') {
    return { verdict: 'waiting', confirmations: 0, transfer: null, blockNumber: null, final: false };
  }
  const confirmations = Math.max(0, Number(found.head - found.blockNumber + 1n));
  const deep = confirmations >= min;
  const base = { confirmations, blockNumber: found.blockNumber };
  if (!found.success) return { ...base, verdict: 'failed', transfer: null, final: deep };
  const currency = claim.currency ?? (network === 'XRPL' ? 'XRP' : 'USDT');
  const candidates = found.transfers.filter(
    (t) =>
      transferCurrency(network, t) === currency && (claim.logIndex == null || t.logIndex === claim.logIndex),
  );
  const toUs = candidates.filter(
    (t) =>
      sameAddress(network, t.to, claim.depositAddress) &&
      (claim.tag == null || (t.tag != null && String(t.tag) === claim.tag)),
  );
  if (toUs.length === 0) {
    return { ...base, verdict: 'address_mismatch', transfer: candidates[0] ?? null, final: deep };
  }
  const exactly = (t: TokenTransfer) => new D(creditOf(t)).eq(claim.amount);
  const exact = toUs.find((t) => exactly(t) && !taken.has(t.logIndex)) ?? toUs.find(exactly);
  if (!exact) return { ...base, verdict: 'amount_mismatch', transfer: toUs[0]!, final: deep };
  return { ...base, verdict: deep ? 'match' : 'waiting', transfer: exact, final: deep };
}
