import { SIGN_IN_ACTIVITY_LIMIT, type SignInActivityItem } from '../../shared/schemas/auth-events';
import type { Queryable } from '../db';
import { iso } from '../sql';

/**
 * The member's own last sign-in events, newest first (my page's "최근 로그인 활동"). A sign-in is one row:
 * a passed password step that the second step completed (the same address and browser, within the 10
 * minutes the half session lives) is left out, and the second step's success stands for the sign-in; a password step that was never completed
 * stays, so the member sees that someone had the password.
 */
export async function readSignInActivity(q: Queryable, memberId: string) {
  const items = await q.query<SignInActivityItem>(
    `SELECT id::text AS id, kind, success, reason, ip, user_agent, ${iso('created_at')} AS created_at
       FROM auth_events e
      WHERE member_id = $1
        AND NOT (kind = 'login' AND success AND EXISTS (
              SELECT 1 FROM auth_events f
               WHERE f.member_id = e.member_id AND f.kind = 'second_factor' AND f.success
                 AND f.ip IS NOT DISTINCT FROM e.ip AND f.user_agent IS NOT DISTINCT FROM e.user_agent
                 AND f.created_at >= e.created_at AND f.created_at <= e.created_at + interval '10 minutes'))
      ORDER BY created_at DESC, id DESC LIMIT $2`,
    [memberId, SIGN_IN_ACTIVITY_LIMIT],
  );
  return { items };
}
