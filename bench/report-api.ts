/** The API section of docs/BENCHMARKS.md: each endpoint beside the baseline, and where the CPU went. */
import type { ApiRow } from './api';
import { fmt } from './lib';
import { apiTarget, ms, ok, type Report, ratioText } from './report-targets';

/**
 * Where the machine's CPU went per request, for every party of a run: the server, PostgreSQL (all its
 * processes) and the load client (autocannon in the bench process; pgbench for its transactions). On a
 * machine whose cores are all busy, throughput follows the sum.
 */
function cpuTable(rows: ApiRow[]): string[] {
  if (!rows.some((row) => row.app.pgCpuMsPerReq !== undefined)) return [];
  const sum = (s: ApiRow['app']) =>
    (s.cpuMsPerReq ?? Number.NaN) + (s.pgCpuMsPerReq ?? Number.NaN) + (s.clientCpuMsPerReq ?? Number.NaN);
  const lines = [
    '### Where the CPU goes, per request',
    '',
    'CPU time (user + system, ms, median of the runs) per answered request of the server process, of the PostgreSQL',
    'server (every `postgres` process, ended backends included) and of the load client (autocannon, in the bench',
    "process), each taken over the same timed run. The machine's cores are shared by all three: where they are",
    'all busy, throughput follows the sum. For pgbench, per transaction: PostgreSQL and pgbench itself.',
    '',
    '| endpoint | conn. | wallet: server / PostgreSQL / client | sum | baseline: server / PostgreSQL / client | sum | wallet − baseline |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    const a = row.app;
    const b = row.baseline;
    lines.push(
      `| \`${row.operationId}\` | ${row.connections ?? 64} | ${ms(a.cpuMsPerReq)} / ${ms(a.pgCpuMsPerReq)} / ${ms(a.clientCpuMsPerReq)} | ${ms(sum(a))} | ${ms(b.cpuMsPerReq)} / ${ms(b.pgCpuMsPerReq)} / ${ms(b.clientCpuMsPerReq)} | ${ms(sum(b))} | ${ms(sum(a) - sum(b))} |`,
    );
    if (row.pgbench?.pgCpuMsPerTx !== undefined) {
      const p = row.pgbench;
      lines.push(
        `| pgbench transaction | ${row.connections} | – / ${ms(p.pgCpuMsPerTx)} / ${ms(p.clientCpuMsPerTx)} | ${ms(p.pgCpuMsPerTx + p.clientCpuMsPerTx)} | | | |`,
      );
    }
  }
  lines.push('');
  return lines;
}

/** How many runs of how long each row took: reads and writes may differ. */
function runsText(rows: ApiRow[], r: Report): string {
  const kinds = new Map<string, string>();
  for (const row of rows) {
    const key = `${row.runs ?? r.runs} runs of ${row.duration ?? r.duration} s`;
    const kind = row.kind === 'read' ? 'reads' : 'writes and approvals';
    if (!kinds.has(kind)) kinds.set(kind, key);
  }
  const texts = [...new Set(kinds.values())];
  return texts.length === 1 ? texts[0]! : [...kinds].map(([kind, t]) => `${kind} ${t}`).join(', ');
}

