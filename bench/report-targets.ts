/** What one `npm run bench` measured (docs/benchmarks.json), the targets it is held to, and the targets table. */
import type { Budget, ScreenSize } from '../scripts/bundle-size.mjs';
import type { ApiRow } from './api';
import type { ApprovalsResult } from './approvals';
import type { DeskResult } from './desk-operator';
import type { HistoryDepthResult } from './history-depth';
import { fmt } from './lib';
import type { LighthouseRow } from './lighthouse';
import type { LiveResult } from './live-events';
import type { SearchResult } from './member-search';
import type { ProofResult } from './reserve-proof';
import { type StartupResult, summarize } from './startup';

export interface Report {
  startedAt: string;
  finishedAt?: string;
  machineBefore: string;
  machineAfter?: string;
  runs: number;
  duration: number;
  api?: ApiRow[];
  apiSeed?: string;
  search?: SearchResult;
  /** The same search on an in-memory PGlite with its pg_trgm extension. */
  searchPglite?: SearchResult;
  startup?: StartupResult;
  size?: (ScreenSize & { budget?: Budget })[];
  lighthouse?: LighthouseRow[];
  live?: LiveResult;
  historyDepth?: HistoryDepthResult;
  historyDepthPglite?: HistoryDepthResult;
  /** The operator at the desk: 100 mixed requests by keyboard and by one bulk approval. */
  desk?: DeskResult;
  /** One administrator's approvals, fresh and after a busy day, and the chain's, beside pgbench. */
  approvals?: ApprovalsResult;
  /** Proof of liabilities at 100,000 members: the snapshot and the proofs. */
  proof?: ProofResult;
  /** `--quick`: fewer and shorter runs, for iterating (not for the committed page). */
  quick?: boolean;
  /** The sections this run measured; the others' figures come from an earlier run. */
  sectionsRun?: string[];
}

/**
 * Every target of the page, in one place. The API's are ratios to a bare `node:http` + `pg` server measured
 * in the same run, so that the host's speed cancels out; approvals ÷ pgbench is reported, not held to a line:
 * it follows how the host splits its cores between the server, PostgreSQL and the load client.
 */
export const TARGETS = {
  /** reads (wallet ÷ baseline, median of the per-run ratios) */
  read: 0.85,
  /** deposit approvals (wallet ÷ baseline) */
  approval: 0.9,
  /** member search p95, ms */
  searchP95Ms: 30,
  /** history: p95 at depth ÷ p95 at 100 entries */
  historyDepthRatio: 1.2,
  /** embedded start: ms to the first 200, server RSS MB */
  startMs: 2000,
  startRssMb: 250,
  /** Lighthouse performance score */
  lighthouse: 95,
  /**
   * The desk by keyboard: ms per request from one `a` to the row gone and the next focused. Under a second,
   * the desk keeps up with an operator who reads each row before pressing (a 100-request queue in under two
   * minutes); one bulk approval of 100 within 15 s.
   */
  deskKeyboardMs: 1000,
  deskBulkMs: 15_000,
  /**
   * One administrator's approvals (and the chain's automatic ones) ÷ pgbench TPS in the same rounds, and
   * that ratio after a busy day's 20,000 approvals ÷ the fresh one: two-person control may cost a fifth of what
   * PostgreSQL commits, and the day's volume nothing.
   */
  approvalsPgbench: 0.2,
  approvalsBusyOverFresh: 0.9,
} as const;

export const ok = (met: boolean) => (met ? 'met' : '**missed**');

export const ms = (x: number | undefined) => (x !== undefined && Number.isFinite(x) ? x.toFixed(2) : '–');

/** The API row's target ratio; writes are recorded without one. */
export function apiTarget(row: ApiRow): number | undefined {
  return row.kind === 'read' ? TARGETS.read : row.kind === 'approval' ? TARGETS.approval : undefined;
}

/**
 * The ratio, two decimals, and its interval: three decimals where two would round across the target's line
 * (0.8497 is a miss, and must not read 0.85).
 */
export function ratioText(row: ApiRow): string {
  const two = row.ratio.toFixed(2);
  const line = apiTarget(row);
  const r = line !== undefined && Number(two) >= line !== row.ratio >= line ? row.ratio.toFixed(3) : two;
  const ci = row.ratioCi?.every(Number.isFinite)
    ? ` [${row.ratioCi.map((x) => x.toFixed(2)).join('–')}]`
    : '';
  return `${r}${ci}`;
}

