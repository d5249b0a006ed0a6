import { randomUUID } from 'node:crypto';
import type { PriceFeedConfig } from '../config-sections';
import type { App } from '../context';
import type { Db } from '../db';
import { type IntervalJob, oneRoundAtATime, runEvery } from '../ops/interval-job';
import { type RefreshOutcome, refreshPrices } from './refresh-prices';

export interface RefresherLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export type PriceRefresher = IntervalJob<RefreshOutcome>;

/**
 * The refresh loop's body. A provider's problem is logged once when it starts (and again only if the
 * reason changes), and its recovery once, so a provider that stays down does not flood the log.
 */
export function createPriceRefresher(db: Db, feed: PriceFeedConfig, log: RefresherLog): PriceRefresher {
  const instanceId = randomUUID();
  const problems = new Map<string, string>();

  const report = (what: 'prices' | 'fx' | 'refresh', url: string | undefined, result: string | undefined) => {
    if (result === undefined) return;
    const previous = problems.get(what);
    if (result === 'ok') {
      if (previous !== undefined) {
        problems.delete(what);
        log.info({ provider: what, url }, 'price provider answers again');
      }
      return;
    }
    if (previous === result) return;
    problems.set(what, result);
    log.warn(
      { provider: what, url, reason: result },
      'price provider failed: serving the last good value, or the sample prices once it is stale',
    );
  };

  const round = async (): Promise<RefreshOutcome | null> => {
    try {
      const outcome = await refreshPrices(db, feed, instanceId);
      report('refresh', undefined, 'ok');
      if (outcome.claimed) {
        report('prices', feed.feedUrl, outcome.prices);
        report('fx', feed.fxUrl, outcome.fx);
      }
      return outcome;
    } catch (err) {
      report('refresh', undefined, `database error (${(err as Error).message?.slice(0, 120)})`);
      return null;
    }
  };

  return oneRoundAtATime(round);
}

/**
 * Starts refreshing now and every interval; stops (and waits for a running round) when the app
 * closes, before the database is closed.
 */
export function startPriceRefresher(app: App, db: Db, feed: PriceFeedConfig): void {
  runEvery(app, feed.intervalMs, createPriceRefresher(db, feed, app.log));
}
