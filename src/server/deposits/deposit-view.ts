import { toWire } from '../../shared/decimal';
import type { DepositView } from '../../shared/schemas/deposits';
import { isoTime } from '../db/iso-time';

/**
 * A deposit's transfer index where it tells it apart from another deposit of its transaction (decision
 * 0410), else null: shown as "TXID · #2". Ether (−1) is told apart by its currency.
 */
export const transferIndexOf = (alias: string) =>
  `CASE WHEN ${alias}.txid IS NULL OR ${alias}.log_index IS NULL THEN NULL WHEN ${alias}.log_index >= 0 AND EXISTS (
     SELECT 1 FROM deposits same WHERE same.id <> ${alias}.id AND same.txid IS NOT NULL
        AND regexp_replace(lower(same.txid), '^0x', '') = regexp_replace(lower(${alias}.txid), '^0x', ''))
   THEN ${alias}.log_index END`;

/** The columns of a deposit request (table alias `d`), amounts and times as text. */
export const DEPOSIT_COLUMNS = `d.id::text AS id, d.member_id::text AS member_id, d.currency, d.amount::text AS amount,
  d.status, d.network, d.deposit_address, d.txid, ${transferIndexOf('d')} AS transfer_index, d.sender_address,
  d.bank_name, d.account_number, d.account_holder,
  d.depositor_name, d.processed_by::text AS processed_by, ${isoTime('d.processed_at')} AS processed_at,
  ${isoTime('d.created_at')} AS created_at, ${isoTime('d.updated_at')} AS updated_at`;

export type DepositRow = Omit<DepositView, 'fee' | 'final_amount'>;

/** Deposits carry no fee: the whole amount is credited on approval. */
export const toDepositView = (r: DepositRow): DepositView => {
  const amount = toWire(r.amount);
  return { ...r, amount, fee: '0', final_amount: amount };
};
