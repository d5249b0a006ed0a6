import { requestListQuerySchema } from '../../shared/schemas/admin';
import { depositListView, ledgerReportView, withdrawalListView } from '../../shared/schemas/admin-views';
import { listDeposits, listWithdrawals } from '../desk/list-requests';
import { verifyLedger } from '../wallet/ledger';
import { adminModule } from './module';

/** The requests lists (approve/reject are the approval core's routes) and the ledger check. */
export const requestRoutes = adminModule(({ admin, db, config }) => {
  admin.get('/deposits', {
    operationId: 'adminListDeposits',
    summary: '입금 요청 목록 (최신순, 상태별, 회원 이메일과 아이디 포함)',
    querystring: requestListQuerySchema,
    view: depositListView,
    run: (req) => listDeposits(db, req.query, config.explorerUrls),
  });

  admin.get('/withdrawals', {
    operationId: 'adminListWithdrawals',
    summary: '출금 요청 목록 (최신순, 상태별, 회원 이메일과 아이디 포함)',
    querystring: requestListQuerySchema,
    view: withdrawalListView,
    run: (req) => listWithdrawals(db, req.query, config.explorerUrls),
  });

  admin.get('/ledger/verify', {
    operationId: 'adminVerifyLedger',
    summary: '원장 점검 (모든 잔액 = 원장 합계, 음수 잔액 없음)',
    view: ledgerReportView,
    run: () => verifyLedger(db),
  });
});
