import { MSG } from '../../shared/messages';
import type { Queryable } from '../db';
import { isUuid } from '../db/iso-time';
import { AppError } from '../http/errors';

export interface MemberRow {
  id: string;
  username: string;
  email: string;
  full_name: string;
  is_admin: boolean;
  deposit_address: string | null;
  closed: boolean;
}

/**
 * The member row, locked for the rest of the transaction; 404 when there is none.
 *
 * - 'no key update' (the default): concurrent administrator actions on one member wait for each other,
 *   but rows that merely reference the member (a new request, a ledger entry: their foreign-key check
 *   takes a KEY SHARE lock) do not. FOR UPDATE here deadlocks against any request that holds a balance
 *   row and then inserts such a row, while this transaction waits for that balance row
 *   (docs/decisions/0070-member-row-lock.md).
 * - 'update' (closing only): also holds back new rows referencing the member until it is closed.
 */
export async function lockMember(
  q: Queryable,
  id: string,
  mode: 'no key update' | 'update' = 'no key update',
): Promise<MemberRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', MSG.admin.memberNotFound);
  const [row] = await q.query<MemberRow>(
    `SELECT id, username, email, full_name, is_admin, deposit_address, closed_at IS NOT NULL AS closed
       FROM members WHERE id = $1
        ${mode === 'update' ? 'FOR UPDATE' : 'FOR NO KEY UPDATE'}`,
    [id],
  );
  if (!row) throw new AppError('NOT_FOUND', MSG.admin.memberNotFound);
  // A closed account is read-only: every administrator change goes through this lock and stops here.
  if (row.closed) throw new AppError('CONFLICT', MSG.admin.memberClosed);
  return row;
}

/**
 * The first lock of a member's own money request (a deposit or withdrawal request): the member's row FOR
 * KEY SHARE, before any other row of theirs. Closing an account holds the row FOR UPDATE and then takes
 * the member's balances and bank account (src/server/members/close-member.ts); a request that took one of
 * those first and met the close at its insert (migration 040 takes this same lock there) would deadlock
 * with it. Members' requests do not wait on each other here (KEY SHARE locks do not conflict). A member
 * closed meanwhile is refused as the database's trigger would refuse the insert (403 ACCOUNT_CLOSED).
 */
export async function holdOpenMember(q: Queryable, id: string): Promise<void> {
  const [row] = await q.query<{ closed: boolean }>(
    'SELECT closed_at IS NOT NULL AS closed FROM members WHERE id = $1 FOR KEY SHARE',
    [id],
  );
  if (!row || row.closed) throw new AppError('ACCOUNT_CLOSED', MSG.common.memberClosed);
}
