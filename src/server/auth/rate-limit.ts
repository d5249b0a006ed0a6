import type { Db, Queryable } from '../db';
import { countRecent } from '../http/rate-events';

/** One counter an attempt is reserved under: refused once `limit` events lie within `minutes`. */
export interface AttemptLimit {
  key: string;
  limit: number;
  minutes: number;
}

/** What `reserveAttempt` answers: the reservation, or the first limit that is already reached. */
export type Reservation =
  | {
      ok: true;
      ids: string[] /** events under each key before this one, in the order given */;
      before: number[];
    }
  | { ok: false; refusedBy: number };

/** Any constant: the first key of the advisory locks that serialise reservations of one counter. */
const RESERVE_LOCK_CLASS = 7_260_100;

/**
 * Reserves one attempt under every key at once, before the secret is verified: in one transaction each
 * key's advisory lock is taken (in a fixed order), its recent events counted, and — when no limit is
 * reached — one event inserted per key. A verification that then fails leaves the event as its failure
 * (so a crash in between also counts); one that succeeds gives it back with `releaseAttempt`. N parallel
 * guesses therefore verify at most `limit` secrets, on PostgreSQL as on PGlite (decision 0100).
 */
export async function reserveAttempt(db: Db, limits: AttemptLimit[]): Promise<Reservation> {
  const order = limits.map((_, i) => i).sort((a, b) => (limits[a]!.key < limits[b]!.key ? -1 : 1));
  return db.tx(async (q) => {
    for (const i of order) {
      await q.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [RESERVE_LOCK_CLASS, limits[i]!.key]);
    }
    const before: number[] = [];
    for (const [i, l] of limits.entries()) {
      const n = await countRecent(q, l.key, l.minutes);
      if (n >= l.limit) return { ok: false as const, refusedBy: i };
      before.push(n);
    }
    const ids: string[] = [];
    for (const l of limits) {
      const [row] = await q.query<{ id: string }>(
        'INSERT INTO rate_limit_events (key) VALUES ($1) RETURNING id::text AS id',
        [l.key],
      );
      ids.push(row!.id);
    }
    return { ok: true as const, ids, before };
  });
}

/** Gives back a reserved attempt whose verification succeeded: it is not a failure. */
export async function releaseAttempt(q: Queryable, ids: string[]): Promise<void> {
  if (ids.length) await q.query('DELETE FROM rate_limit_events WHERE id = ANY($1::bigint[])', [ids]);
}