export function apiSection(rows: ApiRow[], r: Report): string[] {
  const lines = [
    '## API throughput and latency',
    '',
    `autocannon, ${runsText(rows, r)} per server, endpoint and connection count, alternating wallet and`,
    'baseline back to back (the order swapped each round); medians of the runs. The ratio is the median of the',
    'per-run ratios wallet ÷ baseline, with its 95 % confidence interval in brackets (distribution-free: order',
    'statistics of the per-run ratios). The baseline (bench/baseline-server.ts) is a bare `node:http` + `pg` server',
    'calling the same domain functions: the same SQL, checked statement by statement before timing.',
    `Data: ${r.apiSeed ?? ''}.`,
    '',
    'CPU ms/req: CPU time (user + system) of each server process per answered request (median of the runs), the',
    'cost the load on the machine affects least; PostgreSQL works the same for both (the same statements).',
    '',
    '| endpoint (operationId) | conn. | SQL / request | wallet req/s | p50 / p99 ms | baseline req/s | p50 / p99 ms | CPU ms/req wallet / baseline | ratio | target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const row of rows) {
    const line = apiTarget(row);
    const target = line === undefined ? '(recorded)' : `≥ ${line}×: ${ok(row.ratio >= line)}`;
    const errors = row.app.errors + row.baseline.errors;
    lines.push(
      `| ${row.request} (\`${row.operationId}\`) | ${row.connections ?? 64} | ${row.statements} | ${fmt(row.app.rps)} | ${row.app.p50} / ${row.app.p99} | ${fmt(row.baseline.rps)} | ${row.baseline.p50} / ${row.baseline.p99} | ${row.app.cpuMsPerReq?.toFixed(2) ?? '–'} / ${row.baseline.cpuMsPerReq?.toFixed(2) ?? '–'} | ${ratioText(row)} | ${target}${errors ? ` (${errors} errors)` : ''} |`,
    );
  }
  lines.push(
    '',
    'Per-run ratios: ' +
      rows
        .map(
          (row) =>
            `${row.operationId} @${row.connections ?? 64} ${row.ratios.map((x) => x.toFixed(2)).join(' ')}`,
        )
        .join('; ') +
      '.',
    '',
  );
  lines.push(...cpuTable(rows));
  const approvals = rows.filter((row) => row.pgbench);
  if (approvals.length > 0) {
    lines.push(
      '### Approvals against what PostgreSQL itself commits',
      '',
      '`pgbench` (TPC-B-like: BEGIN, 3 UPDATEs, a SELECT, an INSERT, COMMIT, synchronous commit) in a database of its',
      'own on the same server, with as many clients as the approval runs have connections, timed in the same rounds',
      '(wallet, baseline and pgbench, the order rotating). Ratio: median of the per-round approvals/s ÷ pgbench TPS.',
      'A figure to understand, not a target: an approval does more work than a pgbench transaction (a session, the',
      "request's checks, its audit entry and live event, the HTTP round trip), so the ratio follows the CPU each",
      'party spends per approval (server, PostgreSQL, load client) against pgbench’s per transaction, shown beside it.',
      '',
      '| clients | approvals/s (wallet) | pgbench TPS | wallet ÷ pgbench | CPU ms per approval: server / PostgreSQL / client | sum | CPU ms per pgbench transaction: PostgreSQL / pgbench | sum |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const row of approvals) {
      const p = row.pgbench!;
      const a = row.app;
      const approvalSum =
        (a.cpuMsPerReq ?? Number.NaN) + (a.pgCpuMsPerReq ?? Number.NaN) + (a.clientCpuMsPerReq ?? Number.NaN);
      lines.push(
        `| ${row.connections} | ${fmt(a.rps)} | ${fmt(p.tps)} | ${p.ratio.toFixed(2)} | ${ms(a.cpuMsPerReq)} / ${ms(a.pgCpuMsPerReq)} / ${ms(a.clientCpuMsPerReq)} | ${ms(approvalSum)} | ${ms(p.pgCpuMsPerTx)} / ${ms(p.clientCpuMsPerTx)} | ${ms(p.pgCpuMsPerTx + p.clientCpuMsPerTx)} |`,
      );
    }
    const p = approvals[0]!.pgbench!;
    lines.push(
      '',
      `${p.version}, scale ${p.scale} (\`pgbench -i -s ${p.scale}\`); per-round TPS ${p.tpsRuns.map((x) => fmt(x)).join(', ')}; per-round wallet ÷ pgbench ${p.ratios.map((x) => x.toFixed(2)).join(' ')}.`,
      '',
    );
  }
  return lines;
}
