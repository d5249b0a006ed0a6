import {
  CRYPTO_PRICE_CURRENCIES,
  PRICE_SYMBOLS,
  type PriceCurrency,
  SAMPLE_PRICES_USD,
  SAMPLE_USD_KRW,
} from '../../shared/constants';
import { D, toWire } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import type { PriceItem, PriceSource, Prices } from '../../shared/schemas/prices';
import type { Queryable } from '../db';
import { isoTime } from '../db/iso-time';

interface StoredRow {
  key: string;
  value: string;
  updated_at: string;
  fresh: boolean;
}

const PAIRS = CRYPTO_PRICE_CURRENCIES.filter((c) => c !== 'USDT').map((c) => PRICE_SYMBOLS[c]);
const FRESH = `updated_at > now() - make_interval(secs => $1::double precision) AND source <> 'sample'`;

/**
 * SQL: the stored provider values, one row per pair and one for the won rate (key 'USDKRW'), with whether
 * each is live (younger than `$1` seconds, not a sample).
 */
const STORED_PRICES = `SELECT symbol AS key, price::text AS value, ${isoTime('updated_at')} AS updated_at, (${FRESH}) AS fresh
    FROM crypto_prices WHERE symbol IN (${PAIRS.map((p) => `'${p}'`).join(', ')})
  UNION ALL
  SELECT 'USDKRW', rate::text, ${isoTime('updated_at')}, (${FRESH})
    FROM exchange_rates WHERE from_currency = 'USD' AND to_currency = 'KRW'`;

async function readStored(q: Queryable, staleSeconds: number) {
  const rows = await q.query<StoredRow>(STORED_PRICES, [staleSeconds]);
  return { prices: rows.filter((r) => r.key !== 'USDKRW'), rates: rows.filter((r) => r.key === 'USDKRW') };
}

/**
 * What getPrices serves. A stored provider value younger than `staleSeconds` is `live`; otherwise
 * (never fetched, provider down for longer, or garbage refused) the built-in sample value is served
 * and marked `sample` (SPEC §4: failed or empty update → sample prices, ETH 3075.50, XRP 0.5542,
 * USDT 1.00, rate 1431). USDT is pegged at 1 USD. An item is live only when its price and the rate are.
 */
export async function readPrices(q: Queryable, staleSeconds: number): Promise<Prices> {
  const { prices, rates } = await readStored(q, staleSeconds);
  const liveRate = rates.find((r) => r.fresh);
  const rate = {
    rate: toWire(liveRate?.value ?? SAMPLE_USD_KRW),
    source: (liveRate ? 'live' : 'sample') as PriceSource,
    updated_at: liveRate?.updated_at ?? null,
  };
  const byPair = new Map(prices.filter((p) => p.fresh).map((p) => [p.key, p]));

  const items: PriceItem[] = CRYPTO_PRICE_CURRENCIES.map((symbol: PriceCurrency) => {
    const pair = PRICE_SYMBOLS[symbol];
    const stored = symbol === 'USDT' ? undefined : byPair.get(pair);
    const priceLive = symbol === 'USDT' || stored !== undefined;
    const price = toWire(stored?.value ?? SAMPLE_PRICES_USD[symbol]);
    const live = priceLive && rate.source === 'live';
    return {
      symbol,
      pair,
      korean_name: MSG.prices.names[symbol],
      price,
      krw_price: toWire(new D(price).times(rate.rate)),
      source: live ? 'live' : 'sample',
      updated_at: symbol === 'USDT' ? rate.updated_at : (stored?.updated_at ?? null),
    };
  });
  return {
    source: items.every((i) => i.source === 'live') ? 'live' : 'sample',
    usd_krw: rate,
    items,
    stale_after_seconds: staleSeconds,
  };
}
