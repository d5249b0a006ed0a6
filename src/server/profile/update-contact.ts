import { PROFILE_LIMITS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { hit } from '../auth/rate-limit';
import type { Db } from '../db';
import { AppError } from '../http/errors';

/** Replaces the member's contact (already validated with the sign-up phone rule). */
export async function updateContact(db: Db, memberId: string, contact: string): Promise<string> {
  if (await hit(db, `contact:member:${memberId}`, PROFILE_LIMITS.contactUpdatesPerWindow, 15)) {
    throw new AppError('RATE_LIMITED', MSG.profile.contactRequestLimit);
  }
  const rows = await db.query<{ contact: string }>(
    'UPDATE members SET contact = $2, updated_at = now() WHERE id = $1 RETURNING contact',
    [memberId, contact],
  );
  if (!rows[0]) throw new AppError('UNAUTHENTICATED', MSG.profile.unavailable);
  return rows[0].contact;
}
