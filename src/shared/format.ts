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

/**
 * One display rule per asset, used on every screen: won as whole won with 원 ("1,234,567원"), crypto cut
 * (never rounded up) to the asset's own decimals with trailing zeros trimmed and its symbol after
 * ("0.3141 ETH", "1,690.5 USDT"). The decimals are what the asset's chain carries (XRP and USDT 6).
 */
const ASSET_DECIMALS: Record<string, number> = { KRW: 0, ETH: 8, XRP: 6, USDT: 6, BTC: 8 };
const decimalsOf = (currency: string) => ASSET_DECIMALS[currency] ?? 8;

/** The number alone, by the asset's rule (for a field or a table cell that names the unit elsewhere). */
const formatAssetNumber = (currency: string, v: Dec | string | number) =>
  currency === 'KRW' ? formatKrw(v) : formatDecimal(v, 0, decimalsOf(currency));

/** The amount with its unit: "1,234원", "0.5 ETH". */
export const formatAsset = (currency: string, v: Dec | string | number) =>
  currency === 'KRW' ? `${formatKrw(v)}${MSG.home.won}` : `${formatAssetNumber(currency, v)} ${currency}`;

/** Won with its unit: "1,234원". */
export const formatWon = (v: Dec | string | number) => formatAsset('KRW', v);

/**
 * A won price of one unit: whole won from 100원 up, two decimals below (XRP "793.06원" would read 793원
 * otherwise; Upbit shows the same). Rounded, as a price is not a balance.
 */
export function formatWonPrice(v: Dec | string | number): string {
  const d = new D(v);
  const places = d.abs().gte(100) ? 0 : d.abs().gte(1) ? 2 : 4;
  return `${formatDecimal(d.toDecimalPlaces(places, D.ROUND_HALF_UP), 0, places)}${MSG.home.won}`;
}

/** A USD price as cents at least: "$3,075.50", "$1.00", "$0.5542" (up to four decimals below one dollar). */
export function formatUsd(v: Dec | string | number): string {
  const d = new D(v);
  const places = d.abs().lt(1) ? 4 : 2;
  return `$${formatDecimal(d.toDecimalPlaces(places, D.ROUND_HALF_UP), 2, places)}`;
}

/** A change as Korean apps show it: sign and one decimal of percent ("+2.3%", "-0.8%", "0.0%"). */
export function formatChangePercent(percent: Dec | string | number): string {
  const d = new D(percent).toDecimalPlaces(1, D.ROUND_HALF_UP);
  if (d.isZero()) return '0.0%';
  return `${d.isPositive() ? '+' : '-'}${d.abs().toFixed(1)}%`;
}

/**
 * Up, down or flat of a change in percent, for the colour (red up, blue down, grey flat in Korean apps): as
 * formatChangePercent shows it, so "0.0%" is never coloured.
 */
export const changeDirection = (percent: Dec | string | number): 'up' | 'down' | 'flat' => {
  const d = new D(percent).toDecimalPlaces(1, D.ROUND_HALF_UP);
  return d.isZero() ? 'flat' : d.isPositive() ? 'up' : 'down';
};

/**
 * Dates and times: one style across the app, always Korean time (UTC+9, no daylight saving). Inside a
 * date or a time the parts are joined by no-break spaces, so a narrow line never wraps mid-token.
 */
const NBSP = '\u00a0';
const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];
const kst = (iso: string | Date) => new Date(new Date(iso).getTime() + 9 * 3600_000);
const pad = (n: number) => String(n).padStart(2, '0');

/** "2026. 11. 27." */
export function formatDate(iso: string | Date): string {
  const k = kst(iso);
  return [`${k.getUTCFullYear()}.`, `${k.getUTCMonth() + 1}.`, `${k.getUTCDate()}.`].join(NBSP);
}

/** "오후 1:41" (with `seconds`: "오후 1:41:05"). */
export function formatTime(iso: string | Date, seconds = false): string {
  const k = kst(iso);
  const h = k.getUTCHours();
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  const s = seconds ? `:${pad(k.getUTCSeconds())}` : '';
  return `${h < 12 ? '오전' : '오후'}${NBSP}${hour12}:${pad(k.getUTCMinutes())}${s}`;
}

/** A detail sheet's full time: "2026. 11. 27. 오후 1:41:05"; without `seconds` for a notice or a hold. */
export const formatDateTime = (iso: string | Date, seconds = true) =>
  `${formatDate(iso)} ${formatTime(iso, seconds)}`;

/**
 * A moment on the operators' desk, as a log reads it: "2026.12.01 20:16" (Korean time, 24-hour clock,
 * to the minute; midnight is 00:00, where ko-KR's Intl formatter says 24:00). Members read `formatDateTime`.
 */
export function formatDeskTime(iso: string | Date): string {
  const k = kst(iso);
  const day = `${k.getUTCFullYear()}.${pad(k.getUTCMonth() + 1)}.${pad(k.getUTCDate())}`;
  return `${day} ${pad(k.getUTCHours())}:${pad(k.getUTCMinutes())}`;
}

/** A list's day heading: "11월 27일 (금)". */
export function formatDayHeading(iso: string | Date): string {
  const k = kst(iso);
  return `${k.getUTCMonth() + 1}월${NBSP}${k.getUTCDate()}일${NBSP}(${WEEKDAYS[k.getUTCDay()]})`;
}

/**
 * The Korean calendar day of a time (now by default), `plusDays` later, as YYYY-MM-DD: a key for
 * grouping and the desk's period filters ("2026-11-27").
 */
export function kstDayKey(iso: string | Date = new Date(), plusDays = 0): string {
  const k = new Date(kst(iso).getTime() + plusDays * 86_400_000);
  return `${k.getUTCFullYear()}-${pad(k.getUTCMonth() + 1)}-${pad(k.getUTCDate())}`;
}

/** A wait until `iso` as Korean apps say it: "23시간 남음", "15분 남음" (null once it has passed). */
export function timeLeft(iso: string | Date, now: number = Date.now()): string | null {
  const ms = new Date(iso).getTime() - now;
  if (ms <= 0) return null;
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return `${minutes}분 남음`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}시간 남음`;
  return `${Math.floor(hours / 24)}일 ${hours % 24}시간 남음`;
}

/**
 * A Korean phone number as it is written (010-1234-5678, 02-123-4567, 031-123-4567): its digits grouped;
 * anything that is not a Korean number of 9 to 11 digits is shown as it was typed.
 */
export function formatPhone(text: string): string {
  const d = text.replace(/[\s-]/g, '');
  if (!/^0\d{8,10}$/.test(d)) return text;
  const area = d.startsWith('02') ? 2 : 3;
  const rest = d.slice(area);
  const mid = rest.length - 4;
  return `${d.slice(0, area)}-${rest.slice(0, mid)}-${rest.slice(mid)}`;
}

/** A deposit's TXID, with its transfer's index where another deposit has the same TXID: "0xab… · #2". */
export const formatTxidRef = (txid: string, transferIndex?: number | null) =>
  transferIndex == null ? txid : `${txid} · #${transferIndex}`;
