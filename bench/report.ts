/** docs/BENCHMARKS.md from the figures of one `npm run bench`. */
import type { ApiRow } from './api';
import { fmt } from './lib';

export interface Report {
  startedAt: string;
  finishedAt?: string;
  machineBefore: string;
  machineAfter?: string;
  runs: number;
  duration: number;
  api?: ApiRow[];
  apiSeed?: string;
}

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

export function renderReport(r: Report): string {
  const lines = [
    '# Benchmarks',
    '',
    'Produced by `npm run bench` (bench/run.ts; how each figure is taken: bench/README.md). Never edit by hand.',
    '',
    `- Run: ${r.startedAt} → ${r.finishedAt ?? ''}`,
    `- Machine at the start: ${r.machineBefore}`,
    `- Machine at the end: ${r.machineAfter ?? ''}`,
    '',
  ];
  if (r.api) lines.push(...apiSection(r.api, r));
  return `${lines.join('\n')}\n`;
}
