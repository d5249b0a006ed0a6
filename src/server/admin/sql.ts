/** A timestamptz column as ISO-8601 UTC text with milliseconds, the same on PostgreSQL and PGlite. */
export const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A NUMERIC as canonical decimal text (no trailing zeros): '10000', '0.5'. */
export const num = (col: string) => `trim_scale(${col})::text`;

/** A date column as YYYY-MM-DD. */
export const day = (col: string) => `to_char(${col}, 'YYYY-MM-DD')`;
