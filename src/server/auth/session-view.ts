import { MSG } from '../../shared/messages';
import type { SessionUser } from '../../shared/schemas/session';
import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import { sessionMemberColumns } from './sessions';

/** The member of a session just started (login, second step), read fresh. */
export async function readSessionMember(q: Queryable, id: string): Promise<SessionUser> {
  const rows = await q.query<SessionUser>(
    `SELECT ${sessionMemberColumns('m')} FROM members m WHERE m.id = $1`,
    [id],
  );
  if (!rows[0]) throw new AppError('UNAUTHENTICATED', MSG.secondFactor.userNotFound);
  return rows[0];
}
