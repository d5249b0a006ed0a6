import { type ExplorerUrls, explorerAddressUrl, explorerTxUrl } from '../../shared/explorers';
import { isNetworkAllowed } from '../../shared/networks';
import type { DepositView, RequestStatus, WithdrawalView } from '../../shared/schemas/admin';
import { chainChecksOf } from '../chain/views';
import type { Queryable } from '../db';
import { iso, num } from './sql';

export interface RequestListQuery {
  status?: RequestStatus;
  memberId?: string;
  page: number;
  pageSize: number;
}

const DEPOSIT_COLUMNS = `d.id, d.member_id, m.username, m.email, d.currency, ${num('d.amount')} AS amount, d.status,
  d.network, d.deposit_address, d.txid, d.sender_address, d.bank_name, d.account_number, d.account_holder, d.depositor_name,
  ${iso('d.processed_at')} AS processed_at, ${iso('d.created_at')} AS created_at, ${iso('d.updated_at')} AS updated_at`;

const WITHDRAWAL_COLUMNS = `d.id, d.member_id, m.username, m.email, d.currency, ${num('d.amount')} AS amount,
  ${num('d.fee')} AS fee, ${num('d.final_amount')} AS final_amount, d.method, d.network, d.recipient_id,
  d.recipient_address, d.destination_tag::text AS destination_tag, d.bank_name, d.account_number, d.account_holder, d.memo, d.status,
  ${iso('d.processed_at')} AS processed_at, ${iso('d.created_at')} AS created_at, ${iso('d.updated_at')} AS updated_at,
  d.travel_rule_name, d.travel_rule_exchange, d.travel_rule_personal_declared`;

type DepositRow = Omit<DepositView, 'address_url' | 'tx_url' | 'chain'>;
type WithdrawalRow = Omit<WithdrawalView, 'address_url' | 'network_allowed'>;

/**
 * SPEC §7: the administrator's requests, newest first, with the member's email and username, and links to
 * the network's block explorer: a deposit's TXID and the address it was sent to, a withdrawal's address.
 */
export async function listDeposits(q: Queryable, query: RequestListQuery, explorers: ExplorerUrls) {
  const list = await listRequests<DepositRow>(q, 'deposits', DEPOSIT_COLUMNS, query);
  const checks = await chainChecksOf(
    q,
    list.items.map((d) => d.id),
  );
  const items: DepositView[] = list.items.map((d) => ({
    ...d,
    address_url: explorerAddressUrl(explorers, d.network, d.deposit_address),
    tx_url: explorerTxUrl(explorers, d.network, d.txid),
    chain: checks.get(d.id) ?? null,
  }));
  return { ...list, items };
}

/** As listDeposits; `network_allowed` is false for a pair the currency does not allow (made before issue 13). */
export async function listWithdrawals(q: Queryable, query: RequestListQuery, explorers: ExplorerUrls) {
  const list = await listRequests<WithdrawalRow>(q, 'withdrawals', WITHDRAWAL_COLUMNS, query);
  const items: WithdrawalView[] = list.items.map((w) => ({
    ...w,
    address_url: explorerAddressUrl(explorers, w.network, w.recipient_address),
    network_allowed: w.network === null ? null : isNetworkAllowed(w.currency, w.network),
  }));
  return { ...list, items };
}

async function listRequests<T>(
  q: Queryable,
  table: 'deposits' | 'withdrawals',
  columns: string,
  { status, memberId, page, pageSize }: RequestListQuery,
) {
  // Only the filters given, so each query can use its index (status, created_at) or (member_id, created_at).
  const params: unknown[] = [];
  const where: string[] = [];
  if (status) where.push(`d.status = $${params.push(status)}`);
  if (memberId) where.push(`d.member_id = $${params.push(memberId)}`);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const pendingParams: unknown[] = [];
  const pendingFilter = memberId ? `AND d.member_id = $${pendingParams.push(memberId)}` : '';
  const [items, count, pending] = await Promise.all([
    q.query<T>(
      `SELECT ${columns} FROM ${table} d JOIN members m ON m.id = d.member_id
        ${filter} ORDER BY d.created_at DESC, d.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, (page - 1) * pageSize],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} d ${filter}`, params),
    q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} d WHERE d.status = 'pending' ${pendingFilter}`,
      pendingParams,
    ),
  ]);
  return { items, total: count[0]?.n ?? 0, page, pageSize, pendingTotal: pending[0]?.n ?? 0 };
}
