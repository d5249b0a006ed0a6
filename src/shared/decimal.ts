import Decimal from 'decimal.js';
import { CRYPTO_DECIMALS, MAX_AMOUNT } from './constants';

/**
 * The one decimal type of the product. Amounts travel as decimal strings, live as NUMERIC in the
 * database and as Decimal here; binary floating point never touches money.
 */
export const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_DOWN, toExpNeg: -30, toExpPos: 60 });
export type Dec = InstanceType<typeof D>;

export const ZERO = new D(0);
const MAX = new D(MAX_AMOUNT);

/** Plain decimal text: digits with an optional fraction. No sign, exponent, spaces or separators. */
export const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

export const dec = (v: string | number | Dec) => new D(v);

function decimalPlaces(text: string): number {
  const i = text.indexOf('.');
  return i < 0 ? 0 : text.length - i - 1;
}

export type AmountProblem = 'format' | 'decimals' | 'positive' | 'max';

/**
 * Checks an amount typed by a person or sent by a client: plain decimal text, > 0, at most
 * `maxDecimals` places (0 for KRW, 8 for crypto) and at most MAX_AMOUNT. Returns the problem or null.
 */
export function amountProblem(text: string, maxDecimals: number = CRYPTO_DECIMALS): AmountProblem | null {
  if (!DECIMAL_TEXT.test(text) || text.length > 40) return 'format';
  if (decimalPlaces(text) > maxDecimals) return 'decimals';
  const v = new D(text);
  if (v.lte(0)) return 'positive';
  if (v.gt(MAX)) return 'max';
  return null;
}

/** A canonical decimal string (no exponent, no trailing zeros) for the wire and the database. */
export const toWire = (v: Dec | string) => new D(v).toFixed();

export const maxDec = (a: Dec, b: Dec) => (a.gt(b) ? a : b);
export const sumDec = (values: (Dec | string)[]) => values.reduce<Dec>((s, v) => s.plus(v), ZERO);
