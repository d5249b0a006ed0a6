import type { Queryable } from '../db';

/** The NOTIFY channel of live events; the payload is the event row as JSON (well under 8000 bytes). */
export const EVENTS_CHANNEL = 'wallet_events';
/** The NOTIFY channel of session changes (trigger of migration 013): the payload is a member id. */
export const SESSIONS_CHANNEL = 'wallet_sessions';
/** Any constant: serialises the last step of publishing transactions so ids follow commit order. */
const EVENT_ORDER_LOCK = 7_260_016;

export type LiveEventType =
  | 'deposit.created'
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

export const EVENT_COLUMNS = `id::text AS id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
  type, member_id::text AS member_id, to_member, to_admins, data`;

/**
 * Records a live event in the caller's transaction and announces it with pg_notify, which PostgreSQL
 * delivers only when (and if) that transaction commits. Call it as the last statement of the transaction:
 * it takes a transaction advisory lock, so event ids are handed out in commit order (decision 0130).
 */
export async function publish(q: Queryable, event: LiveEventInput): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [EVENT_ORDER_LOCK]);
  await q.query(
    `WITH e AS (
       INSERT INTO live_events (type, member_id, to_member, to_admins, data)
       VALUES ($1, $2::uuid, $3, $4, $5::jsonb) RETURNING ${EVENT_COLUMNS}
     )
     SELECT pg_notify($6, row_to_json(e)::text) FROM e`,
    [event.type, event.memberId, event.toMember, event.toAdmins, JSON.stringify(event.data), EVENTS_CHANNEL],
  );
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
 * A decision on a request: to its member and to every administrator (with who decided); an approved
 * internal transfer also tells the recipient (`creditedMemberId`) that a balance changed.
 */
export async function publishRequestDecided(
  q: Queryable,
  kind: 'deposit' | 'withdrawal',
  r: RequestLike,
  by: string,
  creditedMemberId?: string | null,
): Promise<void> {
  if (creditedMemberId && r.status === 'approved')
    await publishBalanceChanged(q, creditedMemberId, [r.currency]);
  await publish(q, {
    type: r.status === 'approved' ? `${kind}.approved` : `${kind}.rejected`,
    memberId: r.member_id,
    toMember: true,
    toAdmins: true,
    data: { kind, request_id: r.id, currency: r.currency, amount: r.amount, status: r.status, by },
  });
}

/** A balance set by an administrator, or credited by another member's transfer: to that member. */
export function publishBalanceChanged(q: Queryable, memberId: string, currencies: string[]) {
  return publish(q, {
    type: 'balance.changed',
    memberId,
    toMember: true,
    toAdmins: false,
    data: { currencies },
  });
}

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
