import { MSG } from '../../shared/messages';
import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import { z } from '../http/zod';

/** The signed-in member as the session endpoints show it. */
export const memberView = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  full_name: z.string(),
  is_admin: z.boolean(),
  has_second_password: z.boolean(),
  has_totp: z.boolean(),
});
export const sessionView = z.object({ stage: z.enum(['password', 'full']), user: memberView });

/** The member of a session just started (login, second step), read fresh. */
export async function readSessionMember(q: Queryable, id: string): Promise<z.infer<typeof memberView>> {
  const rows = await q.query<z.infer<typeof memberView>>(
    `SELECT id, username, email, full_name, is_admin, second_password_hash IS NOT NULL AS has_second_password,
            EXISTS (SELECT 1 FROM member_totp t WHERE t.member_id = members.id AND t.confirmed_at IS NOT NULL) AS has_totp
       FROM members WHERE id = $1`,
    [id],
  );
  if (!rows[0]) throw new AppError('UNAUTHENTICATED', MSG.secondFactor.userNotFound);
  return rows[0];
}
