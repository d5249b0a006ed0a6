import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assetKrwValue, type PriceTable, totalAssetsKrw } from './assets';
import { SAMPLE_PRICES_USD, SAMPLE_USD_KRW } from './constants';
import { D } from './decimal';
import {
  floorKrw,
  formatCrypto,
  formatDecimal,
  formatKrw,
  formatPhone,
  formatPrice,
  koreanWon,
  krwValue,
} from './format';

/** Plain decimal text with up to `maxInt` integer part and up to `maxDecimals` fraction digits. */
const decimalText = (maxInt: bigint, maxDecimals: number) =>
  fc
    .tuple(
      fc.bigInt({ min: 0n, max: maxInt }),
      fc.integer({ min: 0, max: maxDecimals }),
      fc.bigInt({ min: 0n, max: 10n ** BigInt(maxDecimals) - 1n }),
    )
    .map(([i, n, f]) => (n === 0 ? `${i}` : `${i}.${f.toString().padStart(maxDecimals, '0').slice(0, n)}`));

const amount = decimalText(10n ** 12n, 8);
const price = decimalText(10n ** 6n, 8).filter((t) => new D(t).gt(0));
const rate = decimalText(5000n, 4).filter((t) => new D(t).gte(1));

/** Reads displayed text back as a decimal (drops the grouping commas). */
const back = (text: string) => new D(text.replaceAll(',', ''));
const GROUPED = /^-?\d{1,3}(,\d{3})*(\.\d+)?$/;

describe('formatKrw: whole won, floored, ko-KR grouping', () => {
  it.each([
    ['1234567.99', '1,234,567'],
    ['0.999', '0'],
    ['999', '999'],
    ['1000', '1,000'],
    ['-1.5', '-2'],
  ])('examples: %s shows as %s', (value, shown) => expect(formatKrw(value)).toBe(shown));
  it('never shows more than the value and loses less than one won', () => {
    fc.assert(
      fc.property(amount, (v) => {
        const text = formatKrw(v);
        expect(text).toMatch(GROUPED);
        expect(text).not.toContain('.');
        const shown = back(text);
        expect(shown.lte(v)).toBe(true);
        expect(new D(v).minus(shown).lt(1)).toBe(true);
      }),
    );
  });
});

describe('formatCrypto: a fixed number of decimals, cut toward zero', () => {
  it.each([
    ['1.23456789', '1.2345'],
    ['0.99999', '0.9999'],
    ['1234.5', '1,234.5000'],
  ])('examples (ETH/XRP 4, USDT 4 on home): %s shows as %s', (value, shown) =>
    expect(formatCrypto(value)).toBe(shown),
  );
  it.each([
    ['100.129', '100.12'],
    ['0', '0.00'],
  ])('examples (USDT 2 on the asset page): %s shows as %s', (value, shown) =>
    expect(formatCrypto(value, 2)).toBe(shown),
  );
  it('has exactly n decimals, never exceeds the value and loses less than one unit of the last place', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 8 }), (v, n) => {
        const text = formatCrypto(v, n);
        expect(text).toMatch(GROUPED);
        expect(text.split('.')[1]?.length ?? 0).toBe(n);
        const shown = back(text);
        expect(shown.lte(v)).toBe(true);
        expect(new D(v).minus(shown).lt(new D(10).pow(-n))).toBe(true);
      }),
    );
  });
  it('is monotone: a larger balance never shows a smaller number', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const [lo, hi] = new D(a).lte(b) ? [a, b] : [b, a];
        expect(back(formatCrypto(lo)).lte(back(formatCrypto(hi)))).toBe(true);
      }),
    );
  });
});

