import type { BalanceCurrency } from '../../shared/constants';
import { D } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import type { DepositView } from '../../shared/schemas/deposits';
import type { Actor } from '../admin/common';
import { type Decision, decideRequest, type RequestKind } from '../approval/decide-request';
import type { Db, Queryable } from '../db';
import { creditBalance } from '../wallet/ledger';
import { chainGate, type LockedDeposit } from './chain-gate';
import { DEPOSIT_COLUMNS, toDepositView } from './deposit-view';

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
const depositKind = (chain: ChainOptions): RequestKind<LockedDeposit, DepositView> => ({
  kind: 'deposit',
  table: 'deposits',
  alias: 'd',
  columns: DEPOSIT_COLUMNS,
  notFound: MSG.approval.depositNotFound,
  lock: lockForDecision,
  toView: toDepositView,
  describe: (v) => ({ member_id: v.member_id, currency: v.currency, amount: v.amount }),
  async approve(q, before, actor, reason) {
    // Issue 19: approving against the chain's verdict takes an explicit flag and a reason (decision 0171).
    const check = chainGate(before, reason, chain);
    const after = await creditBalance(q, {
      memberId: before.member_id,
      currency: before.currency as BalanceCurrency,
      amount: new D(before.amount),
      kind: 'deposit',
      depositId: before.id,
      actorId: actor.actorId,
    });
    return { moved: { balance_after: after.toFixed() }, trailing: check };
  },
});

/**
 * Locks a deposit for a decision with its chain check, if any (decision 0203: one statement). The deposit
 * row is locked first, then the check's row, so the checker cannot change the verdict until the decision
 * commits.
 */
async function lockForDecision(q: Queryable, id: string): Promise<LockedDeposit | null> {
  const [row] = await q.query<LockedDeposit>(
    `WITH locked AS (SELECT ${DEPOSIT_COLUMNS} FROM deposits d WHERE d.id = $1 FOR UPDATE),
          chain AS (SELECT verdict, confirmations, final FROM deposit_chain_checks WHERE deposit_id = $1 FOR UPDATE)
     SELECT locked.*, chain.verdict AS chain_verdict, chain.confirmations AS chain_confirmations,
            chain.final AS chain_final
       FROM locked LEFT JOIN chain ON true`,
    [id],
  );
  return row ?? null;
}

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
