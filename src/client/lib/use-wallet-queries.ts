import { useQuery } from '@tanstack/react-query';
import { type PriceCurrency, SAMPLE_PRICES_USD, SAMPLE_USD_KRW } from '../../shared/constants';
import type { PriceSource, Prices } from '../../shared/schemas/prices';
import { balancesQuery, pricesQuery, rulesQuery } from './queries';

/**
 * Queries of the member's money shared by several screens (home, asset detail, and the deposit and
 * withdrawal screens); their options are in queries.ts.
 */
export { BALANCES_KEY, RULES_KEY } from './queries';

export const useBalances = () => useQuery(balancesQuery);
export const usePrices = () => useQuery(pricesQuery);
/** The member's withdrawal rules: what is left of each daily limit, the hold after a KRW deposit. */
export const useWithdrawalRules = () => useQuery(rulesQuery);

/** What the screens compute KRW values with: USD prices, the rate, and whether they are live. */
export interface PriceView {
  source: PriceSource;
  usdKrw: string;
  usd: Record<PriceCurrency, string>;
}

/** The server's prices, or the built-in sample prices when they could not be loaded (SPEC §4). */
export function priceView(prices: Prices | undefined): PriceView {
  if (!prices) return { source: 'sample', usdKrw: SAMPLE_USD_KRW, usd: { ...SAMPLE_PRICES_USD } };
  const usd = { ...SAMPLE_PRICES_USD };
  for (const item of prices.items) usd[item.symbol] = item.price;
  return { source: prices.source, usdKrw: prices.usd_krw.rate, usd };
}
