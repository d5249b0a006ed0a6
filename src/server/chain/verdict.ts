import { D } from '../../shared/decimal';
import type { ChainVerdict } from '../../shared/schemas/chain';
import { USDT_DECIMALS } from './chain-config';
import type { TokenTransfer, TxLookup } from './provider';

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

/** "12.5" USDT → 12500000n (XRP in drops likewise: also 6 decimals); null when the claim has more decimals than the token (it can never match). */
function toBaseUnits(amount: string): bigint | null {
  const units = new D(amount).times(new D(10).pow(USDT_DECIMALS));
  return units.isInteger() ? BigInt(units.toFixed(0)) : null;
}

export const fromBaseUnits = (value: bigint): string =>
  new D(value.toString()).div(new D(10).pow(USDT_DECIMALS)).toFixed();

const sameAddress = (network: string, a: string, b: string) =>
  network === 'ERC20' ? a.toLowerCase() === b.toLowerCase() : a === b;

/**
 * The verdict on one claim from what the chain said: the transaction must exist, be mined and have
 * succeeded, carry a USDT transfer to the member's assigned address of exactly the claimed amount, and be
 * `min` blocks deep. A transaction not (yet) seen is re-checked; mismatches are final once as deep as a
 * match would have to be.
 */
export function judge(
  network: string,
  claim: { amount: string; depositAddress: string; tag?: string | null },
  found: TxLookup,
  min: number,
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
  const toUs = found.transfers.filter(
    (t) =>
      sameAddress(network, t.to, claim.depositAddress) &&
      (claim.tag == null || (t.tag != null && String(t.tag) === claim.tag)),
  );
  if (toUs.length === 0) {
    return { ...base, verdict: 'address_mismatch', transfer: found.transfers[0] ?? null, final: deep };
  }
  const want = toBaseUnits(claim.amount);
  const exact = toUs.find((t) => t.value === want);
  if (!exact) return { ...base, verdict: 'amount_mismatch', transfer: toUs[0]!, final: deep };
  return { ...base, verdict: deep ? 'match' : 'waiting', transfer: exact, final: deep };
}
