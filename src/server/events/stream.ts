/** One open event stream: its state, who may see what, what it is sent, and its session re-read. */
import type { ServerResponse } from 'node:http';
import type { Db } from '../db';
import type { LiveEvent } from './publish';

/** A reconnect catches up on at most this many events of at most this age (decision 0130). */
export const REPLAY_LIMIT = 500;
export const REPLAY_HOURS = 24;
/** A client that reads slower than events arrive is cut off when this much is waiting to be sent. */
export const MAX_BUFFERED_BYTES = 1 << 20;
/** One open `GET /api/events` response. */
export interface Stream {
  memberId: string;
  tokenHash: string;
  isAdmin: boolean;
  res: ServerResponse;
  /** The cursor of the last event written to this stream (replay and live events are never sent twice). */
  lastSentId: bigint;
  /** Events that arrived while the replay ran or while the session is being re-checked. */
  queue: LiveEvent[];
  replaying: boolean;
  draining: boolean;
  /** A session check was asked for while a drain ran. */
  recheck: boolean;
  closed: boolean;
  expiryTimer?: NodeJS.Timeout;
  timers: NodeJS.Timeout[];
}

/** Whether a session may see an event: its own events, notices to every member, and all events for admins. */
export function visibleTo(e: LiveEvent, s: { memberId: string; isAdmin: boolean }): boolean {
  if (e.to_admins && s.isAdmin) return true;
  return e.to_member && (e.member_id === null || e.member_id === s.memberId);
}

/** SQL form of `visibleTo` ($1 member id, $2 is administrator). */
export const VISIBLE_SQL = `((to_admins AND $2::boolean) OR (to_member AND (member_id IS NULL OR member_id = $1::uuid)))`;

/** What a stream sends for an event: `by` and the member id only to administrators. */
export function frame(e: LiveEvent, isAdmin: boolean): string {
  const { by, ...rest } = e.data as { by?: unknown };
  const body = isAdmin
    ? { id: e.id, at: e.at, type: e.type, member_id: e.member_id, data: e.data }
    : { id: e.id, at: e.at, type: e.type, data: rest };
  void by;
  return `id: ${e.id}\ndata: ${JSON.stringify(body)}\n\n`;
}

/** The stream's session as it stands now: role, stage and how long until it runs out (idle or absolute). */
export async function readStreamSession(db: Db, tokenHash: string, idleMinutes: number) {
  const [row] = await db.query<{ is_admin: boolean; stage: string; remaining_ms: number }>(
    `SELECT m.is_admin, s.stage,
              (extract(epoch FROM least(s.expires_at, s.last_seen_at + make_interval(mins => $2)) - now()) * 1000)::float8
                AS remaining_ms
         FROM sessions s JOIN members m ON m.id = s.member_id
        WHERE s.token_hash = $1 AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(mins => $2)`,
    [tokenHash, idleMinutes],
  );
  return row;
}
