import { assetKrwValue, type PriceTable } from '../../shared/assets';
import type { PriceCurrency, ViewCurrency } from '../../shared/constants';
import { toWire } from '../../shared/decimal';
import { type PendingQueue, pendingQueueView, QUEUE_LIMIT } from '../../shared/schemas/admin-views';
import type { Queryable } from '../db';
import { readPrices } from '../prices/read-prices';
import { iso, num } from '../sql';
import { adminModule } from './module';

/** Every pending deposit and withdrawal across members, oldest first, with age and KRW value. */
async function readPendingQueue(q: Queryable, staleSeconds: number): Promise<PendingQueue> {
  const [rows, count, prices] = await Promise.all([
    q.query<Omit<PendingQueue['items'][number], 'krw_value'>>(
      `SELECT r.kind, r.id::text AS id, r.member_id::text AS member_id, m.username, r.currency, ${num('r.amount')} AS amount,
              ${iso('r.created_at')} AS created_at,
              floor(extract(epoch FROM now() - r.created_at))::int AS age_seconds
         FROM (SELECT 'deposit' AS kind, id, member_id, currency, amount, created_at FROM deposits WHERE status = 'pending'
               UNION ALL
               SELECT 'withdrawal', id, member_id, currency, amount, created_at FROM withdrawals WHERE status = 'pending') r
         JOIN members m ON m.id = r.member_id
        ORDER BY r.created_at, r.id LIMIT $1`,
      [QUEUE_LIMIT],
    ),
    q.query<{ n: number }>(
      `SELECT ((SELECT count(*) FROM deposits WHERE status = 'pending')
             + (SELECT count(*) FROM withdrawals WHERE status = 'pending'))::int AS n`,
    ),
    readPrices(q, staleSeconds),
  ]);
  const table: PriceTable = {
    usdKrw: prices.usd_krw.rate,
    usd: Object.fromEntries(prices.items.map((i) => [i.symbol, i.price])) as Record<PriceCurrency, string>,
  };
  const live = prices.usd_krw.source === 'live' && prices.items.every((i) => i.source === 'live');
  return {
    items: rows.map((r) => ({
      ...r,
      krw_value: toWire(assetKrwValue(r.currency as ViewCurrency, r.amount, table)),
    })),
    total: count[0]?.n ?? 0,
    price_source: live ? 'live' : 'sample',
  };
}

export const pendingQueueRoutes = adminModule(({ admin, db, config }) => {
  admin.get('/pending-requests', {
    operationId: 'adminPendingQueue',
    summary: '모든 회원의 대기 중인 입금·출금 요청 (오래된 순, 대기 시간과 원화 환산 포함)',
    view: pendingQueueView,
    run: () => readPendingQueue(db, config.prices.staleSeconds),
  });
});
