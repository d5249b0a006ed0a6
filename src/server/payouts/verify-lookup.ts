import type { ChainProvider } from '../chain/provider';
import { baseUnits, type PayoutToCheck, type PayoutVerdict } from './verify';

/**
 * A TRON (USDT) or XRP Ledger (XRP) payout as the provider's lookup shows it: mined and successful, a
 * transfer from the hot wallet to the withdrawal's address (and its tag, on the XRP Ledger: none when it
 * names none) of exactly the amount, `min` blocks (validated ledgers) deep. The provider gives the facts
 * (for XRP, the delivered amount: a partial payment does not count as paid); the verdict is ours.
 */
export async function verifyByLookup(
  p: ChainProvider,
  hot: string,
  payout: PayoutToCheck,
): Promise<PayoutVerdict> {
  const found = await p.lookup(payout.txid);
  if (found.kind === 'not_found') return { status: 'not_found', confirmations: null, detail: null };
  if (found.kind === 'unmined') return { status: 'waiting', confirmations: 0, detail: null };
  const confirmations = Math.max(0, Number(found.head - found.blockNumber + 1n));
  const deep = confirmations >= p.minConfirmations;
  const mismatch = (detail: string): PayoutVerdict => ({
    status: deep ? 'mismatch' : 'waiting',
    confirmations,
    detail,
  });
  if (!found.success) return mismatch('실패한 트랜잭션');
  const fromHot = found.transfers.filter((t) => t.from === hot);
  if (fromHot.length === 0)
    return mismatch(found.transfers.length ? '보낸 주소가 핫월렛이 아님' : '핫월렛에서 보낸 전송 없음');
  const toUs = fromHot.filter((t) => t.to === payout.address);
  if (toUs.length === 0) return mismatch('받는 주소 불일치');
  const tagOf = (t: { tag?: number | null }) => (t.tag == null ? null : String(t.tag));
  const tagged = p.network === 'XRPL' ? toUs.filter((t) => tagOf(t) === (payout.tag ?? null)) : toUs;
  if (tagged.length === 0) return mismatch('데스티네이션 태그 불일치');
  const want = baseUnits(payout.currency, payout.amount);
  if (!tagged.some((t) => t.value === want)) return mismatch('금액 불일치');
  return { status: deep ? 'confirmed' : 'waiting', confirmations, detail: null };
}
