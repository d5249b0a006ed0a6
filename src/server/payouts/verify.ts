import { D } from '../../shared/decimal';
import { ethRpc } from '../chain/bounded-fetch';
import { ProviderError } from '../chain/provider';

/** keccak256("Transfer(address,address,uint256)"). */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const DECIMALS: Record<string, number> = { ETH: 18, USDT: 6, XRP: 6 };

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

const hex = (v: unknown, what: string): bigint => {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(v))
    throw new ProviderError(`Ethereum RPC: bad ${what}`);
  return BigInt(v);
};
const addr = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : '');
const topicAddress = (t: unknown) =>
  typeof t === 'string' && t.length === 66 ? `0x${t.slice(26).toLowerCase()}` : '';

/** The base units of `amount` (null: more decimals than the currency has, so no transfer can match). */
export function baseUnits(currency: string, amount: string): bigint | null {
  const units = new D(amount).times(new D(10).pow(DECIMALS[currency] ?? 0));
  return units.isInteger() ? BigInt(units.toFixed(0)) : null;
}

/**
 * An Ethereum payout (ETH, or USDT of the configured token) as the chain shows it: mined and successful,
 * from the hot wallet, to the withdrawal's address, exactly the amount, `min` blocks deep. Only the
 * transaction, its receipt and the newest block are taken from the provider; the rest is decided here.
 */
export async function verifyEthereumPayout(
  rpc: { url: string; timeoutMs: number; min: number; token: string; hot: string },
  p: PayoutToCheck,
): Promise<PayoutVerdict> {
  const call = (method: string, params: unknown[]) => ethRpc(rpc.url, method, params, rpc.timeoutMs);
  const hash = `0x${p.txid}`;
  const [tx, receipt] = (await Promise.all([
    call('eth_getTransactionByHash', [hash]),
    call('eth_getTransactionReceipt', [hash]),
  ])) as [Record<string, unknown> | null, Record<string, unknown> | null];
  if (!tx) return { status: 'not_found', confirmations: null, detail: null };
  if (!receipt || receipt.blockNumber == null) return { status: 'waiting', confirmations: 0, detail: null };
  if (typeof receipt !== 'object' || typeof tx !== 'object')
    throw new ProviderError('Ethereum RPC: unexpected answer');
  const block = hex(receipt.blockNumber, 'block number');
  const head = hex(await call('eth_blockNumber', []), 'head');
  const confirmations = Math.max(0, Number(head - block + 1n));
  const deep = confirmations >= rpc.min;
  const mismatch = (detail: string): PayoutVerdict => ({
    status: deep ? 'mismatch' : 'waiting',
    confirmations,
    detail,
  });
  if (hex(receipt.status, 'status') !== 1n) return mismatch('실패한 트랜잭션');
  const want = baseUnits(p.currency, p.amount);
  const hot = rpc.hot.toLowerCase();
  const to = p.address.toLowerCase();
  if (p.currency === 'ETH') {
    if (addr(tx.from) !== hot) return mismatch('보낸 주소가 핫월렛이 아님');
    if (addr(tx.to) !== to) return mismatch('받는 주소 불일치');
    if (hex(tx.value, 'value') !== want) return mismatch('금액 불일치');
  } else {
    const logs = Array.isArray(receipt.logs) ? (receipt.logs as Record<string, unknown>[]) : [];
    const transfers = logs.filter(
      (l) =>
        addr(l.address) === rpc.token.toLowerCase() &&
        Array.isArray(l.topics) &&
        l.topics[0] === TRANSFER_TOPIC &&
        topicAddress(l.topics[1]) === hot,
    );
    const toUs = transfers.filter((l) => topicAddress((l.topics as unknown[])[2]) === to);
    if (toUs.length === 0)
      return mismatch(transfers.length ? '받는 주소 불일치' : '핫월렛에서 보낸 USDT 전송 없음');
    if (
      !toUs.some(
        (l) => typeof l.data === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(l.data) && BigInt(l.data) === want,
      )
    ) {
      return mismatch('금액 불일치');
    }
  }
  return { status: deep ? 'confirmed' : 'waiting', confirmations, detail: null };
}
