/**
 * What a reset or recovery of an account's password or second password leaves behind (decisions 0370,
 * 0400). Someone other than the owner may now hold the account's secrets, so for a while it is treated as
 * possibly theirs: the member's withdrawals wait (after an administrator's reset of another administrator
 * and after a member's own recovery alike), whoever took part in it approves none of the member's requests
 * for RESET_ACCOUNT_DAYS, the desk shows 최근 계정 복구, and the member cannot be made an administrator.
 * Read from the sign-in and audit logs, which are append-only.
 */
import { formatDateTime } from '../../shared/format';
import { MSG } from '../../shared/messages';
import type { Queryable } from '../db';
import { isoTime } from '../db/iso-time';
import { AppError } from '../http/errors';

/**
 * How long an administrator who reset an account's secrets is treated as able to use it: a month is long
 * enough for the owner to notice they cannot sign in. Such an account is not promoted meanwhile
 * (`proposals/grant-guard.ts`), and confirms none of that administrator's proposals (`proposals/confirm.ts`).
 */
export const RESET_ACCOUNT_DAYS = 30;

const RESETS = `kind IN ('admin_password_reset', 'admin_second_password_reset', 'password_recovery',
  'second_password_recovery') AND success`;

/** The audit actions of a reset or recovery someone other than the member took part in. */
const PART_ACTIONS = [
  'member.password.reset',
  'member.second_password.reset',
  'member.totp.reset',
  'member.recovery.send',
];
const PART_LIST = PART_ACTIONS.map((a) => `'${a}'`).join(', ');
const PARTS = `(${PART_LIST})`;

interface RecentResets {
  /** When the last reset's window ends (ISO), or null when none falls in it. */
  until: string | null;
  /** Who made the resets in the window. */
  resetters: string[];
}

/** The member's administrator resets of the last `hours`. */
async function recentResets(q: Queryable, memberId: string, hours: number): Promise<RecentResets> {
  if (hours <= 0) return { until: null, resetters: [] };
  // With the resets of secrets, an administrator's reset of the member's one-time codes (one step for a
  // member): whoever holds the password and the second password then withdraws without the code.
  const rows = await q.query<{ actor_id: string | null; until: string }>(
    `SELECT actor_id::text AS actor_id, ${isoTime('(at + make_interval(secs => $2::double precision))')} AS until
       FROM (SELECT actor_id, created_at AS at FROM auth_events
              WHERE member_id = $1 AND ${RESETS} AND created_at > now() - make_interval(secs => $2::double precision)
             UNION ALL
             SELECT actor_id, created_at FROM audit_log
              WHERE target_id = $1::text AND action = 'member.totp.reset' AND target_type = 'member'
                AND created_at > now() - make_interval(secs => $2::double precision)) r
      ORDER BY at DESC`,
    [memberId, hours * 3600],
  );
  return {
    until: rows[0]?.until ?? null,
    resetters: rows.flatMap((r) => (r.actor_id ? [r.actor_id] : [])),
  };
}

/**
 * A member whose secrets were reset or recovered, or whose one-time codes an administrator reset, within
 * `hours` does not withdraw or transfer yet.
 */
export async function refuseWithdrawalAfterReset(q: Queryable, memberId: string, hours: number) {
  const { until } = await recentResets(q, memberId, hours);
  if (until) {
    const m = MSG.guards.withdrawalHold(formatDateTime(until, false));
    throw new AppError('VALIDATION', m, { amount: m });
  }
}

/**
 * Whoever took part in a reset or recovery of the member's account (made it, proposed it or confirmed it)
 * approves none of the member's requests, as proposer, confirmer or approver, for RESET_ACCOUNT_DAYS (the
 * withdrawal hold after a reset is at most 720 hours, `ADMIN_RESET_WITHDRAWAL_HOLD_HOURS`, so never longer):
 * they may hold the account's secrets or have sent its recovery where they read it. An SQL expression (ISO
 * text, or NULL) of the member's id (text) and the people (uuid[]) given as parameters, read by
 * `resetter_until` (migration 180); the approval core carries it in the statement that sets the request's
 * status (`approval/decide-request.ts`), and `refuseResetter` reads what it gave.
 */
export const resetterUntilSql = (member: string, people: string) =>
  isoTime(
    `resetter_until(${member}::text, ${people}::uuid[], ${RESET_ACCOUNT_DAYS * 86_400}, ARRAY[${PART_LIST}]::text[])`,
  );

/** Refuses an approval when `resetterUntilSql` gave a time (see there). */
export function refuseResetter(until: string | null) {
  if (until) throw new AppError('FORBIDDEN', MSG.guards.resetterApproves(formatDateTime(until, false)));
}

/**
 * For the desk: each member's last reset or recovery within RESET_ACCOUNT_DAYS (ISO), by member id: the
 * resets and recoveries the sign-in log holds, and the recoveries administrators sent (audit log).
 */
export async function recentRecoveries(q: Queryable, memberIds: string[]): Promise<Map<string, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await q.query<{ member_id: string; at: string }>(
    `SELECT member_id::text AS member_id, ${isoTime('max(at)')} AS at FROM (
       SELECT member_id, created_at AS at FROM auth_events
        WHERE member_id = ANY($1::uuid[]) AND ${RESETS}
          AND created_at > now() - make_interval(days => $2::int)
       UNION ALL
       SELECT target_id::uuid, created_at FROM audit_log
        WHERE target_type = 'member' AND target_id = ANY($3::text[]) AND action IN ${PARTS}
          AND created_at > now() - make_interval(days => $2::int)) r
     GROUP BY member_id`,
    [[...new Set(memberIds)], RESET_ACCOUNT_DAYS, [...new Set(memberIds)]],
  );
  return new Map(rows.map((r) => [r.member_id, r.at]));
}

/** When the member's last administrator reset was, or null when none was ever made. */
export async function lastReset(
  q: Queryable,
  memberId: string,
): Promise<{ at: string; days: number } | null> {
  const [row] = await q.query<{ at: string; days: number }>(
    `SELECT ${isoTime('max(created_at)')} AS at,
            extract(epoch FROM now() - max(created_at))::float8 / 86400 AS days
       FROM auth_events WHERE member_id = $1 AND ${RESETS}`,
    [memberId],
  );
  return row?.at ? row : null;
}

/**
 * When the last reset of the account's password, second password or one-time code that `by` took part in
 * (made it, proposed it or confirmed it) within RESET_ACCOUNT_DAYS stops counting (ISO), or null when there
 * was none. Read from the audit log, which every reset writes (its actor the proposer, its approval naming
 * the proposal, whose `decided_by` is the confirmer) and which is never changed.
 */
export async function resetTakenPartIn(q: Queryable, memberId: string, by: string): Promise<string | null> {
  const [row] = await q.query<{ until: string | null }>(
    `SELECT ${isoTime(`(max(a.created_at) + make_interval(days => $3::int))`)} AS until
       FROM audit_log a
      WHERE a.target_id = $1::text
        AND a.action IN ${PARTS}
        AND a.created_at > now() - make_interval(days => $3::int)
        AND (a.actor_id = $2 OR EXISTS (
              SELECT 1 FROM admin_proposals p
               WHERE p.id = (a.after #>> '{approval,proposal_id}')::uuid AND p.decided_by = $2))`,
    [memberId, by, RESET_ACCOUNT_DAYS],
  );
  return row?.until ?? null;
}
