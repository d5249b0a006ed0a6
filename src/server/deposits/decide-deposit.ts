import { BALANCE_CURRENCIES, type BalanceCurrency } from '../../shared/constants';
import { D } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import type { DepositView } from '../../shared/schemas/deposits';
import {
  type DecisionArgs,
  decideLockedIn,
  decideRequestIn,
  type RejectArgs,
  type RequestKind,
  rejectRequest,
} from '../approval/decide-request';
import type { Actor } from '../audit/actor';
import { type Db, prepared, type Queryable } from '../db';
import { AppError } from '../http/errors';
import { chainGate, type LockedDeposit } from './chain-gate';
import { DEPOSIT_COLUMNS, toDepositView } from './deposit-view';

const isBalanceCurrency = (c: string): c is BalanceCurrency =>
  (BALANCE_CURRENCIES as readonly string[]).includes(c);

/** What the chain gate needs (decision 0171). */
interface ChainOptions {
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
  async approve(_q, before, actor, reason) {
    // Approving against the chain's verdict takes an explicit flag and a reason (decision 0171).
    const trailing = chainGate(before, reason, chain);
    if (!isBalanceCurrency(before.currency)) throw new AppError('CONFLICT', MSG.approval.unsupportedCurrency);
    return {
      changes: [
        {
          memberId: before.member_id,
          currency: before.currency,
          amount: new D(before.amount),
          kind: 'deposit',
          depositId: before.id,
          actorId: actor.actorId,
          confirmedBy: actor.confirmerId,
        },
      ],
      moved: ([after]) => ({ balance_after: after!.toFixed() }),
      trailing,
    };
  },
});

/**
 * Locks a deposit for a decision with its chain check, if any (one statement, as the approval core runs it, decision 0320). The deposit
 * row is locked first, then the check's row, so the checker cannot change the verdict until the decision
 * commits.
 */
export async function lockForDecision(q: Queryable, id: string): Promise<LockedDeposit | null> {
  const [row] = await q.query<LockedDeposit>(
    prepared(`WITH locked AS (SELECT ${DEPOSIT_COLUMNS} FROM deposits d WHERE d.id = $1 FOR UPDATE),
          chain AS (SELECT verdict, confirmations, final, before_assignment FROM deposit_chain_checks
                     WHERE deposit_id = $1 FOR UPDATE)
     SELECT locked.*, chain.verdict AS chain_verdict, chain.confirmations AS chain_confirmations,
            chain.final AS chain_final, chain.before_assignment AS chain_before_assignment
       FROM locked LEFT JOIN chain ON true`),
    [id],
  );
  return row ?? null;
}

/** A decision's arguments (`DecisionArgs`), with the deposit's chain options. */
type DepositDecision = [...DecisionArgs, chain?: ChainOptions];

/**
 * Rejects a pending deposit in one transaction (the approval core). Approving is the registry's
 * (`depositApproval` of `proposals/kinds-money.ts`, `proposals/approve-deposit.ts`), which checks the
 * four-eyes thresholds first.
 */
export const decideDeposit = (db: Db, ...d: RejectArgs): Promise<DepositView> =>
  rejectRequest(db, depositKind({}), ...d);

/** `decideDeposit` inside the caller's transaction: a registry kind's `apply` (one step or confirmed). */
export const decideDepositIn = (
  q: Queryable,
  ...[actor, id, decision, reason, chain = {}]: DepositDecision
): Promise<DepositView> => decideRequestIn(q, depositKind(chain), actor, id, decision, reason);

/** The same for the deposit the caller's plan has locked (`lockForDecision`) in this transaction. */
export const approveLockedDepositIn = (
  q: Queryable,
  actor: Actor<string | null>,
  d: LockedDeposit,
  reason: string | undefined,
  chain: ChainOptions,
): Promise<DepositView> => decideLockedIn(q, depositKind(chain), d, actor, 'approve', reason);
