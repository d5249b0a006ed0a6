import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { isValidClassicAddress, isValidXAddress, xAddressToClassicAddress } from 'ripple-address-codec';
import {
  DESTINATION_TAG_MAX,
  type DepositClaimNetwork,
  type DepositNetwork,
  type NetworkCode,
} from './networks';

/**
 * Address checks per network (decision 0115, superseding 0023's hand-written code): base58check and
 * bech32/bech32m from @scure/base, SHA-256 and Keccak-256 from @noble/hashes, XRP from
 * ripple-address-codec. All synchronous, so one zod schema runs in the browser and on the server.
 */
export const base58check = createBase58check(sha256);

function base58checkPayload(text: string): Uint8Array | null {
  try {
    return base58check.decode(text);
  } catch {
    return null;
  }
}

const BASE58_TEXT = /^[1-9A-HJ-NP-Za-km-z]+$/;

/** Tron: base58check of 0x41 followed by the 20-byte account id ("T…", 34 characters). */
export function isTronAddress(text: string): boolean {
  if (text.length !== 34 || text[0] !== 'T' || !BASE58_TEXT.test(text)) return false;
  const payload = base58checkPayload(text);
  return payload !== null && payload.length === 21 && payload[0] === 0x41;
}

const HEX40 = /^0x[0-9a-fA-F]{40}$/;
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** EIP-55: the address with each letter upper-cased where the Keccak-256 of the lower-case hex has a nibble ≥ 8. */
export function toChecksumAddress(text: string): string {
  const lower = text.slice(2).toLowerCase();
  const hash = hex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i++) out += Number.parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i];
  return out;
}

/**
 * Ethereum (ERC20 network): 0x and 40 hexadecimal digits. All lower or all upper case carries no
 * checksum and is accepted; mixed case must be exactly its EIP-55 checksum.
 */
export function isEthereumAddress(text: string): boolean {
  if (!HEX40.test(text)) return false;
  const body = text.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(text) === text;
}

/** XRP Ledger classic address: "r…", XRP's base58 alphabet, version 0, double-SHA-256 checksum. */
const isXrpClassicAddress = (text: string): boolean => isValidClassicAddress(text);

export type XrpDestination =
  | { ok: true; address: string; tag: number | null }
  | { ok: false; problem: 'address' | 'tag' | 'tagConflict' };

const TAG_TEXT = /^\d{1,10}$/;

/** A destination tag typed by a member: empty → null, else an integer 0 … 4294967295 (or 'invalid'). */
export function parseDestinationTag(text: string | null | undefined): number | null | 'invalid' {
  const t = (text ?? '').trim();
  if (t === '') return null;
  if (!TAG_TEXT.test(t)) return 'invalid';
  const n = Number(t);
  return n <= DESTINATION_TAG_MAX ? n : 'invalid';
}

/**
 * An XRP destination: a classic address with an optional tag, or a mainnet X-address, decoded into
 * its classic address and tag. A tag given both in the X-address and in the field must agree.
 */
export function resolveXrpDestination(address: string, tagText?: string | null): XrpDestination {
  const tag = parseDestinationTag(tagText);
  if (tag === 'invalid') return { ok: false, problem: 'tag' };
  if (isXrpClassicAddress(address)) return { ok: true, address, tag };
  if (!isValidXAddress(address)) return { ok: false, problem: 'address' };
  const decoded = xAddressToClassicAddress(address);
  if (decoded.test) return { ok: false, problem: 'address' };
  const xTag = decoded.tag === false ? null : decoded.tag;
  if (xTag !== null && tag !== null && xTag !== tag) return { ok: false, problem: 'tagConflict' };
  return { ok: true, address: decoded.classicAddress, tag: xTag ?? tag };
}

const isXrpAddress = (text: string) => resolveXrpDestination(text).ok;

/** Bitcoin mainnet: base58check P2PKH (version 0x00) or P2SH (0x05), or a SegWit address (bech32/bech32m). */
export function isBitcoinAddress(text: string): boolean {
  if (/^[13]/.test(text)) {
    if (text.length < 26 || text.length > 35 || !BASE58_TEXT.test(text)) return false;
    const payload = base58checkPayload(text);
    return payload !== null && payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
  }
  return segwitProgram('bc', text) !== null;
}

/**
 * BIP-173 / BIP-350: a SegWit address of human-readable part `hrp`: one case, witness version 0 with
 * bech32 and a 20- or 32-byte program, versions 1 … 16 with bech32m and a 2- to 40-byte program.
 */
export function segwitProgram(hrp: string, text: string): { version: number; program: Uint8Array } | null {
  if (text.length > 90 || (text !== text.toLowerCase() && text !== text.toUpperCase())) return null;
  const lower = text.toLowerCase();
  for (const [codec, name] of [
    [bech32, 'bech32'],
    [bech32m, 'bech32m'],
  ] as const) {
    let decoded: { prefix: string; words: number[] };
    try {
      decoded = codec.decode(lower as `${string}1${string}`, 90);
    } catch {
      continue;
    }
    if (decoded.prefix !== hrp || decoded.words.length < 1) return null;
    const [version, ...data] = decoded.words as [number, ...number[]];
    if (version > 16) return null;
    if ((version === 0) !== (name === 'bech32')) return null;
    let program: Uint8Array;
    try {
      program = codec.fromWords(data);
    } catch {
      return null; // more than 4 bits of padding, or padding that is not zero
    }
    if (program.length < 2 || program.length > 40) return null;
    if (version === 0 && program.length !== 20 && program.length !== 32) return null;
    return { version, program };
  }
  return null;
}

const CHECKS: Record<NetworkCode, (text: string) => boolean> = {
  TRC20: isTronAddress,
  ERC20: isEthereumAddress,
  XRPL: isXrpAddress,
  BTC: isBitcoinAddress,
};

/** Is `text` a valid address of `network`? (XRPL: a classic address or a mainnet X-address.) */
export const isAddressFor = (network: NetworkCode, text: string): boolean => CHECKS[network](text);

/** The USDT deposit network an address belongs to (TRC20 or ERC20), or null. */
export function depositNetworkOf(text: string): DepositNetwork | null {
  if (isTronAddress(text)) return 'TRC20';
  if (isEthereumAddress(text)) return 'ERC20';
  return null;
}

/**
 * Transaction hashes per claimable network: Tron 64 hex digits, Ethereum 0x + 64 hex digits, the XRP
 * Ledger 64 hex digits (written upper-case by the ledger, either case accepted).
 */
export const TXID_PATTERNS: Record<DepositClaimNetwork, RegExp> = {
  TRC20: /^[0-9a-fA-F]{64}$/,
  ERC20: /^0x[0-9a-fA-F]{64}$/,
  XRPL: /^[0-9a-fA-F]{64}$/,
};
