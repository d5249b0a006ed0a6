import { assetKrwValue, type PriceTable } from '../../shared/assets';
import type { PriceCurrency, ViewCurrency } from '../../shared/constants';
import { D, toWire } from '../../shared/decimal';
import {
  type QueueQuery,
  type QueueRow,
  type QueueView,
  queueQuerySchema,
  queueView,
} from '../../shared/schemas/desk-queue';
import { chainChecksOf } from '../chain/views';
import type { Queryable } from '../db';
import { recentRecoveries } from '../members/admin-resets';
import { readPrices } from '../prices/read-prices';
import { iso, num } from '../sql';
import { adminSession } from './guard';
import { adminModule } from './module';

/** Waiting longest first is the oldest request first; ties keep a stable order for paging. */
const ORDER: Record<`${QueueQuery['sort']}:${QueueQuery['direction']}`, string> = {
  'age:desc': 'created_at, id',
  'age:asc': 'created_at DESC, id DESC',
  'krw:desc': 'krw DESC, created_at, id',
  'krw:asc': 'krw, created_at, id',
};

type Row = Omit<QueueRow, 'krw_value' | 'chain' | 'proposal' | 'address_book' | 'recovered_at'> & {
  book_age_seconds: number | null;
  book_lead_seconds: number | null;
  proposal_id: string | null;
  proposed_by: string | null;
  proposed_by_username: string | null;
  total: number;
};

/**
 * The desk's one queue: every pending deposit and withdrawal with its won value, chain verdict (and whether
 * the chain shows whose a deposit is), open two-person proposal and, for a withdrawal to an address-book
 * entry, how long the member had it, filtered and sorted in the database so paging sees the whole queue.
 * The won value the filter and sort use is the amount times the price the page shows.
 */
async function readQueue(
  q: Queryable,
  staleSeconds: number,
  f: QueueQuery,
  viewerId: string,
): Promise<QueueView> {
  const prices = await readPrices(q, staleSeconds);
  const table: PriceTable = {
    usdKrw: prices.usd_krw.rate,
    usd: Object.fromEntries(prices.items.map((i) => [i.symbol, i.price])) as Record<PriceCurrency, string>,
  };
  const rate = (c: PriceCurrency) => toWire(new D(table.usd[c] ?? '0').times(table.usdKrw));
  const params: unknown[] = [rate('ETH'), rate('XRP'), rate('USDT')];
  const where: string[] = [];
  const bind = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (f.type) where.push(`kind = ${bind(f.type)}`);
  if (f.currency) where.push(`currency = ${bind(f.currency)}`);
  if (f.verdict) where.push(`verdict = ${bind(f.verdict)}`);
  if (f.proposal) where.push(f.proposal === 'open' ? 'proposal_id IS NOT NULL' : 'proposal_id IS NULL');
  if (f.min_age) where.push(`created_at <= now() - make_interval(mins => ${bind(f.min_age)}::int)`);
  if (f.min_krw) where.push(`krw >= ${bind(String(f.min_krw))}::numeric`);
  const rows = await q.query<Row>(
    `WITH r AS (
       SELECT 'deposit' AS kind, id, member_id, currency, amount, network, deposit_address AS address,
              destination_tag::text AS tag, txid, created_at, NULL::uuid AS book_id FROM deposits WHERE status = 'pending'
       UNION ALL
       SELECT 'withdrawal', id, member_id, currency, amount, network, recipient_address, destination_tag::text,
              NULL, created_at, address_book_id FROM withdrawals WHERE status = 'pending'),
     x AS (
       SELECT r.*, m.username,
              r.amount * CASE r.currency WHEN 'KRW' THEN 1 WHEN 'ETH' THEN $1::numeric WHEN 'XRP' THEN $2::numeric
                                         WHEN 'USDT' THEN $3::numeric ELSE 0 END AS krw,
              CASE WHEN r.kind = 'deposit' THEN COALESCE(c.verdict, 'none') ELSE 'none' END AS verdict,
              COALESCE(c.before_assignment, false) AS before_assignment,
              p.id AS proposal_id, p.proposed_by, p.proposed_by_username,
              b.created_at AS book_created_at
         FROM r JOIN members m ON m.id = r.member_id
         LEFT JOIN withdrawal_addresses b ON b.id = r.book_id
         LEFT JOIN deposit_chain_checks c ON r.kind = 'deposit' AND c.deposit_id = r.id
         LEFT JOIN LATERAL (
           SELECT id, proposed_by, proposed_by_username FROM admin_proposals
            WHERE target_id = r.id AND status = 'pending' AND expires_at > now()
              AND kind = r.kind || '.approve'
            ORDER BY created_at DESC LIMIT 1) p ON true)
     SELECT kind, id::text AS id, member_id::text AS member_id, username, currency, ${num('amount')} AS amount, network,
            address, tag, txid, before_assignment,
            ${iso('created_at')} AS created_at, floor(extract(epoch FROM now() - created_at))::int AS age_seconds,
            proposal_id::text AS proposal_id, proposed_by::text AS proposed_by, proposed_by_username,
            floor(extract(epoch FROM now() - book_created_at))::int AS book_age_seconds,
            floor(extract(epoch FROM created_at - book_created_at))::int AS book_lead_seconds,
            (count(*) OVER ())::int AS total
       FROM x ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${ORDER[`${f.sort}:${f.direction}`]} LIMIT ${bind(f.limit)} OFFSET ${bind(f.offset)}`,
    params,
  );
  const checks = await chainChecksOf(
    q,
    rows.filter((r) => r.kind === 'deposit').map((r) => r.id),
  );
  const recovered = await recentRecoveries(
    q,
    rows.map((r) => r.member_id),
  );
  const live = prices.usd_krw.source === 'live' && prices.items.every((i) => i.source === 'live');
  return {
    items: rows.map(({ proposal_id, proposed_by, proposed_by_username, total: _total, ...row }) => {
      const { book_age_seconds: age, book_lead_seconds: lead, ...r } = row;
      return {
        ...r,
        address_book:
          age === null || lead === null ? null : { age_seconds: age, before_request_seconds: lead },
        krw_value: toWire(assetKrwValue(r.currency as ViewCurrency, r.amount, table)),
        chain: (r.kind === 'deposit' && checks.get(r.id)) || null,
        recovered_at: recovered.get(r.member_id) ?? null,
        proposal: proposal_id
          ? {
              id: proposal_id,
              proposed_by_username: proposed_by_username ?? '',
              mine: proposed_by === viewerId,
            }
          : null,
      };
    }),
    total: rows[0]?.total ?? 0,
    limit: f.limit,
    offset: f.offset,
    price_source: live ? 'live' : 'sample',
  };
}

export const queueRoutes = adminModule(({ admin, db, config }) => {
  admin.get('/queue', {
    operationId: 'adminDeskQueue',
    summary:
      '대기열: 모든 회원의 대기 중인 입금·출금을 원화 환산, 체인 확인, 2차 확인 제안과 함께 (종류·자산·대기 시간·금액·체인 확인·제안 상태로 거르고 정렬)',
    querystring: queueQuerySchema,
    view: queueView,
    run: (req) => readQueue(db, config.prices.staleSeconds, req.query, adminSession(req).member.id),
  });
});
