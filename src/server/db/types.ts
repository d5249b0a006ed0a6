/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * NOTIFY `channel` (empty payload) once this transaction has committed, outside it, coalesced with the
   * other notifications of this process (for the database itself: at once). Unlike a pg_notify inside the
   * transaction, it does not take PostgreSQL's notification-queue lock until commit, which would make
   * every such transaction commit after the previous one. Absent on a Queryable that is
   * not ours (callers then notify inside the transaction).
   */
  notifyAfterCommit?(channel: string): void;
}

/** An open transaction: a Queryable that also runs a script of several statements. */
export interface Transaction extends Queryable {
  /** Runs `script` (several statements, no parameters) in one round trip: a migration file, whole. */
  exec(script: string): Promise<void>;
  /**
   * Runs `sql` as the transaction's last statement and commits in the same round trip (pg: one simple-query
   * message, its parameters written in as quoted literals), so that what the statement locks is held for it
   * and the commit only. Nothing may run on the transaction after it. When it fails, nothing is committed.
   *
   * `releaseBeforeFlush`: the commit releases the locks as soon as its record is written, and the call
   * resolves only once the write-ahead log is on disk up to it (pg: the commit is asynchronous, and one more
   * statement in the same message commits a transaction of its own synchronously, which flushes the log up
   * to and past this commit). The next holder of the locks does not wait for this one's disk flush, and the
   * flushes of several commits are one. What this commit wrote is visible to others for the time of that
   * flush before it is durable; whatever depends on it and commits is later in the log, so durable only with
   * it. For a decision that nothing outside the database acts upon in that time (decision 0491).
   */
  commitWith(sql: string, params: unknown[], opts?: { releaseBeforeFlush?: boolean }): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /** Runs `fn` in one transaction; retried on serialization failures and deadlocks. */
  tx<T>(fn: (q: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Connections of the pool, for /metrics (PGlite: its one connection). */
  poolStats?(): PoolStats;
  /**
   * LISTEN on `channel` over a connection of its own (pg: a dedicated client per instance, reconnected
   * with backoff; `onConnect` runs after every (re)connection so the caller can catch up on what it
   * missed). Resolves with a function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onConnect?: () => void,
  ): Promise<() => Promise<void>>;
}

interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}
