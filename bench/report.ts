/** docs/BENCHMARKS.md from the figures of one `npm run bench`: the latest run and its targets, nothing else. */
import type { ApprovalsResult, ApprovalsRun } from './approvals';
import type { DeskResult } from './desk-operator';
import type { HistoryDepthResult } from './history-depth';
import { fmt } from './lib';
import type { LighthouseRow } from './lighthouse';
import type { LiveResult } from './live-events';
import type { SearchResult } from './member-search';
import { apiSection } from './report-api';
import { ms, ok, type Report, TARGETS, targetsSection } from './report-targets';
import type { ProofResult } from './reserve-proof';
import { type StartupResult, summarize } from './startup';

export type { Report };

/**
 * The scans of an `EXPLAIN (ANALYZE)` plan, each once, in order: what shows that an index is used. The whole
 * plan stays in docs/benchmarks.json; the page keeps one line per search so it stays short to read.
 */
export function scansOf(plan: string | undefined): string {
  if (!plan) return '';
  const scans = plan
    .split('\n')
    .map(
      (l) =>
        l.match(
          /(?:->\s+)?((?:Parallel )?(?:Bitmap Index|Bitmap Heap|Index Only|Index|Seq) Scan(?: using \S+)? on \S+)/,
        )?.[1],
    )
    .filter((x): x is string => Boolean(x));
  return [...new Set(scans)].map((x) => `\`${x}\``).join(', ');
}

function historyDepthSection(h: HistoryDepthResult): string[] {
  const db = h.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  return [
    `## History at depth (${db})`,
    '',
    `\`listHistory\` (the function behind \`GET /api/history?type=all\`, 100 rows) for a member with ${fmt(h.deepEntries)} ledger`,
    `entries (40 % approved deposits, 40 % approved withdrawals with their requests, 20 % administrator corrections) and`,
    `for one with ${fmt(h.shallowEntries)} in the same proportions, on ${db} (seeded in ${fmt(h.seedMs / 1000, 1)} s); ${fmt(h.samples)} calls each,`,
    `alternating. Target: p95 at depth ≤ ${TARGETS.historyDepthRatio} × p95 at 100.`,
    '',
    '| member | p50 ms | p95 ms |',
    '| --- | ---: | ---: |',
    `| ${fmt(h.deepEntries)} entries | ${h.deep.p50.toFixed(2)} | ${h.deep.p95.toFixed(2)} |`,
    `| ${fmt(h.shallowEntries)} entries | ${h.shallow.p50.toFixed(2)} | ${h.shallow.p95.toFixed(2)} |`,
    `| ratio of p95 | ${h.ratio.toFixed(2)} | ≤ ${TARGETS.historyDepthRatio}: ${ok(h.ratio <= TARGETS.historyDepthRatio)} |`,
    '',
    `Scans of the deep member's plan (\`EXPLAIN (ANALYZE)\`, whole in docs/benchmarks.json): ${scansOf(h.plan)}.`,
    '',
  ];
}

function searchSection(r: SearchResult): string[] {
  const lines = [
    `## Administrator member search (${r.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
    '',
    `${fmt(r.members)} generated members on ${r.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} (seeded in ${fmt(r.seedMs / 1000, 1)} s), the query`,
    `behind \`adminListMembers\` (src/server/members/list-members.ts), page size 50. Target: p95 < ${TARGETS.searchP95Ms} ms.`,
    '',
    'Scans: those of the first-hits statement as `EXPLAIN (ANALYZE)` shows them (whole plans in docs/benchmarks.json).',
    '',
    '| search | hits | p50 ms | p95 ms | target | scans |',
    '| --- | ---: | ---: | ---: | --- | --- |',
  ];
  for (const row of r.rows) {
    lines.push(
      `| ${row.label} | ${fmt(row.total)}${row.capped ? '+ (capped)' : ''} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${ok(row.p95 < TARGETS.searchP95Ms)} | ${scansOf(row.plan)} |`,
    );
  }
  lines.push('');
  return lines;
}

