import type { Queryable } from '../db';
import { readPrices } from './read-prices';

/** The longest chart period (1개월) and a margin: older rows are of no screen's use. */
const KEEP_DAYS = 32;

/**
 * Records the prices a refresh has just made live, one row per asset, as the members are served them
 * (read back through readPrices, so the won price is the one the home screen showed at that moment). An
 * asset still on its sample price is not recorded: a chart never draws the sample as if it were the market.
 */
export async function recordPriceHistory(q: Queryable, staleSeconds: number): Promise<number> {
  const prices = await readPrices(q, staleSeconds);
  const live = prices.items.filter((i) => i.source === 'live');
  if (live.length > 0) {
    await q.query(
      `INSERT INTO price_history (symbol, usd_price, krw_price)
       SELECT * FROM unnest($1::text[], $2::numeric[], $3::numeric[])
       ON CONFLICT DO NOTHING`,
      [live.map((i) => i.symbol), live.map((i) => i.price), live.map((i) => i.krw_price)],
    );
  }
  await q.query(`DELETE FROM price_history WHERE recorded_at < now() - make_interval(days => $1::int)`, [
    KEEP_DAYS,
  ]);
  return live.length;
}
