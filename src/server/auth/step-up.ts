/**
 * An administrator's confirmation window (decision 0440): one fresh one-time code opens it on the session
 * that gave the code, and confirmations in that session inside it need no other code. Kept on the session
 * row, so it ends with the session (sign-out, idle or absolute expiry), and a new sign-in clears it on the
 * administrator's other sessions.
 */
import type { Queryable } from '../db';
import { iso } from '../sql';

/** The window closes this long after its last use... */
export const STEP_UP_IDLE_MINUTES = 5;
/** ...and at the latest this long after the code that opened it. */
export const STEP_UP_MAX_MINUTES = 15;

/** The window a confirmation used, for its audit entry. */
export interface StepUp {
  id: string;
  opened_at: string;
  /** 'code': this confirmation's own code opened it; 'window': an earlier code's window was still open. */
  by: 'code' | 'window';
}

const OPEN = `s.step_up_id IS NOT NULL AND s.step_up_at > now() - make_interval(mins => ${STEP_UP_MAX_MINUTES})
  AND s.step_up_used_at > now() - make_interval(mins => ${STEP_UP_IDLE_MINUTES})`;

/** When the session's window closes if it is not used again (ISO), or null when none is open. */
export async function stepUpUntil(q: Queryable, tokenHash: string): Promise<string | null> {
  const [row] = await q.query<{ until: string }>(
    `SELECT ${iso(`LEAST(s.step_up_at + make_interval(mins => ${STEP_UP_MAX_MINUTES}),
                       s.step_up_used_at + make_interval(mins => ${STEP_UP_IDLE_MINUTES}))`)} AS until
       FROM sessions s WHERE s.token_hash = $1 AND ${OPEN}`,
    [tokenHash],
  );
  return row?.until ?? null;
}

/**
 * Uses the session's open window inside the caller's transaction (its idle end moves on), or returns null
 * when none is open: the administrator's, with a one-time code still enrolled.
 */
export async function spendStepUp(q: Queryable, tokenHash: string, memberId: string): Promise<StepUp | null> {
  const [row] = await q.query<{ id: string; opened_at: string }>(
    `UPDATE sessions s SET step_up_used_at = now()
      WHERE s.token_hash = $1 AND s.member_id = $2 AND ${OPEN}
        AND EXISTS (SELECT 1 FROM member_totp t WHERE t.member_id = s.member_id AND t.confirmed_at IS NOT NULL)
      RETURNING s.step_up_id::text AS id, ${iso('s.step_up_at')} AS opened_at`,
    [tokenHash, memberId],
  );
  return row ? { ...row, by: 'window' } : null;
}

/** Opens a new window on the session, in the transaction that used up the code that opens it. */
export async function openStepUp(q: Queryable, tokenHash: string, memberId: string): Promise<StepUp> {
  const [row] = await q.query<{ id: string; opened_at: string }>(
    `UPDATE sessions SET step_up_id = gen_random_uuid(), step_up_at = now(), step_up_used_at = now()
      WHERE token_hash = $1 AND member_id = $2
      RETURNING step_up_id::text AS id, ${iso('step_up_at')} AS opened_at`,
    [tokenHash, memberId],
  );
  if (!row) throw new Error('a confirmation outside its own session');
  return { ...row, by: 'code' };
}

/** A new sign-in: every window the member had open on their other sessions closes. */
export async function closeStepUps(q: Queryable, memberId: string): Promise<void> {
  await q.query(
    `UPDATE sessions SET step_up_id = NULL, step_up_at = NULL, step_up_used_at = NULL
      WHERE member_id = $1 AND step_up_id IS NOT NULL`,
    [memberId],
  );
}
