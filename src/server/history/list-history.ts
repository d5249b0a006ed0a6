import { type BalanceCurrency, HISTORY_LIMIT, type HistoryType } from '../../shared/constants';
import { toWire } from '../../shared/decimal';
import type { ExplorerUrls } from '../../shared/explorers';
import type { HistoryItem } from '../../shared/schemas/history';
import { chainWaitingOf } from '../chain/views';
import type { Queryable } from '../db';
import { isoTime } from '../db/iso-time';
import { transferIndexOf } from '../deposits/deposit-view';
import { payoutsOf } from '../payouts/member-view';

type Row = Omit<HistoryItem, 'chain'>;

/** The reason an administrator gave when rejecting a request (kept in its audit entry). */
const rejectReason = (kind: 'deposit' | 'withdrawal', alias: string) =>
  `CASE WHEN ${alias}.status = 'rejected' THEN (
     SELECT a.after->>'reason' FROM audit_log a
      WHERE a.target_type = '${kind}' AND a.target_id = ${alias}.id::text AND a.action = '${kind}.reject'
      ORDER BY a.id DESC LIMIT 1) END`;

/**
 * The member's latest transactions (SPEC's transactions2), derived rather than stored:
 * their deposit requests (입금), their withdrawal requests (출금), internal transfers other members sent
 * them (입금, unless rejected) and administrator balance corrections (their ledger entries; the note
 * stays internal). Newest first, at most 100 rows; each part is cut to 100 before the merge. With
 * `asset`, only that currency's rows.
 */
export async function listHistory(
  q: Queryable,
  memberId: string,
  type: HistoryType,
  asset?: BalanceCurrency,
  explorerUrls?: ExplorerUrls,
): Promise<HistoryItem[]> {
  const rows = await q.query<Row & { ts: unknown }>(
    `SELECT id, source, type, currency, amount, fee, status, memo, counterparty, ${isoTime('ts')} AS created_at,
            final_amount, network, address, destination_tag, txid, transfer_index, bank_name, account_number,
            ${isoTime('processed')} AS processed_at, reject_reason
       FROM (
         (SELECT d.id::text AS id, 'deposit' AS source, 'deposit' AS type, d.currency, d.amount::text AS amount,
                 '0' AS fee, d.status, NULL::text AS memo, NULL::text AS counterparty, d.created_at AS ts,
                 NULL::text AS final_amount, d.network, d.deposit_address AS address,
                 NULL::text AS destination_tag, d.txid, ${transferIndexOf('d')} AS transfer_index,
                 d.bank_name, d.account_number,
                 d.processed_at AS processed, ${rejectReason('deposit', 'd')} AS reject_reason
            FROM deposits d
           WHERE d.member_id = $1 AND $2 IN ('all', 'deposit') AND ($4::text IS NULL OR d.currency = $4)
           ORDER BY d.created_at DESC LIMIT $3)
         UNION ALL
         (SELECT w.id::text, 'withdrawal', 'withdraw', w.currency, w.amount::text, w.fee::text, w.status, w.memo,
                 CASE WHEN w.method = 'internal' THEN w.recipient_id END, w.created_at,
                 w.final_amount::text, w.network, w.recipient_address, w.destination_tag::text, NULL, NULL::integer,
                 w.bank_name, w.account_number, w.processed_at, ${rejectReason('withdrawal', 'w')}
            FROM withdrawals w
           WHERE w.member_id = $1 AND $2 IN ('all', 'withdraw') AND ($4::text IS NULL OR w.currency = $4)
           ORDER BY w.created_at DESC LIMIT $3)
         UNION ALL
         (SELECT w.id::text, 'transfer_in', 'deposit', w.currency, w.final_amount::text, '0', w.status, NULL,
                 m.username, w.created_at, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, w.processed_at, NULL
            FROM withdrawals w LEFT JOIN members m ON m.id = w.member_id
           WHERE w.recipient_member_id = $1 AND w.method = 'internal' AND w.status <> 'rejected'
             AND $2 IN ('all', 'deposit') AND ($4::text IS NULL OR w.currency = $4)
           ORDER BY w.created_at DESC LIMIT $3)
         UNION ALL
         (SELECT 'ledger-' || l.id::text, 'adjustment', CASE WHEN l.amount > 0 THEN 'deposit' ELSE 'withdraw' END,
                 l.currency, abs(l.amount)::text, '0', 'approved', NULL, NULL, l.created_at,
                 NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, l.created_at, NULL
            FROM ledger_entries l
           WHERE l.member_id = $1 AND l.kind = 'admin_adjustment'
             AND ($2 = 'all' OR $2 = CASE WHEN l.amount > 0 THEN 'deposit' ELSE 'withdraw' END)
             AND ($4::text IS NULL OR l.currency = $4)
           ORDER BY l.created_at DESC LIMIT $3)
       ) h
      ORDER BY ts DESC, id DESC
      LIMIT $3`,
    [memberId, type, HISTORY_LIMIT, asset ?? null],
  );
  const waiting = await chainWaitingOf(
    q,
    rows.filter((r) => r.source === 'deposit' && r.status === 'pending').map((r) => r.id),
  );
  const payouts = await payoutsOf(
    q,
    rows.filter((r) => r.source === 'withdrawal' && r.status === 'approved').map((r) => r.id),
    explorerUrls,
  );
  // Each item written out field by field: one object shape for every row.
  return rows.map((r) => {
    const item: HistoryItem = {
      id: r.id,
      source: r.source,
      type: r.type,
      currency: r.currency,
      amount: toWire(r.amount),
      fee: toWire(r.fee),
      status: r.status,
      memo: r.memo,
      counterparty: r.counterparty,
      created_at: r.created_at,
      final_amount: r.final_amount === null ? null : toWire(r.final_amount),
      network: r.network,
      address: r.address,
      destination_tag: r.destination_tag,
      txid: r.txid,
      transfer_index: r.transfer_index,
      bank_name: r.bank_name,
      account_number: r.account_number,
      processed_at: r.processed_at,
      reject_reason: r.reject_reason,
    };
    const chain = waiting.get(r.id);
    if (chain) item.chain = chain;
    const payout = payouts.get(r.id);
    if (payout) item.payout = payout;
    return item;
  });
}
