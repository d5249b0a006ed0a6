/** SQL that renders a timestamptz column as ISO-8601 UTC text with milliseconds (NULL stays NULL). */
export const isoTime = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A UUID as PostgreSQL writes it; anything else cannot name a row (and must not reach a uuid cast). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A unique violation (23505) of the named constraint or index. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && `${e.constraint ?? ''} ${e.message ?? ''}`.includes(constraint);
}

export const isUuid = (s: string) => UUID_PATTERN.test(s);
