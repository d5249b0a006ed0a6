import { MSG } from '../../shared/messages';
import { type Actor, approvalOf } from '../audit/actor';
import { AUDIT_COLUMNS, auditValues } from '../audit/write-audit';
import { type Db, prepared, type Queryable } from '../db';
import { UUID_PATTERN } from '../db/iso-time';
import { announce, eventsJson, insertEventsSql, requestDecidedEvents } from '../events/publish';
import { AppError } from '../http/errors';

export type Decision = 'approve' | 'reject';

/** What an approval moved (balance and ledger), for the audit entry: before and after the reason. */
interface Moved {
  moved?: Record<string, unknown>;
  /** Written after the reason (a deposit's chain verdict). */
  trailing?: Record<string, unknown> | null;
}

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
  /** Moves the money of an approval (the balance rows locked in a fixed order) before the status changes. */
  approve(q: Queryable, before: Row, actor: Actor<string | null>, reason?: string): Promise<Moved>;
  /** The request's fields in the audit entry, after the status. */
  describe(view: View): Record<string, unknown>;
  /** A member credited by the approval besides the requester (an internal transfer's recipient). */
  creditedMemberOf?(before: Row): string | null;
}

/** Who decides which request, how, and why (the reason goes into the audit entry). */
export type DecisionArgs = [actor: Actor<string | null>, id: string, decision: Decision, reason?: string];

/**
 * The approval core (decision 0025, 0180): approves or rejects a pending request in one transaction: lock
 * the request row, require pending, move the money (approval only), set the status with who and when,
 * write the audit entry, announce the live event. Whoever locks the row second finds it decided (409).
 */
export async function decideRequest<R extends RowBase, V extends ViewBase>(
  db: Db,
  kind: RequestKind<R, V>,
  ...d: DecisionArgs
) {
  if (!UUID_PATTERN.test(d[1])) throw new AppError('NOT_FOUND', kind.notFound);
  return db.tx((q) => decideRequestIn(q, kind, ...d));
}

/** `decideRequest` inside the caller's transaction (a confirmed payout proposal applies it this way). */
export async function decideRequestIn<R extends RowBase, V extends ViewBase>(
  q: Queryable,
  kind: RequestKind<R, V>,
  ...[actor, id, decision, reason]: DecisionArgs
): Promise<V> {
  const before = await kind.lock(q, id);
  if (!before) throw new AppError('NOT_FOUND', kind.notFound);
  if (before.status !== 'pending') throw new AppError('NOT_PENDING', MSG.approval.notPending);
  const status = decision === 'approve' ? 'approved' : 'rejected';
  const { moved, trailing } = decision === 'approve' ? await kind.approve(q, before, actor, reason) : {};
  const { audit, events } = decisionRecords(kind, before, actor, decision, reason, moved, trailing);
  const a = kind.alias;
  const [row] = await q.query<R>(
    prepared(`WITH decided AS (
       UPDATE ${kind.table} AS ${a} SET status = $2, processed_by = $3, processed_at = now(), updated_at = now()
        WHERE ${a}.id = $1 RETURNING ${kind.columns}),
     audit AS (
       INSERT INTO audit_log (${AUDIT_COLUMNS})
       SELECT $4::uuid, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11 FROM decided),
     events AS (${insertEventsSql(12)} WHERE EXISTS (SELECT 1 FROM decided))
     SELECT * FROM decided`),
    [id, status, actor.actorId, ...audit, events],
  );
  await announce(q);
  return kind.toView(row!);
}

/**
 * The audit entry's values (`auditValues`) and the live events (`eventsJson`) of a decision. What they name
 * does not change with the decision, so they are known once the row is read, and the status, the audit
 * entry and the events are written by one statement (decision 0203). `moved` is what the approval moved,
 * when known before that statement.
 */
function decisionRecords<R extends RowBase, V extends ViewBase>(
  kind: RequestKind<R, V>,
  before: R,
  actor: Actor<string | null>,
  decision: Decision,
  reason?: string,
  moved?: Record<string, unknown>,
  trailing?: Record<string, unknown> | null,
): { audit: unknown[]; events: string } {
  const status = decision === 'approve' ? 'approved' : 'rejected';
  const decided = kind.toView({ ...before, status });
  const audit = auditValues({
    actorId: actor.actorId,
    actorUsername: actor.actorUsername,
    action: `${kind.kind}.${decision}`,
    targetType: kind.kind,
    targetId: before.id,
    before: { status: before.status },
    after: {
      status,
      ...kind.describe(decided),
      ...moved,
      ...(reason ? { reason } : {}),
      ...trailing,
      ...approvalOf(actor),
    },
    ip: actor.ip,
  });
  const events = requestDecidedEvents(
    kind.kind,
    decided,
    actor.actorUsername,
    kind.creditedMemberOf?.(before),
  );
  return { audit, events: eventsJson(events) };
}