function startupSection(r: StartupResult): string[] {
  const first = summarize(r.first);
  const again = summarize(r.restart);
  const row = (label: string, s: ReturnType<typeof summarize>) =>
    `| ${label} | ${fmt(s.ms)} (max ${fmt(s.maxMs)}) | ${ok(s.ms < TARGETS.startMs)} | ${fmt(s.serverMb)} (max ${fmt(s.maxServerMb)}) | ${ok(s.serverMb < TARGETS.startRssMb)} | ${fmt(s.treeMb)} |`;
  return [
    '## Embedded default (PGlite)',
    '',
    `\`${r.command}\` (the built server, NODE_ENV=production, as \`npm start\` runs it) with the client built, PGlite,`,
    `${r.first.length} runs; time from the process start to the first 200 of /login, then resident memory one second`,
    `after the first API answers. Targets: < ${TARGETS.startMs / 1000} s and < ${TARGETS.startRssMb} MB.`,
    '',
    '| start | ms to first 200 (median) | < 2 s | server RSS MB | < 250 MB | whole tree RSS MB |',
    '| --- | ---: | --- | ---: | --- | ---: |',
    row('first start (empty data folder: migrations, administrator)', first),
    row('restart on that data folder', again),
    '',
  ];
}

function sizeSection(rows: NonNullable<Report['size']>): string[] {
  const lines = [
    '## Front-end JavaScript per screen',
    '',
    'Entry chunk + the lazy screen + their static imports (scripts/bundle-size.mjs, the same figures CI checks with',
    '`npm run check:size`), gzip at the level the server sends. kB = 1000 bytes.',
    '',
    '| screen | raw kB | gzip kB | budget |',
    '| --- | ---: | ---: | --- |',
  ];
  for (const s of rows) {
    const budget = s.budget
      ? `≤ ${s.budget.maxGzipKb} (${s.budget.route}): ${ok(s.gzip <= s.budget.maxGzipKb * 1000)}`
      : '';
    lines.push(
      `| ${s.screen.replace('src/client/features/', '')} | ${fmt(s.bytes / 1000, 1)} | ${fmt(s.gzip / 1000, 1)} | ${budget} |`,
    );
  }
  lines.push('');
  return lines;
}

function lighthouseSection(rows: LighthouseRow[]): string[] {
  const lines = [
    '## Lighthouse (mobile)',
    '',
    'Lighthouse 12, performance category, its default mobile emulation with simulated throttling, Debian Chromium',
    'headless; /main and /assets with a member session. Each audit in a new Chromium, before the load sections',
    `of the run; medians of the runs. Target: ≥ ${TARGETS.lighthouse}.`,
    '',
    "Host CPU: Lighthouse's `benchmarkIndex`, its own measure of the machine it runs on (median of the runs), so that",
    'runs on different hosts can be compared. Lighthouse warns below 1,000 that the host is slower than its 4× CPU',
    'slowdown expects (docs/throttling.md); the slowdown is left at 4×.',
    '',
    '| route | score | runs | LCP ms | TBT ms | CLS | FCP ms | host benchmarkIndex | target |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.route} | ${r.score} | ${r.scores.join(' ')} | ${fmt(r.lcpMs)} | ${fmt(r.tbtMs)} | ${r.cls.toFixed(3)} | ${fmt(r.fcpMs)} | ${r.benchmarkIndex === undefined ? 'not recorded' : fmt(r.benchmarkIndex)} | ${ok(r.score >= TARGETS.lighthouse)} |`,
    );
  }
  lines.push('');
  return lines;
}

