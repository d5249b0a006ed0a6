import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAddressFor, isErc20Address, isTrc20Address, networkOf } from './address';
import { base58CheckEncode } from './crypto/base58';

/** Real Tron addresses: the USDT contract and a well-known exchange hot wallet. */
const REAL_TRC20 = ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'];

const tron = (bytes: Uint8Array, prefix = 0x41) => base58CheckEncode(new Uint8Array([prefix, ...bytes]));

describe('TRC20 addresses', () => {
  it('accepts real addresses and any base58check of 0x41 + 20 bytes', () => {
    for (const a of REAL_TRC20) expect(isTrc20Address(a)).toBe(true);
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (b) => {
        const a = tron(b);
        expect(a).toMatch(/^T/);
        expect(isTrc20Address(a)).toBe(true);
        expect(networkOf(a)).toBe('TRC20');
      }),
    );
  });

  it('refuses a wrong checksum, a wrong prefix, a wrong length and foreign characters', () => {
    const good = REAL_TRC20[0]!;
    expect(isTrc20Address(`${good.slice(0, -1)}${good.endsWith('t') ? 'u' : 't'}`)).toBe(false);
    expect(isTrc20Address(good.toLowerCase())).toBe(false);
    expect(isTrc20Address(good.slice(0, -1))).toBe(false);
    expect(isTrc20Address(`${good}1`)).toBe(false);
    expect(isTrc20Address('T0O0I0l0000000000000000000000000000')).toBe(false);
    expect(isTrc20Address(tron(new Uint8Array(20).fill(7), 0x42))).toBe(false);
    expect(isTrc20Address('')).toBe(false);
    expect(isTrc20Address(' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
  });
});

describe('ERC20 addresses', () => {
  it('accepts 0x and 40 hex digits in any case, nothing else', () => {
    expect(isErc20Address('0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(true);
    expect(isErc20Address(`0x${'a'.repeat(40)}`)).toBe(true);
    expect(isErc20Address(`0x${'a'.repeat(39)}`)).toBe(false);
    expect(isErc20Address(`0x${'a'.repeat(41)}`)).toBe(false);
    expect(isErc20Address(`0x${'g'.repeat(40)}`)).toBe(false);
    expect(isErc20Address('a'.repeat(42))).toBe(false);
  });

  it('an address belongs to its network only', () => {
    expect(isAddressFor('TRC20', REAL_TRC20[0]!)).toBe(true);
    expect(isAddressFor('ERC20', REAL_TRC20[0]!)).toBe(false);
    expect(isAddressFor('TRC20', `0x${'1'.repeat(40)}`)).toBe(false);
    expect(networkOf('nothing')).toBeNull();
  });
});
