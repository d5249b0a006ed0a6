import { describe, expect, it } from 'vitest';
import type { TokenTransfer, TxLookup } from './provider';
import { creditOf, judge } from './verdict';

const ME = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';
const usdt = (logIndex: number, to: string, units: bigint): TokenTransfer => ({
  logIndex,
  from: OTHER,
  to,
  value: units,
});
const mined = (transfers: TokenTransfer[], depth = 12): TxLookup => ({
  kind: 'mined',
  success: true,
  blockNumber: 100n,
  head: 100n + BigInt(depth - 1),
  transfers,
});

describe('judge: one deposit, one transfer of its transaction (decision 0410)', () => {
  const batch = mined([usdt(0, ME, 5_000_000n), usdt(1, ME, 5_000_000n), usdt(2, OTHER, 6_000_000n)]);

  it('an untied claim takes the first matching transfer that backs no other deposit', () => {
    const claim = { amount: '5', depositAddress: ME };
    expect(judge('ERC20', claim, batch, 12).transfer?.logIndex).toBe(0);
    expect(judge('ERC20', claim, batch, 12, new Set([0])).transfer?.logIndex).toBe(1);
    // Every matching transfer taken: the first is reported (the checker then says 이미 사용된 TXID).
    expect(judge('ERC20', claim, batch, 12, new Set([0, 1])).transfer?.logIndex).toBe(0);
  });

  it('a tied deposit is judged on its own transfer only', () => {
    const tied = { amount: '5', depositAddress: ME, logIndex: 1 };
    expect(judge('ERC20', tied, batch, 12, new Set([0]))).toMatchObject({ verdict: 'match', final: true });
    expect(judge('ERC20', tied, batch, 12).transfer?.logIndex).toBe(1);
    const onAnother = { amount: '6', depositAddress: ME, logIndex: 2 };
    expect(judge('ERC20', onAnother, batch, 12).verdict).toBe('address_mismatch');
  });

  it('ether is judged on the transaction’s own value, USDT on its logs', () => {
    const both = mined([
      { logIndex: -1, native: true, from: OTHER, to: ME, value: 123_456_789_123_456_789n },
      usdt(0, ME, 5_000_000n),
    ]);
    expect(
      judge('ERC20', { amount: '0.12345678', depositAddress: ME, currency: 'ETH' }, both, 12),
    ).toMatchObject({ verdict: 'match', transfer: { logIndex: -1 } });
    expect(judge('ERC20', { amount: '5', depositAddress: ME, currency: 'ETH' }, both, 12).verdict).toBe(
      'amount_mismatch',
    );
    expect(judge('ERC20', { amount: '5', depositAddress: ME }, both, 12).transfer?.logIndex).toBe(0);
  });
});

describe('creditOf', () => {
  it('credits USDT exactly and ether rounded down to 8 decimals', () => {
    expect(creditOf(usdt(0, ME, 11_110_000n))).toBe('11.11');
    expect(creditOf({ native: true, value: 999_999_999_999_999_999n })).toBe('0.99999999');
    expect(creditOf({ native: true, value: 9_999_999_999n })).toBe('0');
  });
});
