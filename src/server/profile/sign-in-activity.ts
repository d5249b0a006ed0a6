import { SIGN_IN_ACTIVITY_LIMIT, type SignInActivityItem } from '../../shared/schemas/auth-events';
import type { Queryable } from '../db';
import { iso } from '../sql';

/**
 * The member's own last sign-in events, newest first (my page's "최근 로그인 활동"). A sign-in is one row:
 * a passed password step and the second step that completed it (the first second-password success after
 * it, from the same address and browser, within the 10 minutes the half session lives) read as one
 * `login` success, at the second step's time. A password step never completed stays, so the member sees
 * that someone had the password; a second-password check that completed no sign-in (a withdrawal's PIN,
 * my page's) stays what it is, never read as a sign-in.
 */
export async function readSignInActivity(q: Queryable, memberId: string) {
  // `completes(login, step)`: `step` is the first second-password success after `login` from the same
  // device, with no other sign-in between them (a sign-up's own sign-in has no second step).
  const completes = (login: string, step: string) => `
    ${step}.member_id = ${login}.member_id AND ${step}.kind = 'second_factor' AND ${step}.success
    AND ${login}.kind = 'login' AND ${login}.success AND ${step}.id > ${login}.id
    AND ${step}.ip IS NOT DISTINCT FROM ${login}.ip AND ${step}.user_agent IS NOT DISTINCT FROM ${login}.user_agent
    AND ${step}.created_at <= ${login}.created_at + interval '10 minutes'
    AND NOT EXISTS (SELECT 1 FROM auth_events g
      WHERE g.member_id = ${login}.member_id AND g.kind IN ('login', 'second_factor') AND g.success
        AND g.id > ${login}.id AND g.id < ${step}.id
        AND g.ip IS NOT DISTINCT FROM ${login}.ip AND g.user_agent IS NOT DISTINCT FROM ${login}.user_agent)`;
  const items = await q.query<SignInActivityItem>(
    `SELECT id::text AS id,
            CASE WHEN EXISTS (SELECT 1 FROM auth_events l WHERE ${completes('l', 'e')}) THEN 'login' ELSE kind END
              AS kind,
            success, reason, ip, user_agent, ${iso('created_at')} AS created_at
       FROM auth_events e
      WHERE member_id = $1
        AND NOT EXISTS (SELECT 1 FROM auth_events f WHERE ${completes('e', 'f')})
      ORDER BY created_at DESC, id DESC LIMIT $2`,
    [memberId, SIGN_IN_ACTIVITY_LIMIT],
  );
  return { items };
}