/** One line per target: what it is, this run's figure, met or missed. */
export function targetsSection(r: Report): string[] {
  const rows: string[] = [];
  const add = (target: string, figure: string, met: boolean) =>
    rows.push(`| ${target} | ${figure} | ${ok(met)} |`);
  for (const kind of ['read', 'approval'] as const) {
    const api = (r.api ?? []).filter((row) => row.kind === kind);
    if (api.length === 0) continue;
    const line = TARGETS[kind];
    add(
      `${kind === 'read' ? 'reads' : 'approvals'} ≥ ${line} × the baseline`,
      api.map((row) => `\`${row.operationId}\` @${row.connections} ${ratioText(row)}`).join(', '),
      api.every((row) => row.ratio >= line),
    );
  }
  if (r.approvals) {
    const { fresh, busy, chain } = r.approvals;
    const line = TARGETS.approvalsPgbench;
    add(`one administrator's approvals ≥ ${line} × pgbench`, fresh.ratio.toFixed(3), fresh.ratio >= line);
    // Each figure against pgbench in its own rounds, so a host that slows between the two runs (pgbench's
    // TPS moved by a fifth between them on a shared host) does not read as a cost of the day's volume.
    const busyOverFresh = busy.ratio / fresh.ratio;
    add(
      `after 20,000 in the window ≥ ${TARGETS.approvalsBusyOverFresh} × fresh (ratios to pgbench)`,
      `${busyOverFresh.toFixed(2)} (approvals/s ${(busy.approvalsPerSecond / fresh.approvalsPerSecond).toFixed(2)})`,
      busyOverFresh >= TARGETS.approvalsBusyOverFresh,
    );
    add(`chain auto-approval ≥ ${line} × pgbench`, chain.ratio.toFixed(3), chain.ratio >= line);
  }
  for (const search of [r.search, r.searchPglite]) {
    if (!search) continue;
    const worst = Math.max(...search.rows.map((row) => row.p95));
    add(
      `member search p95 < ${TARGETS.searchP95Ms} ms (${search.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
      `largest ${worst.toFixed(1)} ms`,
      worst < TARGETS.searchP95Ms,
    );
  }
  for (const h of [r.historyDepth, r.historyDepthPglite]) {
    if (!h) continue;
    add(
      `history p95 at depth ≤ ${TARGETS.historyDepthRatio} × at 100 (${h.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
      h.ratio.toFixed(2),
      h.ratio <= TARGETS.historyDepthRatio,
    );
  }
  if (r.startup) {
    for (const [label, runs] of [
      ['first start', r.startup.first],
      ['restart', r.startup.restart],
    ] as const) {
      const s = summarize(runs);
      add(
        `${label} < ${TARGETS.startMs / 1000} s and < ${TARGETS.startRssMb} MB`,
        `${fmt(s.ms)} ms, ${fmt(s.serverMb)} MB`,
        s.ms < TARGETS.startMs && s.serverMb < TARGETS.startRssMb,
      );
    }
  }
  for (const s of r.size ?? []) {
    if (!s.budget) continue;
    add(
      `${s.budget.route} JavaScript ≤ ${s.budget.maxGzipKb} kB gzip`,
      `${fmt(s.gzip / 1000, 1)} kB`,
      s.gzip <= s.budget.maxGzipKb * 1000,
    );
  }
  if (r.desk) {
    const perRequest = r.desk.keyboardMs / r.desk.requests;
    add(
      `desk by keyboard ≤ ${fmt(TARGETS.deskKeyboardMs)} ms per request`,
      `${fmt(perRequest)} ms (${r.desk.requests} in ${fmt(r.desk.keyboardMs / 1000, 1)} s)`,
      perRequest <= TARGETS.deskKeyboardMs,
    );
    add(
      `desk, ${r.desk.requests} approved in one bulk call ≤ ${TARGETS.deskBulkMs / 1000} s`,
      `${fmt(r.desk.bulkMs / 1000, 1)} s`,
      r.desk.bulkMs <= TARGETS.deskBulkMs,
    );
  }
  if (r.lighthouse?.length) {
    add(
      `Lighthouse ≥ ${TARGETS.lighthouse}`,
      r.lighthouse.map((l) => `${l.route} ${l.score}`).join(', '),
      r.lighthouse.every((l) => l.score >= TARGETS.lighthouse),
    );
  }
  if (rows.length === 0) return [];
  return ['## Targets', '', '| target | this run | |', '| --- | --- | --- |', ...rows, ''];
}