describe('formatPrice: ko-KR grouping, at most 2 decimals, rounded', () => {
  it.each([
    ['3075.50', '3,075.5'],
    ['0.5542', '0.55'],
    ['0.555', '0.56'],
    ['1.00', '1'],
    ['1431', '1,431'],
  ])('examples: %s shows as %s', (value, shown) => expect(formatPrice(value)).toBe(shown));
  it('agrees with Intl ko-KR for prices a float represents exactly enough', () => {
    const intl = new Intl.NumberFormat('ko-KR', { maximumFractionDigits: 2 });
    fc.assert(
      fc.property(decimalText(10n ** 6n, 2), (v) => {
        expect(formatPrice(v)).toBe(intl.format(Number(v)));
      }),
    );
  });
  it('is within half a cent and never has trailing zeros or more than 2 decimals', () => {
    fc.assert(
      fc.property(price, (v) => {
        const text = formatPrice(v);
        expect(text).toMatch(GROUPED);
        const frac = text.split('.')[1] ?? '';
        expect(frac.length).toBeLessThanOrEqual(2);
        expect(frac.endsWith('0')).toBe(false);
        expect(back(text).minus(v).abs().lte('0.005')).toBe(true);
      }),
    );
  });
});

describe('formatDecimal', () => {
  it('pads to the minimum and cuts to the maximum', () => {
    expect(formatDecimal('1.5', 2, 4)).toBe('1.50');
    expect(formatDecimal('1.123456', 2, 4)).toBe('1.1234');
    expect(formatDecimal('-0.00001', 4)).toBe('0.0000');
  });
});

describe('KRW values and the total (SPEC §9)', () => {
  const prices = (eth: string, xrp: string, usdKrw: string): PriceTable => ({
    usdKrw,
    usd: { ETH: eth, XRP: xrp, USDT: '1' },
  });

  it('sample-price example', () => {
    const p: PriceTable = { usdKrw: SAMPLE_USD_KRW, usd: SAMPLE_PRICES_USD };
    // 0.5 ETH × 3075.50 × 1431 = 2,200,520.25; 1000 XRP × 0.5542 × 1431 = 793,060.2;
    // 100.123456 USDT × 1431 = 143,276.665536.
    expect(assetKrwValue('ETH', '0.5', p).toFixed()).toBe('2200520');
    expect(assetKrwValue('XRP', '1000', p).toFixed()).toBe('793060');
    expect(assetKrwValue('USDT', '100.123456', p).toFixed()).toBe('143276');
    expect(assetKrwValue('BTC', '5', p).toFixed()).toBe('0');
    expect(
      totalAssetsKrw({ KRW: '1000000', ETH: '0.5', XRP: '1000', USDT: '100.123456', BTC: '0' }, p).toFixed(),
    ).toBe('4136856');
  });

  it('krwValue is the exact product floored to whole won', () => {
    fc.assert(
      fc.property(amount, price, rate, (b, p, r) => {
        const v = krwValue(b, p, r);
        const exact = new D(b).times(p).times(r);
        expect(v.isInteger()).toBe(true);
        expect(v.lte(exact)).toBe(true);
        expect(exact.minus(v).lt(1)).toBe(true);
      }),
    );
  });

  it('total = KRW + Σ floored values; never above the exact sum, less than one won lost per asset', () => {
    fc.assert(
      fc.property(
        decimalText(10n ** 12n, 0),
        amount,
        amount,
        amount,
        price,
        price,
        rate,
        (krw, eth, xrp, usdt, pEth, pXrp, r) => {
          const p = prices(pEth, pXrp, r);
          const total = totalAssetsKrw({ KRW: krw, ETH: eth, XRP: xrp, USDT: usdt, BTC: '0' }, p);
          const parts = [
            floorKrw(krw),
            krwValue(eth, pEth, r),
            krwValue(xrp, pXrp, r),
            krwValue(usdt, '1', r),
          ];
          expect(total.toFixed()).toBe(parts.reduce((s, x) => s.plus(x), new D(0)).toFixed());
          const exact = new D(krw)
            .plus(new D(eth).times(pEth).times(r))
            .plus(new D(xrp).times(pXrp).times(r))
            .plus(new D(usdt).times(r));
          expect(total.lte(exact)).toBe(true);
          expect(exact.minus(total).lt(3)).toBe(true);
          // What the screen shows for the total equals the sum of what it shows per asset.
          expect(back(formatKrw(total)).toFixed()).toBe(
            parts
              .map((x) => back(formatKrw(x)))
              .reduce((s, x) => s.plus(x), new D(0))
              .toFixed(),
          );
        },
      ),
    );
  });

  it('the total is monotone in every balance', () => {
    fc.assert(
      fc.property(amount, amount, price, rate, (a, extra, pEth, r) => {
        const p = prices(pEth, '0.5', r);
        const before = totalAssetsKrw({ ETH: a }, p);
        const after = totalAssetsKrw({ ETH: new D(a).plus(extra) }, p);
        expect(after.gte(before)).toBe(true);
      }),
    );
  });
});

