import { isoTime } from './db/iso-time';

/**
 * SQL text fragments shared by every domain's queries. The ISO-time fragment itself is
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
