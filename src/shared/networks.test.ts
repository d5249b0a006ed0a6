import { describe, expect, it } from 'vitest';
import { WITHDRAW_CURRENCIES } from './constants';
import { D } from './decimal';
import {
  chainDecimals,
  defaultNetworkFor,
  isNetworkAllowed,
  NETWORK_CODES,
  networkDecimals,
  networkFee,
  networksFor,
} from './networks';

describe('networks per currency', () => {
  it('USDT: TRC20 (default) or ERC20; ETH: ERC20; XRP: XRP Ledger; BTC: Bitcoin; KRW: none', () => {
    expect(networksFor('USDT')).toEqual(['TRC20', 'ERC20']);
    expect(defaultNetworkFor('USDT')).toBe('TRC20');
    expect(networksFor('ETH')).toEqual(['ERC20']);
    expect(networksFor('XRP')).toEqual(['XRPL']);
    expect(networksFor('BTC')).toEqual(['BTC']);
    expect(networksFor('KRW')).toEqual([]);
    expect(networksFor('toString')).toEqual([]);
    expect(isNetworkAllowed('XRP', 'TRC20')).toBe(false);
    expect(isNetworkAllowed('ETH', 'TRC20')).toBe(false);
    expect(isNetworkAllowed('USDT', 'ERC20')).toBe(true);
  });

  it('every withdrawal currency has a network and every network is used', () => {
    for (const c of WITHDRAW_CURRENCIES) expect(networksFor(c).length).toBeGreaterThan(0);
    const used = new Set(WITHDRAW_CURRENCIES.flatMap((c) => networksFor(c)));
    expect([...used].sort()).toEqual([...NETWORK_CODES].sort());
  });

  it('decimals per pair: what the chain carries, at most 8; every fee fits, so the payout does too', () => {
    expect(networkDecimals('XRP', 'XRPL')).toBe(6);
    expect(networkDecimals('USDT', 'TRC20')).toBe(6);
    expect(networkDecimals('USDT', 'ERC20')).toBe(6);
    expect(networkDecimals('ETH', 'ERC20')).toBe(8);
    expect(networkDecimals('BTC', 'BTC')).toBe(8);
    for (const c of WITHDRAW_CURRENCIES) {
      for (const n of networksFor(c)) {
        expect(new D(networkFee(c, n) ?? 'x').decimalPlaces()).toBeLessThanOrEqual(networkDecimals(c, n));
      }
    }
  });
});

describe('chain decimals: one table', () => {
  it('gives each carried currency its base unit and refuses any other', () => {
    expect(['ETH', 'USDT', 'XRP', 'BTC'].map(chainDecimals)).toEqual([18, 6, 6, 8]);
    expect(() => chainDecimals('KRW')).toThrow(/KRW/);
    expect(() => chainDecimals('DOGE')).toThrow(/DOGE/);
  });
});
