import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newErc20Address, newTrc20Address } from '../../tests/support/addresses';
import {
  networkOf as addressNetwork,
  isErc20Address as isValidErc20Address,
  isTrc20Address as isValidTrc20Address,
} from './address';
import { sha256 } from './crypto/sha256';

describe('sha256', () => {
  it('agrees with node:crypto for any message', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (m) => {
        expect(Buffer.from(sha256(m)).toString('hex')).toBe(createHash('sha256').update(m).digest('hex'));
      }),
    );
  });
});

describe('deposit addresses', () => {
  it('accepts real TRC20 and ERC20 addresses', () => {
    // The USDT contract on TRON and on Ethereum.
    expect(addressNetwork('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TRC20');
    expect(addressNetwork('0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe('ERC20');
    for (let i = 0; i < 50; i++) {
      expect(isValidTrc20Address(newTrc20Address())).toBe(true);
      expect(isValidErc20Address(newErc20Address())).toBe(true);
    }
  });

  it('refuses a TRC20 address with one character changed (checksum) and other shapes', () => {
    const good = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    expect(addressNetwork(`${good.slice(0, 10)}${good[10] === 'A' ? 'B' : 'A'}${good.slice(11)}`)).toBeNull();
    for (const bad of [
      '',
      'T',
      good.slice(0, 33),
      `${good}1`,
      good.replace('T', 'A'),
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60', // 0 is not Base58
      '0xdAC17F958D2ee523a2206206994597C13D831ec',
      '0xdAC17F958D2ee523a2206206994597C13D831ec7a',
      'dAC17F958D2ee523a2206206994597C13D831ec7',
      '0xgAC17F958D2ee523a2206206994597C13D831ec7',
      ` ${good}`,
    ]) {
      expect(addressNetwork(bad)).toBeNull();
    }
  });
});
