/**
 * What an administrator's reset of a member's password or second password leaves behind (decision 0370).
 * The administrator then knows the member's secrets, so for a while the account is treated as possibly
 * theirs: the member's withdrawals wait, the resetting administrator approves none of the member's
 * requests, and the member cannot be made an administrator. Read from the sign-in log, which is
 * append-only (every reset writes its row with the administrator's id).
 */
import { formatKst } from '../../shared/exchanges';
import { MSG } from '../../shared/messages';
import type { Actor } from '../audit/actor';
import type { Queryable } from '../db';
import { isoTime } from '../db/iso-time';
import { AppError } from '../http/errors';

/**
 * How long an administrator who reset an account's secrets is treated as able to use it: a month is long
 * enough for the owner to notice they cannot sign in. Such an account is not promoted meanwhile
 * (`proposals/grant-guard.ts`), and confirms none of that administrator's proposals (`proposals/confirm.ts`).
 */
export const RESET_ACCOUNT_DAYS = 30;

const RESETS = `kind IN ('admin_password_reset', 'admin_second_password_reset') AND success`;

interface RecentResets {
  /** When the last reset's window ends (ISO), or null when none falls in it. */
  until: string | null;
  /** Who made the resets in the window. */
  resetters: string[];
}

/** The member's administrator resets of the last `hours`. */
async function recentResets(q: Queryable, memberId: string, hours: number): Promise<RecentResets> {
  if (hours <= 0) return { until: null, resetters: [] };
  const rows = await q.query<{ actor_id: string | null; until: string }>(
    `SELECT actor_id::text AS actor_id, ${isoTime('(created_at + make_interval(secs => $2::double precision))')} AS until
       FROM auth_events
      WHERE member_id = $1 AND ${RESETS} AND created_at > now() - make_interval(secs => $2::double precision)
      ORDER BY created_at DESC`,
    [memberId, hours * 3600],
  );
  return {
    until: rows[0]?.until ?? null,
    resetters: rows.flatMap((r) => (r.actor_id ? [r.actor_id] : [])),
  };
}

/** A member whose secrets an administrator set within `hours` does not withdraw or transfer yet. */
export async function refuseWithdrawalAfterReset(q: Queryable, memberId: string, hours: number) {
  const { until } = await recentResets(q, memberId, hours);
  if (until) {
    const m = MSG.guards.withdrawalHold(formatKst(until));
    throw new AppError('VALIDATION', m, { amount: m });
  }
}

/** The administrator who reset the member's secrets (acting or confirming) approves none of their requests. */
export async function refuseResetterApproval(
  q: Queryable,
  memberId: string,
  actor: Actor<string | null>,
  hours: number,
) {
  const { until, resetters } = await recentResets(q, memberId, hours);
  const people = [actor.actorId, actor.confirmerId].filter((id): id is string => Boolean(id));
  if (until && resetters.some((r) => people.includes(r)))
    throw new AppError('FORBIDDEN', MSG.guards.resetterApproves(formatKst(until)));
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
        AND a.action IN ('member.password.reset', 'member.second_password.reset', 'member.totp.reset')
        AND a.created_at > now() - make_interval(days => $3::int)
        AND (a.actor_id = $2 OR EXISTS (
              SELECT 1 FROM admin_proposals p
               WHERE p.id = (a.after #>> '{approval,proposal_id}')::uuid AND p.decided_by = $2))`,
    [memberId, by, RESET_ACCOUNT_DAYS],
  );
  return row?.until ?? null;
}
