import { useQuery } from '@tanstack/react-query';
import {
  PRICE_REFRESH_MS,
  type PriceCurrency,
  SAMPLE_PRICES_USD,
  SAMPLE_USD_KRW,
} from '../../shared/constants';
import type { Balances } from '../../shared/schemas/balances';
import type { PriceSource, Prices } from '../../shared/schemas/prices';
import type { WithdrawalRulesView } from '../../shared/schemas/withdrawal-rules';
import { api } from './api';

/**
 * Queries of the member's money shared by several screens (home, asset detail, and the deposit and
 * withdrawal screens). They refresh every 30 s (SPEC §9) while the page is visible: TanStack Query
 * pauses refetchInterval in a hidden tab and refetches when it becomes visible again.
 */
export const BALANCES_KEY = ['balances'] as const;
const PRICES_KEY = ['prices'] as const;
export const RULES_KEY = ['withdrawal-rules'] as const;

const live = {
  refetchInterval: PRICE_REFRESH_MS,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: true,
} as const;

export function useBalances() {
  return useQuery({
    queryKey: BALANCES_KEY,
    queryFn: ({ signal }) => api.get<Balances>('/balances', { signal, schema: 'balances' }),
    ...live,
  });
}

export function usePrices() {
  return useQuery({
    queryKey: PRICES_KEY,
    queryFn: ({ signal }) => api.get<Prices>('/prices', { signal, schema: 'prices' }),
    ...live,
  });
}

/** The member's withdrawal rules: what is left of each daily limit, the hold after a KRW deposit. */
export function useWithdrawalRules() {
  return useQuery({
    queryKey: RULES_KEY,
    queryFn: () => api.get<WithdrawalRulesView>('/withdrawals/rules', { schema: 'withdrawalRules' }),
    staleTime: 10_000,
  });
}

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