export function renderReport(r: Report): string {
  const lines = [
    '# Benchmarks',
    '',
    'Produced by `npm run bench` (bench/run.ts; how each figure is taken: bench/README.md). Never edit by hand.',
    '',
    `- Run: ${r.startedAt} → ${r.finishedAt ?? ''}`,
    `- Machine at the start: ${r.machineBefore}`,
    `- Machine at the end: ${r.machineAfter ?? ''}`,
    ...(r.quick
      ? ['- **A `--quick` run** (fewer and shorter runs): for iterating, not for the record.']
      : []),
    `- Sections measured in this run: ${(r.sectionsRun ?? []).join(', ')}; any other section's figures are kept from the last run that measured it (docs/benchmarks.json).`,
    '',
    ...targetsSection(r),
  ];
  if (r.api) lines.push(...apiSection(r.api, r));
  if (r.approvals) lines.push(...approvalsSection(r.approvals));
  if (r.search) lines.push(...searchSection(r.search));
  if (r.searchPglite) lines.push(...searchSection(r.searchPglite));
  if (r.historyDepth) lines.push(...historyDepthSection(r.historyDepth));
  if (r.historyDepthPglite) lines.push(...historyDepthSection(r.historyDepthPglite));
  if (r.startup) lines.push(...startupSection(r.startup));
  if (r.size) lines.push(...sizeSection(r.size));
  if (r.lighthouse) lines.push(...lighthouseSection(r.lighthouse));
  if (r.live) lines.push(...liveSection(r.live));
  if (r.proof) lines.push(...proofSection(r.proof));
  if (r.desk) lines.push(...deskSection(r.desk));
  return `${lines.join('\n')}\n`;
}

function liveSection(l: LiveResult): string[] {
  return [
    '## Live events (1,000 open streams)',
    '',
    `One server process on PostgreSQL with ${fmt(l.streams)} open \`GET /api/events\` streams (one member each), then`,
    `${fmt(l.approvals)} deposit approvals on ${l.lanes} parallel lanes, each deposit of one of the listening members`,
    '(bench/live-events.ts). Latency is the time until the event reaches its member: from the approval’s',
    'response (after its commit: a lower bound of commit → client) and from its request start (an upper bound).',
    '',
    '| measure | value |',
    '| --- | ---: |',
    `| RSS before any stream | ${fmt(l.rssIdleBeforeMb)} MB |`,
    `| RSS with ${fmt(l.streams)} streams, idle | ${fmt(l.rssStreamsMb)} MB |`,
    `| RSS peak under approvals | ${fmt(l.rssLoadMb)} MB |`,
    `| CPU with ${fmt(l.streams)} idle streams (heartbeats and their session checks), over ${l.idleSeconds} s | ${l.cpuIdlePct} % of one core |`,
    `| CPU under approvals | ${l.cpuLoadPct} % of one core |`,
    `| approvals per second | ${fmt(l.approvalsPerSecond)} |`,
    `| event latency from the approval's response, p50 / p99 | ${l.fromResponse.p50} / ${l.fromResponse.p99} ms |`,
    `| event latency from the approval's request start, p50 / p99 | ${l.fromRequest.p50} / ${l.fromRequest.p99} ms |`,
    `| events delivered / sent to another member | ${fmt(l.delivered)} of ${fmt(l.approvals)} / ${l.misdelivered} |`,
    '',
  ];
}

