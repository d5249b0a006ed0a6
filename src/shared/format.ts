import { D, type Dec } from './decimal';
import { MSG } from './messages/member';

/**
 * SPEC §9's display rules, exact on decimals: KRW floored to whole won, crypto cut (never rounded up:
 * a member is never shown more than they hold) to a fixed number of decimals, ko-KR digit grouping.
 */

const group = (intPart: string) => intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Decimal text with ko-KR grouping, cut (toward zero) to between `min` and `max` decimals. */
export function formatDecimal(v: Dec | string | number, min: number, max: number = min): string {
  const d = new D(v).toDecimalPlaces(max, D.ROUND_DOWN);
  const negative = d.isNegative() && !d.isZero();
  let [intPart = '0', frac = ''] = d.abs().toFixed(max).split('.');
  frac = frac.replace(/0+$/, '');
  if (frac.length < min) frac = frac.padEnd(min, '0');
  return `${negative ? '-' : ''}${group(intPart)}${frac ? `.${frac}` : ''}`;
}

/** KRW: floored to whole won, grouped (e.g. 1,234,567). */
export const floorKrw = (v: Dec | string | number) => new D(v).toDecimalPlaces(0, D.ROUND_FLOOR);
export const formatKrw = (v: Dec | string | number) => formatDecimal(floorKrw(v), 0);

/** ETH and XRP balances: 4 decimals. USDT: 4 on home, 2 on the asset page. */
export const formatCrypto = (v: Dec | string | number, decimals = 4) => formatDecimal(v, decimals, decimals);

/** Prices: ko-KR grouping with at most 2 decimals. */
export const formatPrice = (v: Dec | string | number) =>
  formatDecimal(new D(v).toDecimalPlaces(2, D.ROUND_HALF_UP), 0, 2);

/** KRW value of a crypto balance at a USD price and a USD→KRW rate, floored to whole won. */
export const krwValue = (balance: Dec | string, usdPrice: Dec | string, usdKrw: Dec | string) =>
  floorKrw(new D(balance).times(usdPrice).times(usdKrw));

/**
 * A won amount read in Korean units of ten thousand, as Korean banking apps show it under an amount:
 * 10000 → "1만 원", 123456789 → "1억 2,345만 6,789원", 100000001 → "1억 1원". Floored to whole won.
 */
export function koreanWon(v: Dec | string | number): string {
  const { wonUnits, won } = MSG.mobile;
  const d = floorKrw(v);
  const sign = d.isNegative() && !d.isZero() ? '-' : '';
  let digits = d.abs().toFixed(0);
  if (digits === '0') return `0${won}`;
  const parts: string[] = [];
  const top = wonUnits.length - 1;
  for (let unit = 0; unit <= top && digits; unit++) {
    // Four digits per unit; the largest unit takes all that is left (12,345경).
    const chunk = (unit === top ? digits : digits.slice(-4)).replace(/^0+/, '');
    digits = unit === top ? '' : digits.slice(0, -4);
    if (chunk) parts.unshift(`${group(chunk)}${wonUnits[unit]}`);
  }
  const text = parts.join(' ');
  // "1만 원" (a unit last) but "1만 2,345원" (won after a number).
  return `${sign}${text}${/\d$/.test(text) ? '' : ' '}${won}`;
}
