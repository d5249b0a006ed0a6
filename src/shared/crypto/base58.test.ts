import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base58CheckDecode, base58CheckEncode, base58Decode, base58Encode } from './base58';

describe('base58', () => {
  it('round-trips any bytes, keeping leading zero bytes as leading 1s', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (data) => {
        const text = base58Encode(data);
        expect(Buffer.from(base58Decode(text)!)).toEqual(Buffer.from(data));
      }),
    );
    expect(base58Encode(new Uint8Array([0, 0, 1]))).toBe('112');
  });

  it('knows the classic vectors', () => {
    expect(base58Encode(new TextEncoder().encode('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U');
    expect(base58Decode('0OIl')).toBeNull();
  });

  it('base58check refuses any single changed character', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 21, maxLength: 21 }), fc.nat(), (payload, n) => {
        const text = base58CheckEncode(payload);
        expect(Buffer.from(base58CheckDecode(text)!)).toEqual(Buffer.from(payload));
        const i = n % text.length;
        const swapped = text[i] === 'z' ? 'y' : 'z';
        const changed = text.slice(0, i) + swapped + text.slice(i + 1);
        expect(base58CheckDecode(changed)).toBeNull();
      }),
    );
  });
});