describe('koreanWon: a won amount read in Korean units', () => {
  it.each([
    ['0', '0원'],
    ['999', '999원'],
    ['9999', '9,999원'],
    ['10000', '1만 원'],
    ['12345', '1만 2,345원'],
    ['1234567', '123만 4,567원'],
    ['100000000', '1억 원'],
    ['123450000', '1억 2,345만 원'],
    ['123456789', '1억 2,345만 6,789원'],
    ['100000001', '1억 1원'],
    ['1000000000000', '1조 원'],
    ['10000000000000000', '1경 원'],
    ['1234500000000000000000', '123,450경 원'],
    ['15000.99', '1만 5,000원'],
    ['-20000', '-2만 원'],
  ])('examples: %s reads %s', (value, shown) => expect(koreanWon(value)).toBe(shown));

  it('reads back to the same number of won', () => {
    const value: Record<string, bigint> = { 만: 10n ** 4n, 억: 10n ** 8n, 조: 10n ** 12n, 경: 10n ** 16n };
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 24n }), (n) => {
        const text = koreanWon(n.toString());
        expect(text).toMatch(/원$/);
        let total = 0n;
        for (const [, num, unit] of text.matchAll(/([\d,]+)(만|억|조|경)?/g)) {
          total += BigInt(num!.replaceAll(',', '')) * (unit ? value[unit]! : 1n);
        }
        expect(total).toBe(n);
      }),
    );
  });
});

describe('one display rule per asset', () => {
  it('won whole with 원, crypto trimmed up to its decimals, never rounded up', async () => {
    const f = await import('./format');
    const cases: [string, string][] = [
      [f.formatAsset('KRW', '100000.9'), '100,000원'],
      [f.formatAsset('XRP', '2250.7500'), '2,250.75 XRP'],
      [f.formatAsset('USDT', '1690.5000'), '1,690.5 USDT'],
      [f.formatAsset('USDT', '95'), '95 USDT'],
      [f.formatAsset('ETH', '0.123456789'), '0.12345678 ETH'],
      [f.formatAsset('XRP', '0.9999999'), '0.999999 XRP'],
      [f.formatUsd('0.5542'), '$0.5542'],
      [f.formatUsd('3075.5'), '$3,075.50'],
      [f.formatUsd('1'), '$1.00'],
      [f.changeDirection('0.04'), 'flat'],
      [f.changeDirection('-0.05'), 'down'],
      [f.changeDirection('2.3'), 'up'],
      [f.formatUsd('0.55'), '$0.55'],
      [f.formatWonPrice('4401040.5'), '4,401,041원'],
      [f.formatWonPrice('793.0602'), '793원'],
      [f.formatWonPrice('1.5'), '1.5원'],
      [f.formatChangePercent('2.345'), '+2.3%'],
      [f.formatChangePercent('-0.84'), '-0.8%'],
      [f.formatChangePercent('0.01'), '0.0%'],
    ];
    for (const [shown, expected] of cases) expect(shown).toBe(expected);
  });

  it('dates in one Korean style, never split inside a token', async () => {
    const f = await import('./format');
    const at = '2026-11-27T04:41:05.000Z'; // 13:41:05 KST, a Friday
    const plain = (s: string) => s.replaceAll('\u00a0', ' ');
    expect(plain(f.formatDateTime(at))).toBe('2026. 11. 27. 오후 1:41:05');
    expect(plain(f.formatDateTime(at, false))).toBe('2026. 11. 27. 오후 1:41');
    expect(plain(f.formatTime('2026-11-26T15:05:00Z'))).toBe('오전 12:05');
    expect(plain(f.formatDayHeading(at))).toBe('11월 27일 (금)');
    expect(f.kstDayKey('2026-11-26T15:05:00Z')).toBe('2026-11-27');
    expect(f.formatDate(at).split(' ')).toHaveLength(1);
    expect(f.timeLeft('2026-11-28T01:00:00Z', Date.parse('2026-11-27T01:30:00Z'))).toBe('23시간 남음');
    expect(f.timeLeft('2026-11-27T01:00:00Z', Date.parse('2026-11-27T01:30:00Z'))).toBeNull();
  });
});

