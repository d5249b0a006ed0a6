import type { Queryable } from '../db';

/** How many rows one query of an export reads: the export holds at most this many rows at a time. */
export const EXPORT_BATCH_ROWS = 500;

/**
 * Reads a table in key order, one batch of rows per query (keyset paging: each query starts after the
 * last key read), so an export of a year holds one batch in memory rather than the year. The same plain
 * queries run on PGlite and on PostgreSQL's pool (a server-side cursor would hold one connection for the
 * whole download). `select(afterKey, limit)` answers rows in key order, each with its `k`.
 */
export async function* inBatches<Row extends { k: string }>(
  q: Queryable,
  select: (after: string | null, limit: number) => { sql: string; params: unknown[] },
): AsyncGenerator<Row[]> {
  let after: string | null = null;
  for (;;) {
    const { sql, params } = select(after, EXPORT_BATCH_ROWS);
    const rows = await q.query<Row>(sql, params);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH_ROWS) return;
    after = rows[rows.length - 1]!.k;
  }
}
