import { CRYPTO_PRICE_CURRENCIES, type PriceCurrency, type PriceHistoryPeriod } from '../../shared/constants';
import { toWire } from '../../shared/decimal';
import type { PriceHistory, PriceSeries } from '../../shared/schemas/price-history';
import type { Queryable } from '../db';
import { isoTime } from '../db/iso-time';

/** Each period's span and bucket: about a hundred points per chart whatever the period. */
const PERIODS: Record<PriceHistoryPeriod, { spanSeconds: number; bucketSeconds: number }> = {
  '1d': { spanSeconds: 86_400, bucketSeconds: 15 * 60 },
  '1w': { spanSeconds: 7 * 86_400, bucketSeconds: 2 * 3600 },
  '1m': { spanSeconds: 30 * 86_400, bucketSeconds: 8 * 3600 },
};

interface PointRow {
  symbol: PriceCurrency;
  at: string;
  usd_price: string;
  krw_price: string;
}

/**
 * The recorded prices of a period, bucketed (the last price of each bucket, stamped with its time), and
 * each asset's won price at the start of the last 24 h for its change.
 */
export async function readPriceHistory(
  q: Queryable,
  period: PriceHistoryPeriod,
  symbol?: PriceCurrency,
): Promise<PriceHistory> {
  const { spanSeconds, bucketSeconds } = PERIODS[period];
  const symbols = symbol ? [symbol] : [...CRYPTO_PRICE_CURRENCIES];
  const [points, bases] = await Promise.all([
    q.query<PointRow>(
      `SELECT symbol, ${isoTime('last_at')} AS at, usd_price, krw_price
         FROM (
           SELECT symbol,
                  max(recorded_at) AS last_at,
                  (array_agg(usd_price::text ORDER BY recorded_at DESC))[1] AS usd_price,
                  (array_agg(krw_price::text ORDER BY recorded_at DESC))[1] AS krw_price
             FROM price_history
            WHERE symbol = ANY($1::text[])
              AND recorded_at > now() - make_interval(secs => $2::double precision)
            GROUP BY symbol, floor(extract(epoch FROM recorded_at) / $3::double precision)
         ) b
        ORDER BY symbol, last_at`,
      [symbols, spanSeconds, bucketSeconds],
    ),
    q.query<{ symbol: PriceCurrency; at: string; krw_price: string }>(
      `SELECT DISTINCT ON (symbol) symbol, ${isoTime('recorded_at')} AS at, krw_price::text AS krw_price
         FROM price_history
        WHERE symbol = ANY($1::text[]) AND recorded_at > now() - interval '24 hours'
        ORDER BY symbol, recorded_at`,
      [symbols],
    ),
  ]);
  const items = symbols.map((s): PriceSeries => {
    const base = bases.find((b) => b.symbol === s);
    return {
      symbol: s,
      points: points
        .filter((p) => p.symbol === s)
        .map((p) => ({ at: p.at, usd_price: toWire(p.usd_price), krw_price: toWire(p.krw_price) })),
      base_24h: base ? { at: base.at, krw_price: toWire(base.krw_price) } : null,
    };
  });
  return { period, items };
}
