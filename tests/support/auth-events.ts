import type { Queryable } from '../../src/server/db';
import type { Client } from './client';

/** A phone browser's user agent, as the sign-in log records it. */
export const UA =
  'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
/** `c` posting with the phone browser's user agent. */
export const withUa = (c: Client) => ({
  post: (path: string, body?: unknown) => c.post(path, body, { 'user-agent': UA }),
});

export interface AuthEventRow {
  kind: string;
  success: boolean;
  reason: string | null;
  identifier: string | null;
  ip: string | null;
  user_agent: string | null;
  actor_id: string | null;
}
/** The member's sign-in log, oldest first. */
export const authEventsOf = (db: Queryable, memberId: string) =>
  db.query<AuthEventRow>(
    'SELECT kind, success, reason, identifier, ip, user_agent, actor_id::text AS actor_id FROM auth_events WHERE member_id = $1 ORDER BY id',
    [memberId],
  );
/** Each event as `kind:ok|fail:reason`. */
export const summary = (rows: AuthEventRow[]) =>
  rows.map((r) => `${r.kind}:${r.success ? 'ok' : 'fail'}:${r.reason ?? ''}`);
