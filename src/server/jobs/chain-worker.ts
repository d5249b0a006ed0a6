import { randomUUID } from 'node:crypto';
import type { ChainConfig } from '../chain/chain-config';
import type { App } from '../context';
import type { Db } from '../db';
import { claimJob, type IntervalJob, oneRoundAtATime, runEvery } from '../ops/interval-job';
import type { KindConfig } from '../proposals/registry';
import { takeSnapshot } from '../reserves/reserves';
import { chainProviders, type RoundOutcome, runChainRound } from './checker';

type ChainWorker = IntervalJob<RoundOutcome>;

/**
 * The chain checker's loop: one round per interval, skipped while the previous one runs, one
 * instance at a time across servers (claim row). It runs beside the request path: a provider that is down
 * or slow delays verdicts, never a member's request or the admin page. Problems are logged when they
 * start or change, not on every round.
 */
function createChainWorker(db: Db, c: ChainConfig, log: App['log'], approval: KindConfig): ChainWorker {
  const instanceId = randomUUID();
  const providers = chainProviders(c);
  let lastProblem = '';
  const round = async () => {
    try {
      const out = await runChainRound(db, c, providers, instanceId, { approval });
      const problem = out.errors[0] ?? '';
      if (problem !== lastProblem) {
        if (problem) log.warn({ reason: problem }, 'chain check provider failed: retried with back-off');
        else log.info({}, 'chain check provider answers again');
        lastProblem = problem;
      }
      return out;
    } catch (err) {
      log.warn({ err }, 'chain check round failed');
      return null;
    }
  };
  return oneRoundAtATime(round);
}

const HOUR_MS = 3_600_000;

/** The daily reserves snapshot (decision 0353): looked at hourly, taken by one instance once a day. */
function dailyReserves(db: Db, c: ChainConfig, log: App['log']) {
  const instanceId = randomUUID();
  return oneRoundAtATime(async () => {
    try {
      if (!(await claimJob(db, 'reserves-daily', instanceId, 23.5 * HOUR_MS))) return null;
      const snap = await takeSnapshot(db, c, 'daily', 'system:reserves');
      const warned = snap.items.filter((i) => i.warnings.length > 0);
      if (warned.length) log.warn({ reserves: warned }, 'reserves snapshot raised warnings');
      return snap;
    } catch (err) {
      log.warn({ err }, 'reserves snapshot failed');
      return null;
    }
  });
}

/** Starts the checker when a network is configured; stops it (waiting for a round) before the database closes. */
export function startChainWorker(app: App, db: Db, c: ChainConfig, approval: KindConfig): void {
  if (!c.ethRpcUrl && !c.tronApiUrl && !c.xrplRpcUrl) return;
  runEvery(app, c.intervalMs, createChainWorker(db, c, app.log, approval));
  runEvery(app, HOUR_MS, dailyReserves(db, c, app.log));
}
