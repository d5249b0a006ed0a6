import type { Queryable } from './db';
import { isoTime } from './db/iso-time';

/**
 * SQL text fragments shared by every domain's queries, and the lookup of one row. The ISO-time fragment itself is
 * written once, `isoTime` in db/iso-time.ts; these are its forms.
 */

/** A timestamptz column as ISO-8601 UTC text with milliseconds, the same on PostgreSQL and PGlite. */
export const iso = isoTime;

/** The same in whole seconds (an email change's expiry, as my page has always shown it). */
export const isoSeconds = (col: string) => isoTime(col).replace('.MS', '');

/** A NUMERIC as canonical decimal text (no trailing zeros): '10000', '0.5'. */
export const num = (col: string) => `trim_scale(${col})::text`;

/** A date column as YYYY-MM-DD. */
export const day = (col: string) => `to_char(${col}, 'YYYY-MM-DD')`;

/** The one row a lookup by key returns, or null when there is none. */
export async function firstRow<T>(q: Queryable, sql: string, params: unknown[]): Promise<T | null> {
  const [row] = await q.query<T>(sql, params);
  return row ?? null;
}
