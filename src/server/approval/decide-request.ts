import { MSG } from '../../shared/messages';
import { type Actor, approvalOf } from '../audit/actor';
import { type Db, prepared, type Queryable } from '../db';
import { UUID_PATTERN } from '../db/iso-time';
import { requestDecidedEvents } from '../events/publish';
import { AppError } from '../http/errors';
import { refuseResetter, resetterUntilSql } from '../members/admin-resets';
import { applyMovement, type BalanceChange, type BalancesAfter } from '../money/kernel';

type Decision = 'approve' | 'reject';

/** What an approval moves (the kernel applies it) and what its audit entry adds: before and after the reason. */
export interface Moves {
  changes: BalanceChange[];
  /** The audit entry's fields about what the changes left. */
  moved(after: BalancesAfter): Record<string, unknown>;
  /** Written after the reason (a deposit's chain verdict). */
  trailing?: Record<string, unknown> | null;
}

const NOTHING: Moves = { changes: [], moved: () => ({}) };

interface RowBase {
  id: string;
  status: string;
  member_id: string;
}
type ViewBase = RowBase & { currency: string; amount: string };

/**
 * One kind of request the approval core decides (decision 0180): its table, how its row is locked and
 * shown, what an approval moves, and what its audit entry names. Deposits and withdrawals differ only here.
 */
export interface RequestKind<Row extends RowBase, View extends ViewBase> {
  kind: 'deposit' | 'withdrawal';
  table: 'deposits' | 'withdrawals';
  /** The table's alias in `columns`. */
  alias: 'd' | 'w';
  columns: string;
  notFound: string;
  lock(q: Queryable, id: string): Promise<Row | null>;
  toView(row: Row): View;
  /** Checks an approval and says what it moves; the kernel moves it. */
  approve(q: Queryable, before: Row, actor: Actor<string | null>, reason?: string): Promise<Moves>;
  /** The request's fields in the audit entry, after the status. */
  describe(view: View): Record<string, unknown>;
  /** A member credited by the approval besides the requester (an internal transfer's recipient). */
  creditedMemberOf?(before: Row): string | null;
}

/** Who decides which request, how, and why (the reason goes into the audit entry). */
export type DecisionArgs = [actor: Actor<string | null>, id: string, decision: Decision, reason?: string];
/** A decision outside the registry: a rejection only. */
export type RejectArgs = [actor: Actor<string | null>, id: string, decision: 'reject', reason?: string];

/**
 * Rejects a pending request in one transaction. Only a rejection: an approval moves money, and money moves
 * only through the four-eyes registry (`proposals/registry.ts`), which checks the thresholds; any other
 * decision is refused here whatever the caller's types said.
 */
export async function rejectRequest<R extends RowBase, V extends ViewBase>(
  db: Db,
  kind: RequestKind<R, V>,
  ...[actor, id, decision, reason]: RejectArgs
) {
  if (decision !== 'reject')
    throw new Error(`${kind.kind} ${decision}: only the four-eyes registry approves`);
  if (!UUID_PATTERN.test(id)) throw new AppError('NOT_FOUND', kind.notFound);
  return db.tx((q) => decideRequestIn(q, kind, actor, id, 'reject', reason));
}

/**
 * The approval core (decision 0025, 0180): approves or rejects a pending request in the caller's
 * transaction (a registry kind's `apply`): lock the request row, require pending, move the money (approval
 * only), set the status with who and when, write the audit entry, announce the live event. Whoever locks the
 * row second finds it decided (409).
 */
export async function decideRequestIn<R extends RowBase, V extends ViewBase>(
  q: Queryable,
  kind: RequestKind<R, V>,
  ...[actor, id, decision, reason]: DecisionArgs
): Promise<V> {
  const before = await kind.lock(q, id);
  if (!before) throw new AppError('NOT_FOUND', kind.notFound);
  return decideLockedIn(q, kind, before, actor, decision, reason);
}

/** `decideRequestIn` for a request row the caller has already locked in this transaction. */
export async function decideLockedIn<R extends RowBase, V extends ViewBase>(
  q: Queryable,
  kind: RequestKind<R, V>,
  before: R,
  ...[actor, decision, reason]: [actor: Actor<string | null>, decision: Decision, reason?: string]
): Promise<V> {
  if (before.status !== 'pending') throw new AppError('NOT_PENDING', MSG.approval.notPending);
  if (decision === 'approve') refuseOwnApproval(actor, [before.member_id, kind.creditedMemberOf?.(before)]);
  const status = decision === 'approve' ? 'approved' : 'rejected';
  const moves = decision === 'approve' ? await kind.approve(q, before, actor, reason) : NOTHING;
  const decided = kind.toView({ ...before, status });
  const a = kind.alias;
  // The status first: the balance rows are then held for the fewest statements. The same statement reads
  // whether an approver took part in a reset of the member's account (nobody, for a rejection).
  const approvers = decision === 'approve' ? [actor.actorId, actor.confirmerId].filter(Boolean) : [];
  const [updated] = await q.query<R & { resetter_until: string | null }>(
    prepared(`UPDATE ${kind.table} AS ${a} SET status = $2, processed_by = $3, processed_at = now(), updated_at = now()
        WHERE ${a}.id = $1 RETURNING ${kind.columns}, ${resetterUntilSql('$4', '$5')} AS resetter_until`),
    [before.id, status, actor.actorId, before.member_id, approvers],
  );
  const { resetter_until: until, ...row } = updated!;
  refuseResetter(until);
  await applyMovement(q, {
    changes: moves.changes,
    audit: (after) => ({
      actorId: actor.actorId,
      actorUsername: actor.actorUsername,
      action: `${kind.kind}.${decision}`,
      targetType: kind.kind,
      targetId: before.id,
      before: { status: before.status },
      after: {
        status,
        ...kind.describe(decided),
        ...moves.moved(after),
        ...(reason ? { reason } : {}),
        ...moves.trailing,
        ...approvalOf(actor),
      },
      ip: actor.ip,
    }),
    events: requestDecidedEvents(kind.kind, decided, actor.actorUsername, kind.creditedMemberOf?.(before)),
  });
  // The request's row: what the statement returned without the column it added.
  return kind.toView(row as unknown as R);
}

/**
 * Nobody releases money to themself: an administrator approving (or confirming the approval of) their own
 * deposit or withdrawal, or an internal transfer to them, is refused whatever the amount.
 */
function refuseOwnApproval(actor: Actor<string | null>, members: (string | null | undefined)[]) {
  const people = [actor.actorId, actor.confirmerId].filter((id): id is string => Boolean(id));
  if (members.some((m) => m && people.includes(m))) throw new AppError('FORBIDDEN', MSG.guards.ownRequest);
}
