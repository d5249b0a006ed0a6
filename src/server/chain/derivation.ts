import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { base58check, toChecksumAddress } from '../../shared/address';

/**
 * Deposit addresses derived from a watch-only extended public key (BIP-32/44, decision 0351). The operator
 * exports the account-level key (`m/44'/60'/0'` for Ethereum, `m/44'/195'/0'` for TRON) from the wallet that
 * holds the seed; the server derives the external chain's address `…/0/i` for member i and never sees a
 * private key (an extended private key is refused at start).
 */

/** The compressed public key at `path` (non-hardened child numbers) below the extended public key. */
function derivePublicKey(xpub: string, path: readonly number[]): Uint8Array {
  let key = HDKey.fromExtendedKey(xpub.trim());
  if (key.privateKey) throw new Error('extended private keys are not accepted');
  for (const n of path) key = key.deriveChild(n);
  if (!key.publicKey) throw new Error('no public key');
  return key.publicKey;
}

/** The extended public key at `path` below `xpub` (for the published BIP-32 vectors). */
export function deriveExtendedPublic(xpub: string, path: readonly number[]): string {
  let key = HDKey.fromExtendedKey(xpub.trim());
  for (const n of path) key = key.deriveChild(n);
  return key.publicExtendedKey;
}

/** The 20 bytes both Ethereum and TRON take from a public key: keccak-256 of the uncompressed point, last 20. */
function accountBytes(publicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(12);
}

/** The Ethereum address of a public key, in EIP-55 case (`toChecksumAddress`, shared with the address check). */
const ethereumAddressOf = (publicKey: Uint8Array): string =>
  toChecksumAddress(`0x${bytesToHex(accountBytes(publicKey))}`);

const tronAddressOf = (publicKey: Uint8Array): string => {
  const payload = new Uint8Array(21);
  payload[0] = 0x41;
  payload.set(accountBytes(publicKey), 1);
  return base58check.encode(payload);
};

/** The member's deposit address number `index` on the external chain (`…/0/index`) of the account key. */
export function depositAddressAt(network: 'ERC20' | 'TRC20', xpub: string, index: number): string {
  const publicKey = derivePublicKey(xpub, [0, index]);
  return network === 'ERC20' ? ethereumAddressOf(publicKey) : tronAddressOf(publicKey);
}
