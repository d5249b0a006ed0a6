import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D } from '../decimal';
import { MSG } from '../messages';
import { balanceValueSchema, isCalendarDate, lockBodySchema, setBalancesBodySchema } from './admin';

const A = MSG.admin;
const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('balance values (SPEC: each value clamped to 0 or more)', () => {
  it('turns any negative number into 0 and keeps any other exactly, without trailing zeros', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 0, max: 8 }),
        (units, scale) => {
          const abs = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
          const text = `${units < 0n ? '-' : ''}${scale ? `${abs.slice(0, -scale)}.${abs.slice(-scale)}` : abs}`;
          const r = balanceValueSchema('ETH').safeParse(text);
          if (units < 0n) expect(r.data).toBe('0');
          else if (new D(text).gt('1000000000000')) expect(issue(r)).toBe(A.amountTooLarge);
          else expect(new D(r.data!).eq(text)).toBe(true);
        },
      ),
    );
  });

  it('keeps KRW whole and crypto at 8 decimals at most', () => {
    expect(balanceValueSchema('KRW').safeParse('5000.00').data).toBe('5000');
    expect(issue(balanceValueSchema('KRW').safeParse('5000.5'))).toBe(A.krwWhole);
    expect(balanceValueSchema('USDT').safeParse('0.12345678').data).toBe('0.12345678');
    expect(issue(balanceValueSchema('USDT').safeParse('0.123456789'))).toBe(A.cryptoDecimals);
    for (const bad of ['', ' ', '1e3', '+1', '1,000', '.5', '5.', 'abc', '--1']) {
      expect(issue(balanceValueSchema('USDT').safeParse(bad)), bad).toBe(A.balanceFormat);
    }
    expect(issue(setBalancesBodySchema.safeParse({}))).toBe(A.balancesEmpty);
  });
});

describe('locks', () => {
  it('default to usdt, drop empty optional fields, and order the dates', () => {
    expect(lockBodySchema.parse({ locked_amount: '10.50' })).toEqual({
      currency: 'usdt',
      locked_amount: '10.5',
      lock_start_date: null,
      lock_end_date: null,
      reason: null,
    });
    const bad = lockBodySchema.safeParse({
      locked_amount: '1',
      lock_start_date: '2030-01-02',
      lock_end_date: '2030-01-01',
    });
    expect(issue(bad)).toBe(A.lockDateOrder);
    expect(issue(lockBodySchema.safeParse({ locked_amount: '0' }))).toBe(A.lockAmountInvalid);
  });

  it('accept real calendar dates only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    for (const d of ['2023-02-29', '2024-13-01', '2024-00-10', '2024-1-01', '24-01-01', '0999-01-01']) {
      expect(isCalendarDate(d), d).toBe(false);
    }
  });
});
