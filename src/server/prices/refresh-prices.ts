import { toWire } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import type { PriceFeedConfig } from '../config-sections';
import type { Db, Queryable } from '../db';
import { claimJob } from '../ops/interval-job';
import { type CryptoPair, fetchCryptoPrices, fetchUsdKrw, ProviderError } from './providers';
import { recordPriceHistory } from './record-price-history';

const KOREAN_NAMES: Record<CryptoPair, string> = {
  ETHUSDT: MSG.prices.names.ETH,
  XRPUSDT: MSG.prices.names.XRP,
};

/** Takes this round's refresh for `instanceId` (the claim row `prices`, `claimJob`). */
const claimRefresh = (q: Queryable, instanceId: string, minAgeMs: number) =>
  claimJob(q, 'prices', instanceId, minAgeMs);

export interface RefreshOutcome {
  claimed: boolean;
  /** What each provider answered: 'ok', or the reason it was not usable. */
  prices?: 'ok' | string;
  fx?: 'ok' | string;
  stored: { pairs: CryptoPair[]; rate: boolean };
}

/**
 * One refresh: claim it, ask both providers at once (each with its timeout), store whatever was
 * usable with its time and provider. A failing provider leaves the last good value in place.
 */
export async function refreshPrices(
  db: Db,
  feed: PriceFeedConfig,
  instanceId: string,
): Promise<RefreshOutcome> {
  // Another instance refreshing within the last 80% of an interval means this round is done.
  if (!(await claimRefresh(db, instanceId, feed.intervalMs * 0.8))) {
    return { claimed: false, stored: { pairs: [], rate: false } };
  }
  const [crypto, fx] = await Promise.allSettled([
    fetchCryptoPrices(feed.feedUrl, feed.timeoutMs),
    fetchUsdKrw(feed.fxUrl, feed.timeoutMs),
  ]);
  const outcome: RefreshOutcome = { claimed: true, stored: { pairs: [], rate: false } };
  const reason = (r: PromiseRejectedResult) =>
    r.reason instanceof ProviderError ? r.reason.reason : `error (${String(r.reason).slice(0, 80)})`;

  if (crypto.status === 'fulfilled') {
    const { prices, missing } = crypto.value;
    outcome.prices = missing.length ? `missing ${missing.join(', ')} in the response` : 'ok';
    outcome.stored.pairs = [...prices.keys()];
  } else {
    outcome.prices = reason(crypto);
  }
  if (fx.status === 'fulfilled') {
    outcome.fx = 'ok';
    outcome.stored.rate = true;
  } else {
    outcome.fx = reason(fx);
  }

  if (crypto.status === 'fulfilled' || fx.status === 'fulfilled') {
    await db.tx(async (q) => {
      if (crypto.status === 'fulfilled') {
        const source = hostOf(feed.feedUrl);
        for (const [pair, price] of crypto.value.prices) {
          await q.query(
            `INSERT INTO crypto_prices (symbol, price, korean_name, source, updated_at)
             VALUES ($1, $2::numeric, $3, $4, now())
             ON CONFLICT (symbol) DO UPDATE
               SET price = EXCLUDED.price, korean_name = EXCLUDED.korean_name,
                   source = EXCLUDED.source, updated_at = EXCLUDED.updated_at`,
            [pair, toWire(price), KOREAN_NAMES[pair], source],
          );
        }
      }
      if (fx.status === 'fulfilled') {
        await q.query(
          `INSERT INTO exchange_rates (from_currency, to_currency, rate, source, updated_at)
           VALUES ('USD', 'KRW', $1::numeric, $2, now())
           ON CONFLICT (from_currency, to_currency) DO UPDATE
             SET rate = EXCLUDED.rate, source = EXCLUDED.source, updated_at = EXCLUDED.updated_at`,
          [toWire(fx.value), hostOf(feed.fxUrl)],
        );
      }
      await recordPriceHistory(q, feed.staleSeconds);
    });
  }
  return outcome;
}

/** The provider recorded with each stored value (its host name; never a query string or a key). */
function hostOf(url: string): string {
  try {
    return new URL(url).host.slice(0, 100) || 'live';
  } catch {
    return 'live';
  }
}
