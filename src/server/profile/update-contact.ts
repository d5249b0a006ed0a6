import { MSG } from '../../shared/messages';
import type { Db } from '../db';
import { AppError } from '../http/errors';

/** Replaces the member's contact (already validated with the sign-up phone rule; its rate limit is the route's). */
export async function updateContact(db: Db, memberId: string, contact: string): Promise<string> {
  const rows = await db.query<{ contact: string }>(
    'UPDATE members SET contact = $2, updated_at = now() WHERE id = $1 RETURNING contact',
    [memberId, contact],
  );
  if (!rows[0]) throw new AppError('UNAUTHENTICATED', MSG.profile.unavailable);
  return rows[0].contact;
}
