import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountProblem, dec, sumDec, toWire } from './decimal';

describe('amountProblem', () => {
  it('accepts plain positive decimals within the limits', () => {
    expect(amountProblem('1')).toBeNull();
    expect(amountProblem('0.00000001')).toBeNull();
    expect(amountProblem('10000', 0)).toBeNull();
  });
  it('refuses every other form', () => {
    for (const bad of [
      '',
      ' 1',
      '1 ',
      '-1',
      '+1',
      '1e3',
      '1E3',
      'NaN',
      'Infinity',
      '1,000',
      '.5',
      '5.',
      '0x10',
      '１',
    ]) {
      expect(amountProblem(bad)).toBe('format');
    }
    expect(amountProblem('0')).toBe('positive');
    expect(amountProblem('0.000000000')).toBe('decimals');
    expect(amountProblem('0.000000001')).toBe('decimals');
    expect(amountProblem('1.5', 0)).toBe('decimals');
    expect(amountProblem('1000000000000.1')).toBe('max');
  });
  it('agrees with exact decimal arithmetic for any generated amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.integer({ min: 0, max: 10 }),
        (units, scale) => {
          const s = units.toString().padStart(scale + 1, '0');
          const text = scale ? `${s.slice(0, -scale)}.${s.slice(-scale)}` : s;
          const p = amountProblem(text);
          const v = dec(text);
          if (scale > 8) expect(p).toBe('decimals');
          else if (v.isZero()) expect(p).toBe('positive');
          else if (v.gt('1000000000000')) expect(p).toBe('max');
          else expect(p).toBeNull();
        },
      ),
    );
  });
});

describe('decimal sums', () => {
  it('are exact where binary floating point is not', () => {
    expect(toWire(dec('0.1').plus('0.2'))).toBe('0.3');
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 15n }), { maxLength: 50 }), (units) => {
        const asText = units.map((u) => dec(u.toString()).div(1e8).toFixed());
        const total = sumDec(asText).times(1e8);
        expect(total.toFixed()).toBe(units.reduce((a, b) => a + b, 0n).toString());
      }),
    );
  });
});
