import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D } from './decimal';
import { formatPayout, formatWithdrawBalance, payoutOf, withdrawalFee } from './fees';

describe('withdrawal fees (SPEC §9)', () => {
  it('internal 0 for every currency; external USDT 1, BTC 0.0001, ETH 0.002, XRP 0.25; KRW 0', () => {
    for (const c of ['USDT', 'BTC', 'ETH', 'XRP']) expect(withdrawalFee(c, 'internal').toFixed()).toBe('0');
    expect(withdrawalFee('USDT', 'external').toFixed()).toBe('1');
    expect(withdrawalFee('BTC', 'external').toFixed()).toBe('0.0001');
    expect(withdrawalFee('ETH', 'external').toFixed()).toBe('0.002');
    expect(withdrawalFee('XRP', 'external').toFixed()).toBe('0.25');
    expect(withdrawalFee('KRW', 'bank').toFixed()).toBe('0');
    expect(() => withdrawalFee('KRW', 'external')).toThrow();
  });

  it('external fees per (currency, network); a pair that does not exist has none', () => {
    expect(withdrawalFee('USDT', 'external', 'TRC20').toFixed()).toBe('1');
    expect(withdrawalFee('USDT', 'external', 'ERC20').toFixed()).toBe('1');
    expect(withdrawalFee('ETH', 'external', 'ERC20').toFixed()).toBe('0.002');
    expect(withdrawalFee('XRP', 'external', 'XRPL').toFixed()).toBe('0.25');
    expect(withdrawalFee('BTC', 'external', 'BTC').toFixed()).toBe('0.0001');
    for (const [c, n] of [
      ['XRP', 'TRC20'],
      ['ETH', 'TRC20'],
      ['BTC', 'ERC20'],
      ['USDT', 'XRPL'],
    ]) {
      expect(() => withdrawalFee(c!, 'external', n)).toThrow();
    }
  });

  it('payout = amount − fee, exactly', () => {
    expect(payoutOf('0.1', '0.002').toFixed()).toBe('0.098');
    expect(payoutOf('10', '1').toFixed()).toBe('9');
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 20n }), (units) => {
        const amount = new D(units.toString()).div(1e8);
        expect(payoutOf(amount, '0.25').plus('0.25').eq(amount)).toBe(true);
      }),
    );
  });
});

describe('expected payout display', () => {
  it('shows 4 decimals, cut toward zero', () => {
    expect(formatPayout('10', '1')).toBe('9.0000');
    expect(formatPayout('1.23456789', '0.002')).toBe('1.2325');
    expect(formatPayout('12345.6', '0')).toBe('12,345.6000');
  });

  it('shows 0.0000 when not positive or not a valid amount yet', () => {
    expect(formatPayout('1', '1')).toBe('0.0000');
    expect(formatPayout('0.5', '1')).toBe('0.0000');
    expect(formatPayout('', '1')).toBe('0.0000');
    expect(formatPayout('abc', '0')).toBe('0.0000');
    expect(formatPayout('1.', '0')).toBe('0.0000');
    expect(formatPayout('1.123456789', '0')).toBe('0.0000');
  });
});

describe('withdrawal balance display (SPEC §9)', () => {
  it('USDT 2 to 4 decimals, other crypto 8, KRW whole won', () => {
    expect(formatWithdrawBalance('10', 'USDT')).toBe('10.00');
    expect(formatWithdrawBalance('10.123456', 'USDT')).toBe('10.1234');
    expect(formatWithdrawBalance('0.5', 'ETH')).toBe('0.50000000');
    expect(formatWithdrawBalance('1234567.9', 'KRW')).toBe('1,234,567');
  });
});
