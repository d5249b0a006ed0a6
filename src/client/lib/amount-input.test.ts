import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalOnly, digitsOnly, groupAmount, reformatAmount } from './amount-input';

/** Types `key` at the caret (`|` in `shown`) and returns what the field then shows, caret as `|`. */
function type(shown: string, key: string, kind: 'whole' | 'decimal' = 'whole') {
  const caret = shown.indexOf('|');
  const before = shown.slice(0, caret);
  const after = shown.slice(caret + 1);
  const previous = (kind === 'whole' ? digitsOnly : decimalOnly)(before + after);
  let typed: string;
  let at: number;
  let inputType: string;
  if (key === 'Backspace') {
    typed = before.slice(0, -1) + after;
    at = Math.max(0, caret - 1);
    inputType = 'deleteContentBackward';
  } else if (key === 'Delete') {
    typed = before + after.slice(1);
    at = caret;
    inputType = 'deleteContentForward';
  } else {
    typed = before + key + after;
    at = caret + key.length;
    inputType = 'insertText';
  }
  const r = reformatAmount({ typed, caret: at, previous, kind, inputType });
  return `${r.display.slice(0, r.caret)}|${r.display.slice(r.caret)}`;
}

describe('groupAmount', () => {
  it('groups the whole part only', () => {
    for (const [raw, shown] of [
      ['', ''],
      ['1000', '1,000'],
      ['1234567', '1,234,567'],
      ['1234.56789', '1,234.56789'],
      ['.5', '.5'],
      ['1000.', '1,000.'],
    ] as const)
      expect(groupAmount(raw), raw).toBe(shown);
  });
});

describe('reformatAmount: grouped as typed, the caret beside the same digit', () => {
  it('typing at the end', () => {
    let s = '|';
    for (const d of '1234567') s = type(s, d);
    expect(s).toBe('1,234,567|');
  });

  it('typing in the middle keeps the caret after the new digit', () => {
    expect(type('1,234|,567', '0')).toBe('12,340|,567');
    expect(type('|1,234', '9')).toBe('9|1,234');
    expect(type('12|3', '4')).toBe('1,24|3');
  });

  it('deleting in the middle keeps the caret in place', () => {
    for (const [shown, key, after] of [
      ['12,34|0,567', 'Backspace', '1,23|0,567'],
      ['1,234|', 'Backspace', '123|'],
      ['1,|234', 'Backspace', '|234'],
      ['1|,234', 'Delete', '1|34'],
      ['1,2|34', 'Delete', '12|4'],
    ] as const)
      expect(type(shown, key), `${shown} ${key}`).toBe(after);
  });

  it('a stray character is dropped and the caret does not move', () => {
    expect(type('1,234|', 'a')).toBe('1,234|');
    expect(type('12|34', '-')).toBe('1,2|34');
  });

  it('decimal amounts: one point, the fraction is not grouped', () => {
    let s = '|';
    for (const d of '12345.678') s = type(s, d, 'decimal');
    expect(s).toBe('12,345.678|');
    expect(type('12,345.6|78', '.', 'decimal')).toBe('12,345.6|78');
    expect(type('1|2,345', '.', 'decimal')).toBe('1.|2345');
  });

  it('whole amounts refuse the point', () => {
    expect(type('1,234|', '.')).toBe('1,234|');
  });

  it('pasting formatted text keeps the plain amount', () => {
    const r = reformatAmount({ typed: '1,234,567원', caret: 11, previous: '', kind: 'whole' });
    expect(r).toEqual({ raw: '1234567', display: '1,234,567', caret: 9 });
  });

  it('for any typing position the digits before the caret are kept', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[1-9]\d{0,11}$/),
        fc.nat(),
        fc.integer({ min: 0, max: 9 }),
        (raw, pos, digit) => {
          const display = groupAmount(raw);
          const caret = pos % (display.length + 1);
          const typed = display.slice(0, caret) + digit + display.slice(caret);
          const r = reformatAmount({
            typed,
            caret: caret + 1,
            previous: raw,
            kind: 'whole',
            inputType: 'insertText',
          });
          expect(r.display).toBe(groupAmount(r.raw));
          expect(digitsOnly(r.display.slice(0, r.caret))).toBe(digitsOnly(typed.slice(0, caret + 1)));
        },
      ),
    );
  });
});
