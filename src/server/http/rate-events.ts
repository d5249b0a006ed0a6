import type { Queryable } from '../db';

/**
 * The counters behind every rate limit: rows of `rate_limit_events`, so they hold across instances
 * (route limits: throttle.ts; login and secret lockouts: auth/rate-limit.ts).
 */

/** Counts events under `key` in the last `minutes`. */
export async function countRecent(q: Queryable, key: string, minutes: number): Promise<number> {
  const rows = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM rate_limit_events WHERE key = $1 AND created_at > now() - make_interval(mins => $2)`,
    [key, minutes],
  );
  return rows[0]?.n ?? 0;
}

export async function recordEvent(q: Queryable, key: string): Promise<void> {
  await q.query('INSERT INTO rate_limit_events (key) VALUES ($1)', [key]);
}

export async function clearEvents(q: Queryable, key: string): Promise<void> {
  await q.query('DELETE FROM rate_limit_events WHERE key = $1', [key]);
}

/** Records one hit and tells whether the key is now over `limit` within `minutes`. */
export async function hit(q: Queryable, key: string, limit: number, minutes: number): Promise<boolean> {
  await recordEvent(q, key);
  return (await countRecent(q, key, minutes)) > limit;
}

/** Old events are useless after a day; called by the periodic housekeeping. */
export async function pruneEvents(q: Queryable): Promise<void> {
  await q.query(`DELETE FROM rate_limit_events WHERE created_at < now() - interval '1 day'`);
}
