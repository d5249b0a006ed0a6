import { MSG } from '../../shared/messages';
import { writeAudit } from '../audit/write-audit';
import { recordAuthEvent } from '../auth/auth-events';
import { hashToken } from '../auth/sessions';
import type { Db } from '../db';
import { AppError } from '../http/errors';

const E = MSG.emailConfirm;

/**
 * Opens a confirmation link: the token must exist, be unused and unexpired; the new address is checked
 * again for uniqueness (another member may have taken it since the request) and then replaces the old one.
 * The token is spent in the same transaction, so a link works once even when opened twice at once.
 */
export async function confirmEmailChange(
  db: Db,
  token: string,
  meta: { ip?: string; userAgent?: string | null },
): Promise<{ email: string }> {
  try {
    return await db.tx(async (q) => {
      const [row] = await q.query<{
        id: string;
        member_id: string;
        new_email: string;
        used: boolean;
        expired: boolean;
      }>(
        `SELECT id, member_id, new_email, used_at IS NOT NULL AS used, expires_at <= now() AS expired
           FROM email_changes WHERE token_hash = $1 FOR UPDATE`,
        [hashToken(token)],
      );
      if (!row) throw new AppError('NOT_FOUND', E.invalid);
      if (row.used) throw new AppError('CONFLICT', E.used);
      if (row.expired) throw new AppError('VALIDATION', E.expired);
      const [member] = await q.query<{ username: string; email: string; taken: boolean }>(
        `SELECT username, email,
                EXISTS (SELECT 1 FROM members o WHERE lower(o.email) = lower($2) AND o.id <> m.id) AS taken
           FROM members m WHERE m.id = $1 FOR UPDATE`,
        [row.member_id, row.new_email],
      );
      if (!member) throw new AppError('NOT_FOUND', E.invalid);
      if (member.taken) throw new AppError('EMAIL_TAKEN', MSG.profile.emailTaken);
      await q.query('UPDATE members SET email = $2, updated_at = now() WHERE id = $1', [
        row.member_id,
        row.new_email,
      ]);
      await q.query('UPDATE email_changes SET used_at = now() WHERE id = $1', [row.id]);
      await writeAudit(q, {
        actorId: row.member_id,
        actorUsername: member.username,
        action: 'member.email_changed',
        targetType: 'member',
        targetId: row.member_id,
        before: { email: member.email },
        after: { email: row.new_email },
        ip: meta.ip,
      });
      await recordAuthEvent(q, {
        ...meta,
        kind: 'email_change_confirmed',
        success: true,
        memberId: row.member_id,
      });
      return { email: row.new_email };
    });
  } catch (err) {
    // Two members confirming the same address at once: the unique index decides.
    if ((err as { code?: string }).code === '23505')
      throw new AppError('EMAIL_TAKEN', MSG.profile.emailTaken);
    throw err;
  }
}
