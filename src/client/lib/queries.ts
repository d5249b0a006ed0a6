import { queryOptions } from '@tanstack/react-query';
import { PRICE_REFRESH_MS, type PriceCurrency, type PriceHistoryPeriod } from '../../shared/constants';
import type { Balances } from '../../shared/schemas/balances';
import type { PriceHistory } from '../../shared/schemas/price-history';
import type { Prices } from '../../shared/schemas/prices';
import type { SessionInfo } from '../../shared/schemas/session';
import type { WithdrawalRulesView } from '../../shared/schemas/withdrawal-rules';
import { ApiError, api } from './api';

/**
 * The reads the first screens need, as query options: the hooks (session.ts, use-wallet-queries.ts,
 * use-market.ts) and the prefetch that starts them before React's first render (app/route-data.ts) use
 * the same key, request and timing, so a prefetched answer is the one the screen reads.
 */

export const SESSION_KEY = ['session'] as const;
export const BALANCES_KEY = ['balances'] as const;
const PRICES_KEY = ['prices'] as const;
export const RULES_KEY = ['withdrawal-rules'] as const;

/**
 * Balances and prices refresh every 30 s (SPEC §9) while the page is visible: TanStack Query pauses
 * refetchInterval in a hidden tab and refetches when it becomes visible again.
 */
const live = {
  refetchInterval: PRICE_REFRESH_MS,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: true,
} as const;

/** The current session, or null when logged out. */
export const sessionQuery = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: async (): Promise<SessionInfo | null> => {
    try {
      return await api.get<SessionInfo>('/session', { handlesSessionEnd: true, schema: 'session' });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: 30_000,
  retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
});

export const balancesQuery = queryOptions({
  queryKey: BALANCES_KEY,
  queryFn: ({ signal }) => api.get<Balances>('/balances', { signal, schema: 'balances' }),
  ...live,
});

export const pricesQuery = queryOptions({
  queryKey: PRICES_KEY,
  queryFn: ({ signal }) => api.get<Prices>('/prices', { signal, schema: 'prices' }),
  ...live,
});

/** The member's withdrawal rules: what is left of each daily limit, the hold after a KRW deposit. */
export const rulesQuery = queryOptions({
  queryKey: RULES_KEY,
  queryFn: () => api.get<WithdrawalRulesView>('/withdrawals/rules', { schema: 'withdrawalRules' }),
  staleTime: 10_000,
});

/** The server's recorded prices of a period (all assets, or one), read again with the prices. */
export const priceHistoryQuery = (period: PriceHistoryPeriod, symbol?: PriceCurrency) =>
  queryOptions({
    queryKey: ['price-history', period, symbol ?? 'all'],
    queryFn: ({ signal }) =>
      api.get<PriceHistory>('/prices/history', {
        signal,
        query: { period, symbol },
        schema: 'priceHistory',
      }),
    refetchInterval: PRICE_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: 20_000,
  });
