import { toWire } from '../../shared/decimal';
import type { WithdrawalView } from '../../shared/schemas/withdrawals';
import type { Queryable } from '../db';
import { isoTime } from '../db/iso-time';

/** The columns of a withdrawal request (table alias `w`), amounts and times as text. */
export const WITHDRAWAL_COLUMNS = `w.id::text AS id, w.member_id::text AS member_id, w.currency,
  w.amount::text AS amount, w.fee::text AS fee, w.final_amount::text AS final_amount, w.method, w.network,
  w.recipient_id, w.recipient_address, w.destination_tag::text AS destination_tag, w.bank_name, w.account_number, w.account_holder, w.memo, w.status,
  w.address_book_id::text AS address_book_id, w.travel_rule_name, w.travel_rule_exchange, w.travel_rule_personal_declared,
  w.processed_by::text AS processed_by, ${isoTime('w.processed_at')} AS processed_at,
  ${isoTime('w.created_at')} AS created_at, ${isoTime('w.updated_at')} AS updated_at`;

export const toWithdrawalView = (r: WithdrawalView): WithdrawalView => ({
  ...r,
  amount: toWire(r.amount),
  fee: toWire(r.fee),
  final_amount: toWire(r.final_amount),
});

export interface LockedWithdrawal extends WithdrawalView {
  recipient_member_id: string | null;
}

/** Locks one withdrawal request for a decision (SELECT … FOR UPDATE); null when there is none. */
export async function lockWithdrawal(q: Queryable, id: string): Promise<LockedWithdrawal | null> {
  const rows = await q.query<LockedWithdrawal>(
    `SELECT ${WITHDRAWAL_COLUMNS}, w.recipient_member_id::text AS recipient_member_id
       FROM withdrawals w WHERE w.id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}
