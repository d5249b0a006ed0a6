import { pruneSessions } from '../auth/sessions';
import type { Db } from '../db';
import { pruneIdempotencyKeys } from '../http/idempotency';
import { pruneEvents } from '../http/rate-events';

/**
 * The server's periodic upkeep (every 10 minutes, start-server.ts): expired sessions, old rate-limit
 * events and idempotency keys are removed (none of them a money record). On PGlite, then a
 * `VACUUM (ANALYZE)`: PGlite runs PostgreSQL in single-user mode, without autovacuum, so the embedded
 * tables would otherwise never have dead rows reclaimed, statistics refreshed or pages marked all-visible
 * (the index-only scans the member list counts and pages with). Pages already all-visible
 * are skipped, so a run on a quiet database is short.
 */
export async function housekeeping(db: Db): Promise<void> {
  await Promise.all([pruneSessions(db), pruneEvents(db), pruneIdempotencyKeys(db)]);
  if (db.kind === 'pglite') await db.query('VACUUM (ANALYZE)');
}