describe('Korean time (UTC+9, no daylight saving) around both midnights', () => {
  const plain = (s: string) => s.replaceAll('\u00a0', ' ');

  it('a time just before midnight UTC is the next morning in Korea', async () => {
    const f = await import('./format');
    const at = '2026-12-31T23:59:59Z'; // 08:59:59 KST on 1 January
    expect(plain(f.formatDateTime(at))).toBe('2027. 1. 1. 오전 8:59:59');
    expect(f.formatDeskTime(at)).toBe('2027.01.01 08:59');
    expect(f.kstDayKey(at)).toBe('2027-01-01');
    expect(plain(f.formatDayHeading(at))).toBe('1월 1일 (금)');
  });

  it('Korean midnight is 15:00 UTC the day before: 오전 12시 and 00:00, on the new day', async () => {
    const f = await import('./format');
    const before = '2026-02-28T14:59:59Z';
    const midnight = '2026-02-28T15:00:00Z';
    expect(f.kstDayKey(before)).toBe('2026-02-28');
    expect(f.kstDayKey(midnight)).toBe('2026-03-01');
    expect(f.formatDeskTime(before)).toBe('2026.02.28 23:59');
    expect(f.formatDeskTime(midnight)).toBe('2026.03.01 00:00');
    expect(plain(f.formatDateTime(midnight, false))).toBe('2026. 3. 1. 오전 12:00');
    expect(plain(f.formatDate(new Date(midnight)))).toBe('2026. 3. 1.');
  });

  it('days counted from a time keep the Korean calendar (leap day, year end)', async () => {
    const f = await import('./format');
    expect(f.kstDayKey('2028-02-28T15:00:00Z', 0)).toBe('2028-02-29');
    expect(f.kstDayKey('2028-02-28T15:00:00Z', 1)).toBe('2028-03-01');
    expect(f.kstDayKey('2026-12-31T14:59:00Z', 1)).toBe('2027-01-01');
    expect(f.kstDayKey('2027-01-01T00:00:00Z', -1)).toBe('2026-12-31');
  });
});

describe('formatPhone', () => {
  it('groups a Korean number as it is written and leaves anything else as typed', () => {
    expect(formatPhone('01012345678')).toBe('010-1234-5678');
    expect(formatPhone('010-1234-5678')).toBe('010-1234-5678');
    expect(formatPhone('0111234567')).toBe('011-123-4567');
    expect(formatPhone('021234567')).toBe('02-123-4567');
    expect(formatPhone('0212345678')).toBe('02-1234-5678');
    expect(formatPhone('+82 10 1234 5678')).toBe('+82 10 1234 5678');
  });
});
