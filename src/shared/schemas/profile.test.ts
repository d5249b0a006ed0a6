import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from '../messages/member';
import { maskAccountNumber, secondPasswordSchema, setSecondPasswordBodySchema } from './profile';

describe('maskAccountNumber', () => {
  it('keeps the last four digits and the separators', () => {
    expect(maskAccountNumber('110-123-456789')).toBe('***-***-**6789');
    expect(maskAccountNumber('1234567890')).toBe('******7890');
    expect(maskAccountNumber('1234')).toBe('1234');
  });

  it('never shows more than four digits and keeps the length', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9 -]{0,30}$/), (s) => {
        const masked = maskAccountNumber(s);
        expect(masked).toHaveLength(s.length);
        expect(masked.replace(/\D/g, '').length).toBeLessThanOrEqual(4);
        expect(masked.replace(/\D/g, '')).toBe(s.replace(/\D/g, '').slice(-4));
      }),
    );
  });
});

describe('second password rule', () => {
  it('accepts exactly 4 to 12 ASCII digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{4,12}$/), (s) => {
        expect(secondPasswordSchema.safeParse(s).success).toBe(true);
      }),
    );
    for (const bad of ['123', '1234567890123', '12a4', ' 1234', '１２３４']) {
      expect(secondPasswordSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('requires the current one only in change mode', () => {
    const set = setSecondPasswordBodySchema.safeParse({
      mode: 'set',
      second_password: '1234',
      second_password_confirm: '1234',
    });
    expect(set.success).toBe(true);
    const change = setSecondPasswordBodySchema.safeParse({
      mode: 'change',
      second_password: '1234',
      second_password_confirm: '1234',
    });
    expect(change.error?.issues[0]?.message).toBe(MSG.secondPassword.currentRequired);
  });
});
