import type { Network } from './constants';
import { base58CheckDecode } from './crypto/base58';

/** Tron addresses: base58check of 0x41 followed by the 20-byte account id ("T…", 34 characters). */
const TRON_PREFIX = 0x41;
const TRC20_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
/** Ethereum addresses: 0x and 40 hexadecimal digits (the EIP-55 mixed-case checksum is not checked). */
const ERC20_SHAPE = /^0x[0-9a-fA-F]{40}$/;

export function isTrc20Address(text: string): boolean {
  if (!TRC20_SHAPE.test(text)) return false;
  const payload = base58CheckDecode(text);
  return payload !== null && payload.length === 21 && payload[0] === TRON_PREFIX;
}

export const isErc20Address = (text: string): boolean => ERC20_SHAPE.test(text);

export function isAddressFor(network: Network, text: string): boolean {
  return network === 'TRC20' ? isTrc20Address(text) : isErc20Address(text);
}

/** The network an address belongs to, when it is a valid address of one of SPEC's networks. */
export function networkOf(text: string): Network | null {
  if (isTrc20Address(text)) return 'TRC20';
  if (isErc20Address(text)) return 'ERC20';
  return null;
}
