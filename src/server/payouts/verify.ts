import { D } from '../../shared/decimal';
import { chainDecimals } from '../../shared/networks';
import { ethClient, ethFailure, notFound } from '../chain/eth-client';

/** ERC-20 `Transfer(address indexed from, address indexed to, uint256 value)`, as viem reads it. */
const TRANSFER = {
  type: 'event',
  name: 'Transfer',
  inputs: [
    { name: 'from', type: 'address', indexed: true },
    { name: 'to', type: 'address', indexed: true },
    { name: 'value', type: 'uint256', indexed: false },
  ],
} as const;

export interface PayoutToCheck {
  currency: string;
  address: string;
  /** What the member receives (amount − fee), decimal text. */
  amount: string;
  txid: string;
  /** The XRP Ledger destination tag the withdrawal names (decimal text), or null. */
  tag?: string | null;
}

export interface PayoutVerdict {
  /** waiting: not deep enough or not mined yet; not_found: the chain does not know it (yet). */
  status: 'waiting' | 'confirmed' | 'mismatch' | 'not_found';
  confirmations: number | null;
  detail: string | null;
}

/** The base units of `amount` (null: more decimals than the currency has, so no transfer can match). */
export function baseUnits(currency: string, amount: string): bigint | null {
  const units = new D(amount).times(new D(10).pow(chainDecimals(currency)));
  return units.isInteger() ? BigInt(units.toFixed(0)) : null;
}

/**
 * An Ethereum payout (ETH, or USDT of the configured token) as the chain shows it: mined and successful,
 * from the hot wallet, to the withdrawal's address, exactly the amount, `min` blocks deep. The transaction,
 * its receipt and the newest block are read with viem (the one Ethereum client, `chain/eth-client.ts`),
 * the token's `Transfer` logs decoded by viem against their ABI; the rest is decided here.
 */
export async function verifyEthereumPayout(
  rpc: { url: string; timeoutMs: number; min: number; token: string; hot: string },
  p: PayoutToCheck,
): Promise<PayoutVerdict> {
  const [client, viem] = await Promise.all([ethClient(rpc.url, rpc.timeoutMs), import('viem')]);
  const hash = `0x${p.txid}` as const;
  const orNull = <T>(read: Promise<T>) =>
    read.catch((err: unknown) => {
      if (notFound(err)) return null;
      throw ethFailure(err);
    });
  const [tx, receipt] = await Promise.all([
    orNull(client.getTransaction({ hash })),
    orNull(client.getTransactionReceipt({ hash })),
  ]);
  if (!tx) return { status: 'not_found', confirmations: null, detail: null };
  if (!receipt) return { status: 'waiting', confirmations: 0, detail: null };
  const head = await client.getBlockNumber({ cacheTime: 0 }).catch((err: unknown) => {
    throw ethFailure(err);
  });
  const confirmations = Math.max(0, Number(head - receipt.blockNumber + 1n));
  const deep = confirmations >= rpc.min;
  const mismatch = (detail: string): PayoutVerdict => ({
    status: deep ? 'mismatch' : 'waiting',
    confirmations,
    detail,
  });
  if (receipt.status !== 'success') return mismatch('실패한 트랜잭션');
  const want = baseUnits(p.currency, p.amount);
  const same = (a: string | null | undefined, b: string) =>
    !!a && viem.isAddress(a, { strict: false }) && viem.isAddressEqual(a, b as `0x${string}`);
  if (p.currency === 'ETH') {
    if (!same(tx.from, rpc.hot)) return mismatch('보낸 주소가 핫월렛이 아님');
    if (!same(tx.to, p.address)) return mismatch('받는 주소 불일치');
    if (tx.value !== want) return mismatch('금액 불일치');
  } else {
    const transfers = viem
      .parseEventLogs({ abi: [TRANSFER], eventName: 'Transfer', logs: receipt.logs, strict: true })
      .filter((l) => same(l.address, rpc.token) && same(l.args.from, rpc.hot));
    const toUs = transfers.filter((l) => same(l.args.to, p.address));
    if (toUs.length === 0)
      return mismatch(transfers.length ? '받는 주소 불일치' : '핫월렛에서 보낸 USDT 전송 없음');
    if (!toUs.some((l) => l.args.value === want)) return mismatch('금액 불일치');
  }
  return { status: deep ? 'confirmed' : 'waiting', confirmations, detail: null };
}