function approvalsSection(a: ApprovalsResult): string[] {
  const line = TARGETS.approvalsPgbench;
  const row = (label: string, x: ApprovalsRun, target: string) =>
    `| ${label} | ${fmt(x.approvalsPerSecond)} | ${fmt(x.tps)} | ${x.ratio.toFixed(3)} (${x.ratios.map((q) => q.toFixed(3)).join(' ')}) | ${x.lastOverFirst.toFixed(2)} | ${ms(x.cpu.server)} / ${ms(x.cpu.pg)} / ${ms(x.cpu.client)} | ${target} |`;
  // Each run's ratio to pgbench in its own rounds (see report-targets.ts).
  const busyOverFresh = a.busy.ratio / a.fresh.ratio;
  return [
    '## Approvals against what PostgreSQL itself commits',
    '',
    'bench/approvals.ts: one administrator approving pending KRW deposits through the built server (PostgreSQL) at 64',
    `connections, and \`pgbench\` (TPC-B-like, synchronous commit, scale ${a.scale}, 64 clients, its own database on the same`,
    'server) in the same rounds, the order alternating; ratio: median of the per-round approvals/s ÷ TPS. Then the same',
    "after 20,000 approvals of that administrator spread over the last 24 hours, then the chain checker's automatic",
    'approval (`approveDeposit`, `system:chain`) of 2,000 found deposits of 2,000 members, 64 at a time in the bench',
    `process. ${a.rounds} rounds of ${a.seconds} s each; PostgreSQL's CPU counts every \`postgres\` process of the machine.`,
    '',
    '| run | approvals/s | pgbench TPS | ÷ pgbench (per round) | last ÷ first round | CPU ms per approval: server / PostgreSQL / client | target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    row('fresh', a.fresh, `≥ ${line}: ${ok(a.fresh.ratio >= line)}`),
    row(
      'after 20,000 in the window',
      a.busy,
      `≥ ${TARGETS.approvalsBusyOverFresh} × fresh's ratio: ${ok(busyOverFresh >= TARGETS.approvalsBusyOverFresh)} (${busyOverFresh.toFixed(2)}; approvals/s ${(a.busy.approvalsPerSecond / a.fresh.approvalsPerSecond).toFixed(2)})`,
    ),
    row('chain, 2,000 members', a.chain, `≥ ${line}: ${ok(a.chain.ratio >= line)}`),
    `| pgbench transaction | | ${fmt(a.fresh.tps)} | | | – / ${ms(a.fresh.pgbenchCpu.pg)} / ${ms(a.fresh.pgbenchCpu.client)} | |`,
    '',
    'The chain runs in the bench process: its server CPU is that process, and it has no load client.',
    '',
  ];
}

function proofSection(p: ProofResult): string[] {
  return [
    `## Proof of liabilities (${fmt(p.members)} members)`,
    '',
    `bench/reserve-proof.ts: ${fmt(p.members)} members with two balances each on ${p.database === 'pg' ? 'PostgreSQL' : 'PGlite'}, seeded in a transaction`,
    'rolled back at the end; the Merkle sum tree is SHA-256 of @noble/hashes. On a shared machine the wall time moves',
    'with the load: CPU time is the figure to compare.',
    '',
    '| step | wall | CPU | heap added |',
    '| --- | ---: | ---: | ---: |',
    ...p.steps.map(
      (s) =>
        `| ${s.step} | ${fmt(s.wallMs / 1000, 1)} s | ${s.cpuMs >= 1000 ? `${fmt(s.cpuMs / 1000, 1)} s` : `${fmt(s.cpuMs)} ms`} | ${fmt(Math.max(0, s.heapAddedMb))} MB |`,
    ),
    '',
    `A later proof is ${p.pathSteps} steps, ${fmt(p.proofBytes / 1000, 1)} kB of JSON.`,
    '',
  ];
}

function deskSection(d: DeskResult): string[] {
  const row = (way: string, ms: number, target: string) =>
    `| ${way} | ${d.requests} | ${fmt(ms / 1000, 1)} s | ${fmt(ms / d.requests)} ms | ${target} |`;
  return [
    '## Operator at the desk (1280 px, Chromium)',
    '',
    'bench/desk-operator.ts: the built client and the server on PGlite, one administrator signed in at 1280 px in',
    `Chromium, ${d.requests} pending requests: ${d.mix}; thresholds no run reaches.`,
    'By keyboard: Tab into the queue, then `a` on each row, the next press once the decided row has left the queue',
    `(the focus moves to the row in its place). Then ${d.requests} more: select all, one bulk approval, until the`,
    'queue is empty. One run of each in the same process; the machine is shared, so the figures move from run to',
    `run. Targets: ≤ ${fmt(TARGETS.deskKeyboardMs)} ms per request by keyboard, ≤ ${TARGETS.deskBulkMs / 1000} s for the bulk approval.`,
    '',
    '| way | requests | time | per request | target |',
    '| --- | ---: | ---: | ---: | --- |',
    row('keyboard only (`a` per row)', d.keyboardMs, ok(d.keyboardMs / d.requests <= TARGETS.deskKeyboardMs)),
    row('select all, one bulk call', d.bulkMs, ok(d.bulkMs <= TARGETS.deskBulkMs)),
    '',
  ];
}
