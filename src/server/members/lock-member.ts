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
