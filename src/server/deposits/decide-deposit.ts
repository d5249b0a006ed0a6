import type { BalanceCurrency } from '../../shared/constants';
import { D } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import type { DepositView } from '../../shared/schemas/deposits';
import type { Actor } from '../admin/common';
import { type Decision, decideRequest, type RequestKind } from '../approval/decide-request';
import type { Db } from '../db';
import { lockBalances } from '../wallet/balance-state';
import { applyBalanceChange } from '../wallet/ledger';
import { chainGate } from './chain-gate';
import { DEPOSIT_COLUMNS, type DepositRow, lockDeposit, toDepositView } from './deposit-view';

/** What the chain gate needs (issue 19, decision 0171). */
export interface ChainOptions {
  override?: boolean;
  chainAuto?: boolean;
  checkedNetworks?: readonly string[];
}

/**
 * A deposit for the approval core: an approval passes the chain gate, then credits the balance with its
 * ledger entry (the balance row is created when missing); a rejection changes nothing but the status.
 */
const depositKind = (chain: ChainOptions): RequestKind<DepositRow, DepositView> => ({
  kind: 'deposit',
  table: 'deposits',
  alias: 'd',
  columns: DEPOSIT_COLUMNS,
  notFound: MSG.approval.depositNotFound,
  lock: lockDeposit,
  toView: toDepositView,
  describe: (v) => ({ member_id: v.member_id, currency: v.currency, amount: v.amount }),
  async approve(q, before, actor, reason) {
    // Issue 19: approving against the chain's verdict takes an explicit flag and a reason (decision 0171).
    const check = await chainGate(q, before.id, reason, chain, before.network);
    const currency = before.currency as BalanceCurrency;
    await lockBalances(q, [{ memberId: before.member_id, currency }]);
    const after = await applyBalanceChange(q, {
      memberId: before.member_id,
      currency,
      amount: new D(before.amount),
      kind: 'deposit',
      depositId: before.id,
      actorId: actor.actorId,
    });
    return { moved: { balance_after: after.toFixed() }, trailing: check };
  },
});

/** Approves or rejects a pending deposit in one transaction (the approval core, `decideRequest`). */
export function decideDeposit(
  db: Db,
  actor: Actor<string | null>,
  id: string,
  decision: Decision,
  reason?: string,
  chain: ChainOptions = {},
): Promise<DepositView> {
  return decideRequest(db, depositKind(chain), actor, id, decision, reason);
}
