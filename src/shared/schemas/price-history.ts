import { CRYPTO_PRICE_CURRENCIES, PRICE_HISTORY_PERIODS } from '../constants';
import { MSG } from '../messages/member';
import { z } from '../zod';

/** GET /api/prices/history?period=1d|1w|1m[&symbol=ETH] */
export const priceHistoryQuerySchema = z.strictObject({
  period: z._default(z.enum(PRICE_HISTORY_PERIODS, { error: MSG.market.periodInvalid }), '1d'),
  symbol: z.optional(z.enum(CRYPTO_PRICE_CURRENCIES, { error: MSG.market.symbolInvalid })),
});

/** One point of a chart: the last price recorded in its time bucket. */
const pricePointSchema = z.object({
  at: z.string(),
  usd_price: z.string(),
  krw_price: z.string(),
});

const priceSeriesSchema = z.object({
  symbol: z.enum(CRYPTO_PRICE_CURRENCIES),
  /** Oldest to newest; empty while no live price has been recorded in the period. */
  points: z.array(pricePointSchema),
  /**
   * The won price at the start of the last 24 h (the oldest recorded within them) and when it was
   * recorded; null when nothing was recorded in the last 24 h.
   */
  base_24h: z.nullable(z.object({ at: z.string(), krw_price: z.string() })),
});
export type PriceSeries = z.infer<typeof priceSeriesSchema>;

export const priceHistorySchema = z.object({
  period: z.enum(PRICE_HISTORY_PERIODS),
  items: z.array(priceSeriesSchema),
});
export type PriceHistory = z.infer<typeof priceHistorySchema>;
