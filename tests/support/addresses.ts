import { createHash, randomBytes } from 'node:crypto';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest();

/** A fresh, valid TRC20 (TRON Base58Check) address for tests. */
export function newTrc20Address(): string {
  const payload = Buffer.concat([Buffer.from([0x41]), randomBytes(20)]);
  const bytes = Buffer.concat([payload, sha(sha(payload)).subarray(0, 4)]);
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  return out;
}

/** A fresh, valid ERC20 (Ethereum) address for tests. */
export const newErc20Address = () => `0x${randomBytes(20).toString('hex')}`;

/**
 * One well-known valid address per withdrawal network: the USDT contracts of TRON and Ethereum, the XRP
 * Ledger's genesis account and BIP-173's SegWit example.
 */
export const SAMPLE_ADDRESSES = {
  TRC20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  ERC20: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  XRPL: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
  BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
} as const;
