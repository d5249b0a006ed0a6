import { prepared, type Queryable } from '../db';

/**
 * The NOTIFY channel of live events. The notification carries nothing: it tells every instance to read
 * the events that are ready (src/server/events/hub.ts), so several commits can share one.
 */
export const EVENTS_CHANNEL = 'wallet_events';
/** The NOTIFY channel of session changes (trigger of migration 013): the payload is a member id. */
export const SESSIONS_CHANNEL = 'wallet_sessions';

type LiveEventType =
  | 'deposit.created'
  | 'deposit.confirming'
  | 'deposit.approved'
  | 'deposit.rejected'
  | 'withdrawal.created'
  | 'withdrawal.approved'
  | 'withdrawal.rejected'
  | 'balance.changed'
  | 'lock.changed'
  | 'notice.created'
  | 'proposal.changed';

export interface LiveEventInput {
  type: LiveEventType;
  /** The member the event is about; null = every member (a notice). */
  memberId: string | null;
  /** Whether the member (or, for memberId null, every member) receives it. */
  toMember: boolean;
  /** Whether every administrator receives it. */
  toAdmins: boolean;
  /** What the client shows; `by` (the deciding administrator) is sent to administrators only. */
  data: Record<string, unknown>;
}

/** A stored event as it travels through NOTIFY and the replay query. */
export interface LiveEvent {
  id: string;
  at: string;
  type: LiveEventType;
  member_id: string | null;
  to_member: boolean;
  to_admins: boolean;
  data: Record<string, unknown>;
}

/**
 * An event's place in delivery order as one integer: the writing transaction's id (xid8) times 10^19 plus
 * the row id (a bigserial, below 2^63 < 10^19). Integers compare as the pair (tx, id) does, so the stream's
 * `id:` field and Last-Event-ID stay plain decimal numbers (decision 0131).
 */
export const CURSOR_BASE = 10n ** 19n;
export const CURSOR_SQL = '(tx::text::numeric * 10000000000000000000 + id)::text';
/** The pair (tx, id) of a cursor, as SQL parameters. */
export const cursorParams = (cursor: bigint): [string, string] => [
  (cursor / CURSOR_BASE).toString(),
  (cursor % CURSOR_BASE).toString(),
];
/** SQL: the event is past the cursor ($n xid8, $n+1 bigint) and every older transaction has ended. */
export const readyAfter = (n: number) =>
  `(tx, id) > ($${n}::xid8, $${n + 1}::bigint) AND tx < pg_snapshot_xmin(pg_current_snapshot())`;

export const EVENT_COLUMNS = `${CURSOR_SQL} AS id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
  type, member_id::text AS member_id, to_member, to_admins, data`;

/**
 * Records a live event in the caller's transaction (a rollback announces nothing) and, once it has
 * committed, wakes every instance's hub with an empty NOTIFY outside the transaction. No lock is taken:
 * delivery order comes from the transaction id (decision 0131), so money transactions commit side by side.
 */
export async function publish(q: Queryable, event: LiveEventInput): Promise<void> {
  await q.query(
    `INSERT INTO live_events (type, member_id, to_member, to_admins, data)
     VALUES ($1, $2::uuid, $3, $4, $5::jsonb)`,
    [event.type, event.memberId, event.toMember, event.toAdmins, JSON.stringify(event.data)],
  );
  await announce(q);
}

/**
 * Records `events` in the same statement as `sql` (another INSERT of the caller's, with the parameters
 * `params`), in their order: one round trip for an action's audit entry and its events.
 */
export async function publishWith(
  q: Queryable,
  events: LiveEventInput[],
  sql: string,
  params: unknown[],
): Promise<void> {
  if (events.length === 0) return void (await q.query(sql, params));
  const rows = events.map((e) => ({
    type: e.type,
    member_id: e.memberId,
    to_member: e.toMember,
    to_admins: e.toAdmins,
    data: e.data,
  }));
  // One text per caller's `sql`, its plan independent of the values: prepared (see `prepared`).
  await q.query(
    prepared(`WITH events AS (
       INSERT INTO live_events (type, member_id, to_member, to_admins, data)
       SELECT e.type, e.member_id, e.to_member, e.to_admins, e.data
         FROM jsonb_to_recordset($${params.length + 1}::jsonb)
              AS e(type text, member_id uuid, to_member boolean, to_admins boolean, data jsonb))
     ${sql}`),
    [...params, JSON.stringify(rows)],
  );
  await announce(q);
}

interface RequestLike {
  id: string;
  member_id: string;
  currency: string;
  amount: string;
  status: string;
}

/** A member's new deposit or withdrawal request: to the member and to every administrator. Returns `r`. */
export async function publishRequestCreated<T extends RequestLike>(
  q: Queryable,
  kind: 'deposit' | 'withdrawal',
  r: T,
): Promise<T> {
  await publish(q, {
    type: `${kind}.created`,
    memberId: r.member_id,
    toMember: true,
    toAdmins: true,
    data: { kind, request_id: r.id, currency: r.currency, amount: r.amount, status: r.status },
  });
  return r;
}

/**
 * The events of a decision on a request: to its member and to every administrator (with who decided); an
 * approved internal transfer first tells the recipient (`creditedMemberId`) that a balance changed.
 */
export function requestDecidedEvents(
  kind: 'deposit' | 'withdrawal',
  r: RequestLike,
  by: string,
  creditedMemberId?: string | null,
): LiveEventInput[] {
  const credited =
    creditedMemberId && r.status === 'approved' ? [balanceChangedEvent(creditedMemberId, [r.currency])] : [];
  return [
    ...credited,
    {
      type: r.status === 'approved' ? `${kind}.approved` : `${kind}.rejected`,
      memberId: r.member_id,
      toMember: true,
      toAdmins: true,
      data: { kind, request_id: r.id, currency: r.currency, amount: r.amount, status: r.status, by },
    },
  ];
}

/** Wakes every instance's hub once the caller's transaction has committed (events written by SQL). */
async function announce(q: Queryable): Promise<void> {
  if (q.notifyAfterCommit) q.notifyAfterCommit(EVENTS_CHANNEL);
  else await q.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, '']);
}

/** A member's balance changed (an administrator's change, another member's transfer): to that member. */
export const balanceChangedEvent = (memberId: string, currencies: string[]): LiveEventInput => ({
  type: 'balance.changed',
  memberId,
  toMember: true,
  toAdmins: false,
  data: { currencies },
});

/** A lock added, edited or removed: to that member. */
export function publishLockChanged(q: Queryable, memberId: string, currency: string) {
  return publish(q, { type: 'lock.changed', memberId, toMember: true, toAdmins: false, data: { currency } });
}

/** A published notice: to every member. */
export function publishNoticeCreated(q: Queryable, noticeId: string, title: string) {
  return publish(q, {
    type: 'notice.created',
    memberId: null,
    toMember: true,
    toAdmins: false,
    data: { notice_id: noticeId, title },
  });
}
