import { BALANCE_CURRENCIES, type BalanceCurrency } from '../../shared/constants';
import { D, type Dec } from '../../shared/decimal';
import { formatExact } from '../../shared/fees';
import { MSG } from '../../shared/messages';
import type { WithdrawalView } from '../../shared/schemas/withdrawals';
import {
  type DecisionArgs,
  decideLockedIn,
  decideRequestIn,
  type Moves,
  type RejectArgs,
  type RequestKind,
  rejectRequest,
} from '../approval/decide-request';
import type { Actor } from '../audit/actor';
import type { Db, Queryable } from '../db';
import { AppError } from '../http/errors';
import type { BalanceChange } from '../money/kernel';
import {
  type LockedWithdrawal,
  lockWithdrawal,
  toWithdrawalView,
  WITHDRAWAL_COLUMNS,
} from './withdrawal-view';

const isBalanceCurrency = (c: string): c is BalanceCurrency =>
  (BALANCE_CURRENCIES as readonly string[]).includes(c);

/**
 * A withdrawal for the approval core:
 * - approve: debit the full amount (payout + fee) from the member with one ledger entry ("withdrawal");
 *   an internal transfer instead debits the sender ("transfer_out") and credits the recipient member
 *   the payout ("transfer_in") in the same transaction. The pending hold ends with the status change.
 * - reject: only the status changes, which releases the hold (no ledger entry).
 */
const withdrawalKind: RequestKind<LockedWithdrawal, WithdrawalView> = {
  kind: 'withdrawal',
  table: 'withdrawals',
  alias: 'w',
  columns: WITHDRAWAL_COLUMNS,
  notFound: MSG.approval.withdrawalNotFound,
  lock: lockWithdrawal,
  toView: toWithdrawalView,
  describe: (v) => ({
    member_id: v.member_id,
    currency: v.currency,
    method: v.method,
    amount: v.amount,
    fee: v.fee,
    final_amount: v.final_amount,
  }),
  approve: payOut,
  creditedMemberOf: (before) => before.recipient_member_id,
};

/**
 * Rejects a pending withdrawal in one transaction (the approval core). Approving is the registry's
 * (`withdrawalApproval` of `proposals/kinds-money.ts`), which checks the four-eyes thresholds first.
 */
export const decideWithdrawal = (db: Db, ...d: RejectArgs): Promise<WithdrawalView> =>
  rejectRequest(db, withdrawalKind, ...d);

/** `decideWithdrawal` inside the caller's transaction: a registry kind's `apply` (one step or confirmed). */
export const decideWithdrawalIn = (q: Queryable, ...d: DecisionArgs): Promise<WithdrawalView> =>
  decideRequestIn(q, withdrawalKind, ...d);

/** The same for the withdrawal the caller's plan has locked (`lockWithdrawal`) in this transaction. */
export const approveLockedWithdrawalIn = (q: Queryable, actor: Actor<string | null>, w: LockedWithdrawal) =>
  decideLockedIn(q, withdrawalKind, w, actor, 'approve');

/** An approval's debit (and an internal transfer's credit); the kernel refuses it when the balance is short. */
async function payOut(_q: Queryable, w: LockedWithdrawal, actor: Actor<string | null>): Promise<Moves> {
  const currency = w.currency;
  if (!isBalanceCurrency(currency)) throw new AppError('CONFLICT', MSG.approval.unsupportedCurrency);
  const amount = new D(w.amount);
  const internal = w.method === 'internal';
  const recipient = internal ? w.recipient_member_id : null;
  if (internal && !recipient) throw new AppError('CONFLICT', MSG.approval.recipientMissing);
  // Refused by the kernel when the balance is short (the pending hold is this request's own).
  const refused = (current: Dec) => MSG.approval.insufficient(formatExact(amount), formatExact(current));
  const payout = new D(w.final_amount);
  const changes: BalanceChange[] = [
    {
      memberId: w.member_id,
      currency,
      amount: amount.neg(),
      kind: internal ? 'transfer_out' : 'withdrawal',
      withdrawalId: w.id,
      actorId: actor.actorId,
      confirmedBy: actor.confirmerId,
      refused,
    },
  ];
  if (recipient && payout.gt(0)) {
    changes.push({
      memberId: recipient,
      currency,
      amount: payout,
      kind: 'transfer_in',
      withdrawalId: w.id,
      actorId: actor.actorId,
      confirmedBy: actor.confirmerId,
    });
  }
  return {
    changes,
    moved: ([sender, credited]) => ({
      balance_after: sender!.toFixed(),
      ...(recipient ? { recipient_member_id: recipient } : {}),
      ...(credited ? { recipient_balance_after: credited.toFixed() } : {}),
    }),
  };
}
