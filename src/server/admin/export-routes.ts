import { Readable } from 'node:stream';
import { type ExportKind, exportQuerySchema } from '../../shared/schemas/desk-records';
import { writeAudit } from '../audit/write-audit';
import { exportSource } from '../exports/sources';
import { BOM, csvLine } from '../http/csv';
import { actorOf } from './common';
import { adminModule } from './module';

const EXPORTS: { kind: ExportKind; operationId: string; summary: string }[] = [
  { kind: 'audit', operationId: 'adminExportAudit', summary: '감사 로그 CSV (기간, 아이디)' },
  { kind: 'auth-events', operationId: 'adminExportAuthEvents', summary: '로그인 기록 CSV (기간, 아이디)' },
  { kind: 'requests', operationId: 'adminExportRequests', summary: '입출금 요청 CSV (기간, 아이디)' },
  { kind: 'ledger', operationId: 'adminExportLedger', summary: '원장 CSV (기간, 아이디)' },
];

/**
 * The desk's CSV exports for a period of Korean days (at most a year): UTF-8 with a byte-order mark and
 * Korean headers, streamed from the database batch by batch (decision 0380). Each export is itself
 * recorded in the audit log: who took which records, for which period.
 */
export const exportRoutes = adminModule(({ admin, db }) => {
  for (const { kind, operationId, summary } of EXPORTS) {
    admin.download(`/exports/${kind}.csv`, {
      operationId,
      summary,
      querystring: exportQuerySchema,
      contentType: 'text/csv; charset=utf-8',
      filename: (req) => `${kind}_${req.query.from}_${req.query.to}.csv`,
      run: async (req) => {
        const actor = actorOf(req);
        const { from, to, username } = req.query;
        await writeAudit(db, {
          actorId: actor.actorId,
          actorUsername: actor.actorUsername,
          ip: actor.ip,
          action: 'records.export',
          targetType: 'export',
          targetId: kind,
          after: { export: kind, from, to, ...(username ? { username } : {}) },
        });
        const source = await exportSource(db, kind, req.query);
        return Readable.from(csvText(source.headers, source.rows));
      },
    });
  }
});

async function* csvText(headers: string[], rows: AsyncGenerator<string[][]>) {
  yield BOM + csvLine(headers);
  for await (const batch of rows) yield batch.map(csvLine).join('');
}
