import { toWire } from '../../shared/decimal';
import { type ExplorerUrls, explorerAddressUrl, explorerTxUrl } from '../../shared/explorers';
import { isNetworkAllowed } from '../../shared/networks';
import type { RequestStatus } from '../../shared/request-status';
import type { DepositView, WithdrawalView } from '../../shared/schemas/admin-views';
import type { WithdrawalView as MemberWithdrawalView } from '../../shared/schemas/withdrawals';
import { chainChecksOf } from '../chain/views';
import type { Queryable } from '../db';
import { DEPOSIT_COLUMNS, type DepositRow } from '../deposits/deposit-view';
import { toWithdrawalView, WITHDRAWAL_COLUMNS } from '../withdrawals/withdrawal-view';

export interface RequestListQuery {
  status?: RequestStatus;
  memberId?: string;
  page: number;
  pageSize: number;
}

// A request's own columns (one home each: deposit-view.ts, withdrawal-view.ts) and its member's names.
const DEPOSIT_LIST_COLUMNS = `${DEPOSIT_COLUMNS}, m.username, m.email`;
const WITHDRAWAL_LIST_COLUMNS = `${WITHDRAWAL_COLUMNS}, m.username, m.email`;

interface MemberNames {
  username: string;
  email: string;
}

/**
 * SPEC §7: the administrator's requests, newest first, with the member's email and username, and links to
 * the network's block explorer: a deposit's TXID and the address it was sent to, a withdrawal's address.
 */
export async function listDeposits(q: Queryable, query: RequestListQuery, explorers: ExplorerUrls) {
  const list = await listRequests<DepositRow & MemberNames>(q, 'deposits', 'd', DEPOSIT_LIST_COLUMNS, query);
  const checks = await chainChecksOf(
    q,
    list.items.map((d) => d.id),
  );
  const items: DepositView[] = list.items.map(({ processed_by: _by, ...d }) => ({
    ...d,
    amount: toWire(d.amount),
    address_url: explorerAddressUrl(explorers, d.network, d.deposit_address),
    tx_url: explorerTxUrl(explorers, d.network, d.txid),
    chain: checks.get(d.id) ?? null,
  }));
  return { ...list, items };
}

/** As listDeposits; `network_allowed` is false for a pair the currency does not allow (requests made before networks were checked per currency). */
export async function listWithdrawals(q: Queryable, query: RequestListQuery, explorers: ExplorerUrls) {
  const list = await listRequests<MemberWithdrawalView & MemberNames>(
    q,
    'withdrawals',
    'w',
    WITHDRAWAL_LIST_COLUMNS,
    query,
  );
  const items: WithdrawalView[] = list.items.map((row) => {
    const { processed_by: _by, address_book_id: _book, ...w } = toWithdrawalView(row) as typeof row;
    return {
      ...w,
      address_url: explorerAddressUrl(explorers, w.network, w.recipient_address),
      network_allowed: w.network === null ? null : isNetworkAllowed(w.currency, w.network),
    };
  });
  return { ...list, items };
}

async function listRequests<T>(
  q: Queryable,
  table: 'deposits' | 'withdrawals',
  alias: 'd' | 'w',
  columns: string,
  { status, memberId, page, pageSize }: RequestListQuery,
) {
  // Only the filters given, so each query can use its index (status, created_at) or (member_id, created_at).
  const params: unknown[] = [];
  const where: string[] = [];
  if (status) where.push(`${alias}.status = $${params.push(status)}`);
  if (memberId) where.push(`${alias}.member_id = $${params.push(memberId)}`);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const pendingParams: unknown[] = [];
  const pendingFilter = memberId ? `AND ${alias}.member_id = $${pendingParams.push(memberId)}` : '';
  const [items, count, pending] = await Promise.all([
    q.query<T>(
      `SELECT ${columns} FROM ${table} ${alias} JOIN members m ON m.id = ${alias}.member_id
        ${filter} ORDER BY ${alias}.created_at DESC, ${alias}.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, (page - 1) * pageSize],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} ${alias} ${filter}`, params),
    q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} ${alias} WHERE ${alias}.status = 'pending' ${pendingFilter}`,
      pendingParams,
    ),
  ]);
  return { items, total: count[0]?.n ?? 0, page, pageSize, pendingTotal: pending[0]?.n ?? 0 };
}
