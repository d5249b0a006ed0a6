import { reserveSnapshotView, storedReservesView } from '../../shared/schemas/reserves';
import { z } from '../http/zod';
import { listSnapshots, snapshotsCsv, takeSnapshot } from '../reserves/reserves';
import { actorOf } from './common';
import { adminModule } from './module';

/** The reserves (decision 0353): take a snapshot now, read the stored ones, export them (CSV). */
export const reserveRoutes = adminModule(({ admin, db, config }) => {
  admin.post('/reserves', {
    operationId: 'adminTakeReserves',
    summary:
      '준비금 확인: 통화별 회원 잔액(liabilities), 원장, 체인 보유량, 콜드 비율과 경고 (기록으로 남음)',
    view: reserveSnapshotView,
    run: (req) => takeSnapshot(db, config.chain, 'manual', actorOf(req).actorUsername),
  });

  admin.get('/reserves', {
    operationId: 'adminListReserves',
    summary: '저장된 준비금 기록 (최신순)',
    querystring: z.strictObject({ limit: z.optional(z.coerce.number().int().min(1).max(1000)) }),
    view: storedReservesView,
    run: async (req) => ({ items: await listSnapshots(db, req.query.limit ?? 100) }),
  });

  admin.download('/reserves.csv', {
    operationId: 'adminReservesCsv',
    summary: '저장된 준비금 기록 내보내기 (CSV)',
    contentType: 'text/csv; charset=utf-8',
    filename: 'reserves.csv',
    run: async () => snapshotsCsv(await listSnapshots(db, 10_000)),
  });
});
