import { describe, expect, it } from 'vitest';
import { pickAsset } from './pick-asset';

const q = (s: string) => new URLSearchParams(s);

describe('pickAsset', () => {
  it('takes the route parameter, then the query, then the last path segment, else KRW', () => {
    expect(pickAsset('eth', q('asset=XRP'), '/assets/eth')).toBe('ETH');
    expect(pickAsset(undefined, q('asset=XRP'), '/assets')).toBe('XRP');
    expect(pickAsset(undefined, q('asset=usdt'), '/assets')).toBe('USDT');
    expect(pickAsset(undefined, q(''), '/wallet/USDT')).toBe('USDT');
    expect(pickAsset(undefined, q(''), '/assets')).toBe('KRW');
    expect(pickAsset(undefined, q(''), '/assets/')).toBe('KRW');
  });
  it('skips values that are not assets', () => {
    expect(pickAsset('doge', q('asset=ETH'), '/assets/doge')).toBe('ETH');
    expect(pickAsset('btc', q('asset=<script>'), '/assets/btc')).toBe('KRW');
    expect(pickAsset(undefined, q('asset='), '/assets')).toBe('KRW');
  });
});
