import { requestListQuerySchema } from '../../shared/schemas/admin';
import { depositListView, ledgerReportView, withdrawalListView } from '../../shared/schemas/admin-views';
import type { App, Ctx } from '../context';
import { envelope, ok } from '../http/envelope';
import { verifyLedger } from '../wallet/ledger';
import { adminErrors } from './common';
import { listDeposits, listWithdrawals } from './list-requests';

/** The requests lists (approve/reject are the approval core's routes) and the ledger check. */
export async function requestRoutes(app: App, { db, config }: Ctx) {
  app.get(
    '/deposits',
    {
      schema: {
        operationId: 'adminListDeposits',
        summary: '입금 요청 목록 (최신순, 상태별, 회원 이메일과 아이디 포함)',
        tags: ['admin'],
        querystring: requestListQuerySchema,
        response: { 200: envelope(depositListView), ...adminErrors },
      },
    },
    async (req) => ok(await listDeposits(db, req.query, config.explorerUrls)),
  );

  app.get(
    '/withdrawals',
    {
      schema: {
        operationId: 'adminListWithdrawals',
        summary: '출금 요청 목록 (최신순, 상태별, 회원 이메일과 아이디 포함)',
        tags: ['admin'],
        querystring: requestListQuerySchema,
        response: { 200: envelope(withdrawalListView), ...adminErrors },
      },
    },
    async (req) => ok(await listWithdrawals(db, req.query, config.explorerUrls)),
  );

  app.get(
    '/ledger/verify',
    {
      schema: {
        operationId: 'adminVerifyLedger',
        summary: '원장 점검 (모든 잔액 = 원장 합계, 음수 잔액 없음)',
        tags: ['admin'],
        response: { 200: envelope(ledgerReportView), ...adminErrors },
      },
    },
    async () => ok(await verifyLedger(db)),
  );
}
