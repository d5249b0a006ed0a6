import { BALANCE_CURRENCIES, type BalanceCurrency } from '../../shared/constants';
import { D } from '../../shared/decimal';
import { formatExact } from '../../shared/fees';
import { MSG } from '../../shared/messages';
import type { WithdrawalView } from '../../shared/schemas/withdrawals';
import { type Approval, approvalOf } from '../admin/common';
import { writeAudit } from '../audit/write-audit';
import type { Db, Queryable } from '../db';
import { UUID_PATTERN } from '../db/iso-time';
import type { Actor } from '../deposits/decide-deposit';
import { publishRequestDecided } from '../events/publish';
import { AppError } from '../http/errors';
import { lockBalances } from '../wallet/balance-state';
import { applyBalanceChange } from '../wallet/ledger';
import {
  type LockedWithdrawal,
  lockWithdrawal,
  toWithdrawalView,
  WITHDRAWAL_COLUMNS,
} from './withdrawal-view';

const isBalanceCurrency = (c: string): c is BalanceCurrency =>
  (BALANCE_CURRENCIES as readonly string[]).includes(c);

/**
 * Approves or rejects a pending withdrawal in one transaction: lock the request row, require pending,
 * then
 * - approve: debit the full amount (payout + fee) from the member with one ledger entry ("withdrawal");
 *   an internal transfer instead debits the sender ("transfer_out") and credits the recipient member
 *   the payout ("transfer_in") in the same transaction. The pending hold ends with the status change.
 * - reject: only the status changes, which releases the hold (no ledger entry).
 * Then set the status, who and when, and write the audit entry.
 */
export async function decideWithdrawal(
  db: Db,
  actor: Actor,
  id: string,
  decision: 'approve' | 'reject',
  reason?: string,
): Promise<WithdrawalView> {
  if (!UUID_PATTERN.test(id)) throw new AppError('NOT_FOUND', MSG.approval.withdrawalNotFound);
  return db.tx((q) => decideWithdrawalIn(q, actor, id, decision, reason));
}

/** `decideWithdrawal` inside the caller's transaction (a confirmed payout proposal applies it this way). */
export async function decideWithdrawalIn(
  q: Queryable,
  actor: Actor & { approval?: Approval },
  id: string,
  decision: 'approve' | 'reject',
  reason?: string,
): Promise<WithdrawalView> {
  const before = await lockWithdrawal(q, id);
  if (!before) throw new AppError('NOT_FOUND', MSG.approval.withdrawalNotFound);
  if (before.status !== 'pending') throw new AppError('NOT_PENDING', MSG.approval.notPending);
  const status = decision === 'approve' ? 'approved' : 'rejected';
  const moved = decision === 'approve' ? await payOut(q, before, actor) : {};
  const [row] = await q.query<WithdrawalView>(
    `UPDATE withdrawals AS w SET status = $2, processed_by = $3, processed_at = now(), updated_at = now()
      WHERE w.id = $1 RETURNING ${WITHDRAWAL_COLUMNS}`,
    [id, status, actor.id],
  );
  const view = toWithdrawalView(row!);
  await writeAudit(q, {
    actorId: actor.id,
    actorUsername: actor.username,
    action: `withdrawal.${decision}`,
    targetType: 'withdrawal',
    targetId: id,
    before: { status: before.status },
    after: {
      status,
      member_id: view.member_id,
      currency: view.currency,
      method: view.method,
      amount: view.amount,
      fee: view.fee,
      final_amount: view.final_amount,
      ...moved,
      ...(reason ? { reason } : {}),
      ...approvalOf(actor),
    },
    ip: actor.ip,
  });
  await publishRequestDecided(q, 'withdrawal', view, actor.username, before.recipient_member_id);
  return view;
}

async function payOut(q: Queryable, w: LockedWithdrawal, actor: Actor): Promise<Record<string, string>> {
  const currency = w.currency;
  if (!isBalanceCurrency(currency)) throw new AppError('CONFLICT', MSG.approval.unsupportedCurrency);
  const amount = new D(w.amount);
  const internal = w.method === 'internal';
  if (internal && !w.recipient_member_id) throw new AppError('CONFLICT', MSG.approval.recipientMissing);
  await lockBalances(q, [
    { memberId: w.member_id, currency },
    ...(internal && w.recipient_member_id ? [{ memberId: w.recipient_member_id, currency }] : []),
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
  const senderAfter = await applyBalanceChange(q, {
    memberId: w.member_id,
    currency,
    amount: amount.neg(),
    kind: internal ? 'transfer_out' : 'withdrawal',
    withdrawalId: w.id,
    actorId: actor.id,
  });
  if (!internal || !w.recipient_member_id) return { balance_after: senderAfter.toFixed() };
  const payout = new D(w.final_amount);
  const recipientAfter = payout.gt(0)
    ? await applyBalanceChange(q, {
        memberId: w.recipient_member_id,
        currency,
        amount: payout,
        kind: 'transfer_in',
        withdrawalId: w.id,
        actorId: actor.id,
      })
    : null;
  return {
    balance_after: senderAfter.toFixed(),
    recipient_member_id: w.recipient_member_id,
    ...(recipientAfter ? { recipient_balance_after: recipientAfter.toFixed() } : {}),
  };
}
