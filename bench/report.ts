/** docs/BENCHMARKS.md from the figures of one `npm run bench`. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Budget, ScreenSize } from '../scripts/bundle-size.mjs';
import type { ApiRow } from './api';
import { fmt } from './lib';
import type { LighthouseRow } from './lighthouse';
import type { LiveResult } from './live-events';
import type { SearchResult } from './member-search';
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
  /** The same search on an in-memory PGlite with its pg_trgm extension (issue 18). */
  searchPglite?: SearchResult;
  startup?: StartupResult;
  size?: (ScreenSize & { budget?: Budget })[];
  lighthouse?: LighthouseRow[];
  live?: LiveResult;
  /** The sections this run measured; the others' figures come from an earlier run. */
  sectionsRun?: string[];
}

/** The last figures under Preact (docs/BENCHMARKS.md before issue 18), kept beside React's. */
const UNDER_PREACT: Record<string, string> = {
  'src/client/features/auth/login-page.tsx': '102.6',
  'src/client/features/home/home-page.tsx': '91.6',
};

const ok = (met: boolean) => (met ? 'met' : '**missed**');

function apiSection(rows: ApiRow[], r: Report): string[] {
  const lines = [
    '## API throughput and latency',
    '',
    `autocannon, 64 connections, ${r.runs} runs of ${r.duration} s per server and endpoint, alternating wallet and`,
    'baseline back to back; medians of the runs. The ratio is the median of the per-run ratios wallet ÷ baseline.',
    `Data: ${r.apiSeed ?? ''}.`,
    '',
    '| endpoint (operationId) | SQL / request | wallet req/s | p50 / p99 ms | baseline req/s | p50 / p99 ms | ratio | target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const row of rows) {
    const target =
      row.kind === 'read'
        ? `≥ 0.85× and p99 < 25 ms: ${ok(row.ratio >= 0.85 && row.app.p99 < 25)}`
        : row.kind === 'approval'
          ? `≥ 1,000/s: ${ok(row.app.rps >= 1000)}`
          : '(recorded)';
    const errors = row.app.errors + row.baseline.errors;
    lines.push(
      `| ${row.request} (\`${row.operationId}\`) | ${row.statements} | ${fmt(row.app.rps)} | ${row.app.p50} / ${row.app.p99} | ${fmt(row.baseline.rps)} | ${row.baseline.p50} / ${row.baseline.p99} | ${row.ratio.toFixed(2)} | ${target}${errors ? ` (${errors} errors)` : ''} |`,
    );
  }
  lines.push(
    '',
    'Per-run ratios: ' +
      rows.map((row) => `${row.operationId} ${row.ratios.map((x) => x.toFixed(2)).join(' ')}`).join('; ') +
      '.',
    '',
  );
  return lines;
}

function searchSection(r: SearchResult): string[] {
  const lines = [
    `## Administrator member search (${r.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
    '',
    `${fmt(r.members)} generated members on ${r.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} (seeded in ${fmt(r.seedMs / 1000, 1)} s), the query`,
    'behind `adminListMembers` (src/server/admin/list-members.ts), page size 50. Target: p95 < 30 ms.',
    '',
    '| search | hits | p50 ms | p95 ms | target |',
    '| --- | ---: | ---: | ---: | --- |',
  ];
  for (const row of r.rows) {
    lines.push(
      `| ${row.label} | ${fmt(row.total)} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${ok(row.p95 < 30)} |`,
    );
  }
  lines.push(
    '',
    'The scan of each search as `EXPLAIN (ANALYZE)` shows it (the first-hits statement of list-members.ts):',
    '',
  );
  for (const row of r.rows) {
    if (!row.plan) continue;
    lines.push(`- ${row.label}`, '', '```text', row.plan, '```', '');
  }
  return lines;
}

function startupSection(r: StartupResult): string[] {
  const first = summarize(r.first);
  const again = summarize(r.restart);
  const row = (label: string, s: ReturnType<typeof summarize>) =>
    `| ${label} | ${fmt(s.ms)} (max ${fmt(s.maxMs)}) | ${ok(s.ms < 3000)} | ${fmt(s.serverMb)} (max ${fmt(s.maxServerMb)}) | ${ok(s.serverMb < 250)} | ${fmt(s.treeMb)} |`;
  return [
    '## Embedded default (PGlite)',
    '',
    `\`${r.command}\` with the client already built, ${r.first.length} runs; time to the first 200 of /login, then resident`,
    'memory after the first API answers. Targets: < 3 s and < 250 MB (the server process; the last column adds',
    'npm, its shell and the start script around it).',
    '',
    '| start | ms to first 200 (median) | < 3 s | server RSS MB | < 250 MB | whole tree RSS MB |',
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
    'React 19 itself renders the screens (decision 0140); the last column is the same screen under Preact',
    '(decision 0083, superseded), the budget then 110 kB.',
    '',
    '| screen | raw kB | gzip kB | budget | gzip kB under Preact |',
    '| --- | ---: | ---: | --- | ---: |',
  ];
  for (const s of rows) {
    const budget = s.budget
      ? `≤ ${s.budget.maxGzipKb} (${s.budget.route}): ${ok(s.gzip <= s.budget.maxGzipKb * 1000)}`
      : '';
    lines.push(
      `| ${s.screen.replace('src/client/features/', '')} | ${fmt(s.bytes / 1000, 1)} | ${fmt(s.gzip / 1000, 1)} | ${budget} | ${UNDER_PREACT[s.screen] ?? ''} |`,
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
    'headless; /main and /assets with a member session. Medians. Target: ≥ 95.',
    '',
    '| route | score | runs | LCP ms | TBT ms | CLS | FCP ms | target |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.route} | ${r.score} | ${r.scores.join(' ')} | ${fmt(r.lcpMs)} | ${fmt(r.tbtMs)} | ${r.cls.toFixed(3)} | ${fmt(r.fcpMs)} | ${ok(r.score >= 95)} |`,
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
    `- Sections measured in this run: ${(r.sectionsRun ?? []).join(', ')}; any other section below is from an earlier run (docs/benchmarks.json).`,
    '',
  ];
  if (r.api) lines.push(...apiSection(r.api, r));
  if (r.search) lines.push(...searchSection(r.search));
  if (r.searchPglite) lines.push(...searchSection(r.searchPglite));
  if (r.startup) lines.push(...startupSection(r.startup));
  if (r.size) lines.push(...sizeSection(r.size));
  if (r.lighthouse) lines.push(...lighthouseSection(r.lighthouse));
  if (r.live) lines.push(...liveSection(r.live));
  // What misses a target, and why: written by hand in bench/NOTES.md, kept with the figures.
  const notes = path.join(import.meta.dirname, 'NOTES.md');
  if (existsSync(notes)) lines.push(readFileSync(notes, 'utf8').trim(), '');
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
