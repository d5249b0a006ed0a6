import { useQuery } from '@tanstack/react-query';
import type { PriceCurrency, PriceHistoryPeriod } from '../../shared/constants';
import { D, type Dec } from '../../shared/decimal';
import type { PriceSeries } from '../../shared/schemas/price-history';
import type { Prices } from '../../shared/schemas/prices';
import { priceHistoryQuery } from './queries';

/** The server's recorded prices of a period (all assets, or one), read again with the prices. */
export const usePriceHistory = (period: PriceHistoryPeriod, symbol?: PriceCurrency) =>
  useQuery(priceHistoryQuery(period, symbol));

/** One asset's 24 h movement: now against the oldest won price of the last 24 h. */
export interface Change24h {
  /** Won price now minus then, per unit. */
  perUnit: Dec;
  /** In percent. */
  percent: Dec;
}

/**
 * The change is shown only for a live price with a recorded base: a sample price has no market to
 * move against, and the chart says so instead.
 */
export function change24h(
  series: PriceSeries | undefined,
  prices: Prices | undefined,
  symbol: PriceCurrency,
) {
  const item = prices?.items.find((i) => i.symbol === symbol);
  const base = series?.base_24h;
  if (!item || item.source !== 'live' || !base) return null;
  const then = new D(base.krw_price);
  if (then.lte(0)) return null;
  const perUnit = new D(item.krw_price).minus(then);
  return { perUnit, percent: perUnit.div(then).times(100) } satisfies Change24h;
}
