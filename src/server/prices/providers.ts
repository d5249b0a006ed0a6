import { CRYPTO_DECIMALS, MAX_AMOUNT, PRICE_SYMBOLS } from '../../shared/constants';
import { D, DECIMAL_TEXT, type Dec } from '../../shared/decimal';
import { type BoundedAnswer, BoundedFetchError, boundedFetch, MAX_ANSWER_BYTES } from '../http/bounded-fetch';

/** A provider that did not give a usable answer; `reason` is short, English, for the server log. */
export class ProviderError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** A USD→KRW rate outside this range is an error of the provider, not a market move. */
const RATE_RANGE = { min: new D(100), max: new D(100_000) };

const CRYPTO_PAIRS = [PRICE_SYMBOLS.ETH, PRICE_SYMBOLS.XRP] as const;
export type CryptoPair = (typeof CRYPTO_PAIRS)[number];

/** GETs a JSON document, bounded in bytes and time; every failure becomes a ProviderError. */
async function getJson(url: string, timeoutMs: number): Promise<unknown> {
  let answer: BoundedAnswer;
  try {
    answer = await boundedFetch(url, {
      headers: { accept: 'application/json' },
      timeoutMs,
      maxBytes: MAX_ANSWER_BYTES.prices,
    });
  } catch (err) {
    throw new ProviderError(err instanceof BoundedFetchError ? err.message : String(err));
  }
  if (!answer.ok) throw new ProviderError(`HTTP ${answer.status}`);
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    throw new ProviderError('response is not JSON');
  }
}

/** A positive decimal within our limits, from a JSON string or number; null for anything else. */
function toPrice(v: unknown): Dec | null {
  const text =
    typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!DECIMAL_TEXT.test(text) || text.length > 40) return null;
  const d = new D(text).toDecimalPlaces(CRYPTO_DECIMALS, D.ROUND_HALF_UP);
  if (d.lte(0) || d.gt(MAX_AMOUNT)) return null;
  return d;
}

/**
 * Crypto USD prices from a Binance-style ticker: `[{"symbol":"ETHUSDT","price":"3075.50"}, …]`
 * (or one such object). Returns the pairs it found; fails when none of ours is usable.
 */
export async function fetchCryptoPrices(
  url: string,
  timeoutMs: number,
): Promise<{ prices: Map<CryptoPair, Dec>; missing: CryptoPair[] }> {
  const body = await getJson(url, timeoutMs);
  const rows = Array.isArray(body) ? body : [body];
  const prices = new Map<CryptoPair, Dec>();
  for (const row of rows) {
    if (!row || typeof row !== 'object') continue;
    const { symbol, price } = row as { symbol?: unknown; price?: unknown };
    if (typeof symbol !== 'string' || !(CRYPTO_PAIRS as readonly string[]).includes(symbol)) continue;
    const p = toPrice(price);
    if (p) prices.set(symbol as CryptoPair, p);
  }
  const missing = CRYPTO_PAIRS.filter((s) => !prices.has(s));
  if (prices.size === 0) throw new ProviderError('no usable ETHUSDT/XRPUSDT price in the response');
  return { prices, missing };
}

/**
 * The USD→KRW rate from an open.er-api.com-style document: `{"result":"success","rates":{"KRW":1431.2}}`
 * (`conversion_rates` is accepted too).
 */
export async function fetchUsdKrw(url: string, timeoutMs: number): Promise<Dec> {
  const body = await getJson(url, timeoutMs);
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new ProviderError('unexpected response shape');
  const doc = body as { result?: unknown; rates?: unknown; conversion_rates?: unknown };
  if (doc.result !== undefined && doc.result !== 'success')
    throw new ProviderError(`provider result ${String(doc.result).slice(0, 40)}`);
  const rates = (doc.rates ?? doc.conversion_rates) as Record<string, unknown> | undefined;
  if (!rates || typeof rates !== 'object') throw new ProviderError('no rates in the response');
  const rate = toPrice(rates.KRW);
  if (!rate) throw new ProviderError('no usable KRW rate in the response');
  if (rate.lt(RATE_RANGE.min) || rate.gt(RATE_RANGE.max))
    throw new ProviderError(`implausible KRW rate ${rate.toFixed()}`);
  return rate;
}
