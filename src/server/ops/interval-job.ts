import type { App } from '../context';
import type { Queryable } from '../db';

/** A background job's loop (the price refresher, the chain checker). */
export interface IntervalJob<T> {
  /** One round (skipped while the previous one is still running, joining it; nothing after stop). */
  tick(): Promise<T | null>;
  /** No new rounds; waits for the running one. */
  stop(): Promise<void>;
}

/** Runs `round` at most once at a time; `round` handles its own errors (null: it failed). */
export function oneRoundAtATime<T>(round: () => Promise<T | null>): IntervalJob<T> {
  let running: Promise<T | null> | null = null;
  let stopped = false;
  return {
    tick() {
      if (stopped) return Promise.resolve(null);
      if (running) return running;
      running = round().finally(() => {
        running = null;
      });
      return running;
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/** Ticks `job` now and every `intervalMs`; when the app closes, stops it (waiting for a round) before the database closes. */
export function runEvery(app: App, intervalMs: number, job: IntervalJob<unknown>): void {
  void job.tick();
  const timer = setInterval(() => void job.tick(), intervalMs).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await job.stop();
  });
}

/**
 * Takes this round of `job` for `instanceId` unless another instance took one less than `minAgeMs` ago
 *. The claim is one atomic upsert on a row of `price_refresh_claims`, so of several
 * instances ticking at the same moment exactly one wins, on PostgreSQL and PGlite alike.
 */
export async function claimJob(
  q: Queryable,
  job: string,
  instanceId: string,
  minAgeMs: number,
): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO price_refresh_claims (job, claimed_by, claimed_at) VALUES ($1, $2, now())
     ON CONFLICT (job) DO UPDATE SET claimed_by = EXCLUDED.claimed_by, claimed_at = EXCLUDED.claimed_at
      WHERE price_refresh_claims.claimed_at <= now() - make_interval(secs => $3::double precision)
     RETURNING job`,
    [job, instanceId, minAgeMs / 1000],
  );
  return rows.length > 0;
}
