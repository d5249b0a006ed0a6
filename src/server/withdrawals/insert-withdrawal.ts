import { D, toWire } from '../../shared/decimal';
import { payoutOf, type WithdrawalMethod, withdrawalFee } from '../../shared/fees';
import { formatKrw } from '../../shared/format';
import { MSG } from '../../shared/messages';
import type { WithdrawalView } from '../../shared/schemas/withdrawals';
import type { Queryable } from '../db';
import { publishRequestCreated } from '../events/publish';
import { AppError } from '../http/errors';
import { holdOpenMember } from '../members/lock-member';
import { lockBalances, readBalanceState } from '../wallet/balance-state';
import { lockMemberWithdrawals } from '../withdrawal-rules/member-lock';
import type { RuleColumns } from '../withdrawal-rules/rules';
import { toWithdrawalView, WITHDRAWAL_COLUMNS } from './withdrawal-view';

export interface NewWithdrawal {
  currency: string;
  /** Gross amount (canonical decimal text): what leaves the balance. */
  amount: string;
  method: WithdrawalMethod;
  network?: string;
  recipientId?: string;
  recipientMemberId?: string;
  recipientAddress?: string;
  /** XRP Ledger only. */
  destinationTag?: number | null;
  bankName?: string;
  accountNumber?: string;
  accountHolder?: string;
  memo?: string | null;
}

/**
 * Inserts a pending withdrawal, in the caller's transaction, only if it fits the available balance.
 * The balance row of (member, currency) is locked first, so concurrent requests of one member are
 * checked one after another and together never hold more than is available. The pending row itself
 * is the hold (readBalanceState counts pending amounts as held).
 */
export async function insertWithdrawal(
  q: Queryable,
  memberId: string,
  w: NewWithdrawal,
  /** Withdrawal rules (address book, delays, limits, travel rule): member locked, balance checked. */
  checkRules?: (q: Queryable) => Promise<RuleColumns>,
): Promise<WithdrawalView> {
  const fee = withdrawalFee(w.currency, w.method, w.network);
  const finalAmount = payoutOf(w.amount, fee);
  if (finalAmount.lte(0)) {
    throw new AppError('VALIDATION', MSG.withdraw.payoutNotPositive, {
      amount: MSG.withdraw.payoutNotPositive,
    });
  }
  await holdOpenMember(q, memberId);
  if (checkRules) await lockMemberWithdrawals(q, memberId);
  await lockBalances(q, [{ memberId, currency: w.currency }]);
  const state = await readBalanceState(q, memberId, w.currency);
  if (new D(w.amount).gt(state.available)) {
    const message =
      w.currency === 'KRW'
        ? MSG.withdrawKrw.availableExceeded(formatKrw(state.available))
        : MSG.withdraw.checkAvailable;
    throw new AppError('INSUFFICIENT_FUNDS', message, { amount: message });
  }
  const r = checkRules ? await checkRules(q) : null;
  const [row] = await q.query<WithdrawalView>(
    `INSERT INTO withdrawals AS w (member_id, currency, amount, fee, final_amount, method, network, recipient_id,
       recipient_member_id, recipient_address, bank_name, account_number, account_holder, memo, destination_tag,
       address_book_id, krw_value, travel_rule_name, travel_rule_exchange, travel_rule_personal_declared)
     VALUES ($1, $2, $3::numeric, $4::numeric, $5::numeric, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
       $16, $17::numeric, $18, $19, $20)
     RETURNING ${WITHDRAWAL_COLUMNS}`,
    [
      memberId,
      w.currency,
      w.amount,
      toWire(fee),
      toWire(finalAmount),
      w.method,
      w.network ?? null,
      w.recipientId ?? null,
      w.recipientMemberId ?? null,
      w.recipientAddress ?? null,
      w.bankName ?? null,
      w.accountNumber ?? null,
      w.accountHolder ?? null,
      w.memo ?? null,
      w.destinationTag ?? null,
      r?.addressBookId ?? null,
      r?.krwValue ?? null,
      r?.travelRuleName ?? null,
      r?.travelRuleExchange ?? null,
      r?.travelRulePersonalDeclared ?? null,
    ],
  );
  return publishRequestCreated(q, 'withdrawal', toWithdrawalView(row!));
}
