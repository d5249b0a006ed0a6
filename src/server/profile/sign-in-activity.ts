import { SIGN_IN_ACTIVITY_LIMIT, type SignInActivityItem } from '../../shared/schemas/auth-events';
import type { Queryable } from '../db';
import { iso } from '../sql';

/** The member's own last sign-in events, newest first (my page's "최근 로그인 활동"). */
export async function readSignInActivity(q: Queryable, memberId: string) {
  const items = await q.query<SignInActivityItem>(
    `SELECT id::text AS id, kind, success, reason, ip, user_agent, ${iso('created_at')} AS created_at
       FROM auth_events WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [memberId, SIGN_IN_ACTIVITY_LIMIT],
  );
  return { items };
}
