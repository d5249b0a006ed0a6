import { z } from '../zod';
import { nullableString } from './view-parts';

const priceSourceSchema = z.enum(['live', 'sample']);
export type PriceSource = z.infer<typeof priceSourceSchema>;

/** SPEC §3's price item: symbol, raw price (USD), KRW value of one unit, time; plus where it came from. */
const priceItemSchema = z.object({
  symbol: z.enum(['ETH', 'XRP', 'USDT']),
  /** The provider's pair (SPEC's symbol mapping): ETHUSDT, XRPUSDT, USDT. */
  pair: z.string(),
  korean_name: z.string(),
  /** USD price, decimal string. */
  price: z.string(),
  /** price × USD→KRW rate, exact decimal string (floor it only after multiplying by a balance). */
  krw_price: z.string(),
  /** `live` when both this price and the rate are fresh values from the providers. */
  source: priceSourceSchema,
  /** When the provider's USD price (for USDT: the rate) was stored; null when it is the sample. */
  updated_at: nullableString,
});
export type PriceItem = z.infer<typeof priceItemSchema>;

export const pricesSchema = z.object({
  /** `live` only when every price and the rate are live; the home badge shows this. */
  source: priceSourceSchema,
  usd_krw: z.object({ rate: z.string(), source: priceSourceSchema, updated_at: nullableString }),
  items: z.array(priceItemSchema),
  /** A stored value older than this is no longer served (the sample is). */
  stale_after_seconds: z.number(),
});
export type Prices = z.infer<typeof pricesSchema>;
