import { BALANCE_CURRENCIES, type BalanceCurrency } from '../../shared/constants';
import { D } from '../../shared/decimal';
import { formatExact } from '../../shared/fees';
import { MSG } from '../../shared/messages';
import type { WithdrawalView } from '../../shared/schemas/withdrawals';
import {
  type DecisionArgs,
  decideRequest,
  decideRequestIn,
  type Moves,
  type RequestKind,
} from '../approval/decide-request';
import type { Actor } from '../audit/actor';
import type { Db, Queryable } from '../db';
import { AppError } from '../http/errors';
import type { BalanceChange } from '../money/kernel';
import { lockBalances } from '../wallet/balance-state';
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

/** Approves or rejects a pending withdrawal in one transaction (the approval core, `decideRequest`). */
export const decideWithdrawal = (db: Db, ...d: DecisionArgs): Promise<WithdrawalView> =>
  decideRequest(db, withdrawalKind, ...d);

/** `decideWithdrawal` inside the caller's transaction (a confirmed payout proposal applies it this way). */
export const decideWithdrawalIn = (q: Queryable, ...d: DecisionArgs): Promise<WithdrawalView> =>
  decideRequestIn(q, withdrawalKind, ...d);

/** An approval's debit (and an internal transfer's credit): checked against the balance, locked first. */
async function payOut(q: Queryable, w: LockedWithdrawal, actor: Actor<string | null>): Promise<Moves> {
  const currency = w.currency;
  if (!isBalanceCurrency(currency)) throw new AppError('CONFLICT', MSG.approval.unsupportedCurrency);
  const amount = new D(w.amount);
  const internal = w.method === 'internal';
  const recipient = internal ? w.recipient_member_id : null;
  if (internal && !recipient) throw new AppError('CONFLICT', MSG.approval.recipientMissing);
  await lockBalances(q, [
    { memberId: w.member_id, currency },
    ...(recipient ? [{ memberId: recipient, currency }] : []),
  ]);
  const [balance] = await q.query<{ balance: string }>(
    'SELECT balance::text AS balance FROM balances WHERE member_id = $1 AND currency = $2',
    [w.member_id, currency],
  );
  const current = new D(balance?.balance ?? 0);
  if (current.lt(amount)) {
    throw new AppError(
      'INSUFFICIENT_FUNDS',
      MSG.approval.insufficient(formatExact(amount), formatExact(current)),
    );
  }
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
