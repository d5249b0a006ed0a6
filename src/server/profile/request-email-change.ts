import { randomBytes } from 'node:crypto';
import { EMAIL_CHANGE_TTL_HOURS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { fillMessage } from '../../shared/messages/profile';
import { type EventOrigin, recordAuthEvent } from '../auth/auth-events';
import { hashToken } from '../auth/sessions';
import type { Db } from '../db';
import { AppError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { isoSeconds } from '../sql';

/** The client page that confirms a change; it works for a logged-in or a logged-out visitor. */
const EMAIL_CONFIRM_PATH = '/mypage/email-confirm';

export interface PendingEmail {
  email: string;
  expires_at: string;
}

/**
 * Starts an email change: the address must be free; a single-use token (stored as its SHA-256) is mailed
 * to the new address as a link and expires after EMAIL_CHANGE_TTL_HOURS. A newer request replaces an
 * older one. The member's email stays as it is until the link is opened (confirm-email-change.ts). The
 * requests per member and hour are limited by the route (profile/routes.ts).
 */
export async function requestEmailChange(
  db: Db,
  memberId: string,
  newEmail: string,
  opts: { origin: string; mailer: Mailer; event?: EventOrigin },
): Promise<PendingEmail> {
  const [me] = await db.query<{ username: string; email: string; taken: boolean }>(
    `SELECT username, email,
            EXISTS (SELECT 1 FROM members o WHERE lower(o.email) = lower($2) AND o.id <> m.id) AS taken
       FROM members m WHERE m.id = $1`,
    [memberId, newEmail],
  );
  if (!me) throw new AppError('UNAUTHENTICATED', MSG.profile.unavailable);
  if (me.email.toLowerCase() === newEmail.toLowerCase()) {
    throw new AppError('VALIDATION', MSG.profile.emailUnchanged, { email: MSG.profile.emailUnchanged });
  }
  if (me.taken) throw new AppError('EMAIL_TAKEN', MSG.profile.emailTaken, { email: MSG.profile.emailTaken });

  const token = randomBytes(32).toString('base64url');
  const pending = await db.tx(async (q) => {
    await q.query('DELETE FROM email_changes WHERE member_id = $1 AND used_at IS NULL', [memberId]);
    const [row] = await q.query<{ id: string; expires_at: string }>(
      `INSERT INTO email_changes (member_id, new_email, token_hash, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(hours => $4))
       RETURNING id, ${isoSeconds('expires_at')} AS expires_at`,
      [memberId, newEmail, hashToken(token), EMAIL_CHANGE_TTL_HOURS],
    );
    return row!;
  });

  const link = `${opts.origin}${EMAIL_CONFIRM_PATH}?token=${token}`;
  try {
    await opts.mailer.send({
      to: newEmail,
      subject: MSG.emailConfirm.mailSubject,
      text: fillMessage(MSG.emailConfirm.mailBody, {
        username: me.username,
        hours: EMAIL_CHANGE_TTL_HOURS,
        link,
      }),
    });
  } catch (err) {
    // A link nobody received must not stay pending.
    await db.query('DELETE FROM email_changes WHERE id = $1', [pending.id]);
    throw Object.assign(new AppError('UNAVAILABLE', MSG.profile.emailSendFailed), { cause: err });
  }
  await recordAuthEvent(db, { ...opts.event, kind: 'email_change_requested', success: true, memberId });
  return { email: newEmail, expires_at: pending.expires_at };
}
