import type { BalanceCurrency } from '../../shared/constants';
import { D } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import type { DepositView } from '../../shared/schemas/deposits';
import { writeAudit } from '../audit/write-audit';
import type { Db } from '../db';
import { UUID_PATTERN } from '../db/iso-time';
import { publishRequestDecided } from '../events/publish';
import { AppError } from '../http/errors';
import { lockBalances } from '../wallet/balance-state';
import { applyBalanceChange } from '../wallet/ledger';
import { chainGate } from './chain-gate';
import { DEPOSIT_COLUMNS, type DepositRow, lockDeposit, toDepositView } from './deposit-view';

export interface Actor {
  /** null: the system (CHAIN_AUTO_APPROVE's approvals of matched deposits). */
  id: string | null;
  username: string;
  ip?: string;
}

/**
 * Approves or rejects a pending deposit in one transaction: lock the request row, require pending,
 * credit the balance with its ledger entry (approval only; the balance row is created when missing),
 * set the status, write the audit entry. Whoever locks the row second finds it decided (409).
 */
export async function decideDeposit(
  db: Db,
  actor: Actor,
  id: string,
  decision: 'approve' | 'reject',
  reason?: string,
  chain: { override?: boolean; chainAuto?: boolean; checkedNetworks?: readonly string[] } = {},
): Promise<DepositView> {
  if (!UUID_PATTERN.test(id)) throw new AppError('NOT_FOUND', MSG.approval.depositNotFound);
  return db.tx(async (q) => {
    const before = await lockDeposit(q, id);
    if (!before) throw new AppError('NOT_FOUND', MSG.approval.depositNotFound);
    if (before.status !== 'pending') throw new AppError('NOT_PENDING', MSG.approval.notPending);
    const status = decision === 'approve' ? 'approved' : 'rejected';
    // Issue 19: approving against the chain's verdict takes an explicit flag and a reason (decision 0171).
    const check = decision === 'approve' ? await chainGate(q, id, reason, chain, before.network) : null;
    let balanceAfter: string | undefined;
    if (decision === 'approve') {
      const currency = before.currency as BalanceCurrency;
      await lockBalances(q, [{ memberId: before.member_id, currency }]);
      balanceAfter = (
        await applyBalanceChange(q, {
          memberId: before.member_id,
          currency,
          amount: new D(before.amount),
          kind: 'deposit',
          depositId: before.id,
          actorId: actor.id,
        })
      ).toFixed();
    }
    const [row] = await q.query<DepositRow>(
      `UPDATE deposits AS d SET status = $2, processed_by = $3, processed_at = now(), updated_at = now()
        WHERE d.id = $1 RETURNING ${DEPOSIT_COLUMNS}`,
      [id, status, actor.id],
    );
    const view = toDepositView(row!);
    await writeAudit(q, {
      actorId: actor.id,
      actorUsername: actor.username,
      action: `deposit.${decision}`,
      targetType: 'deposit',
      targetId: id,
      before: { status: before.status },
      after: {
        status,
        member_id: view.member_id,
        currency: view.currency,
        amount: view.amount,
        ...(balanceAfter === undefined ? {} : { balance_after: balanceAfter }),
        ...(reason ? { reason } : {}),
        ...(check ? check : {}),
      },
      ip: actor.ip,
    });
    await publishRequestDecided(q, 'deposit', view, actor.username);
    return view;
  });
}
