import { AUTH_LIMITS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import type { SecondPasswordMode } from '../../shared/schemas/profile';
import { writeAudit } from '../audit/write-audit';
import { recordAuthEvent } from '../auth/auth-events';
import { pinFailureKey } from '../auth/login';
import { hashSecret } from '../auth/password';
import { proveSecret } from '../auth/prove-secret';
import { deleteMemberSessions } from '../auth/sessions';
import type { Db } from '../db';
import { AppError } from '../http/errors';
import type { Acting } from '../http/guards';

const SP = MSG.secondPassword;

/**
 * Sets (none yet) or changes (one exists) the second password; stored only as an argon2id hash.
 * Changing verifies the current one against the same 5-in-15-minutes counter as the login's second step.
 */
export async function setSecondPassword(
  db: Db,
  who: Acting,
  input: { mode: SecondPasswordMode; current?: string; next: string },
): Promise<{ mode: SecondPasswordMode; ended_sessions: number }> {
  const [row] = await db.query<{ second_password_hash: string | null }>(
    'SELECT second_password_hash FROM members WHERE id = $1',
    [who.actorId],
  );
  if (!row) throw new AppError('UNAUTHENTICATED', MSG.profile.loginFirst);
  const mode: SecondPasswordMode = row.second_password_hash ? 'change' : 'set';
  // The page showed a mode that is no longer true (set in another tab, or reset by an administrator).
  if (mode !== input.mode) throw new AppError('CONFLICT', SP.modeChanged);

  const event = {
    kind: 'second_password_change' as const,
    memberId: who.actorId,
    ip: who.ip,
    userAgent: who.userAgent,
  };
  if (row.second_password_hash) {
    if (!input.current) {
      throw new AppError('VALIDATION', SP.currentRequired, { current_second_password: SP.currentRequired });
    }
    // Reserved before the verification, on the login second step's counter (decision 0100).
    const stored = row.second_password_hash;
    await proveSecret(db, {
      key: pinFailureKey(who.actorId),
      limit: AUTH_LIMITS.pinFailuresPerAccount,
      event,
      lockedMessage: SP.locked,
      hash: () => stored,
      secret: input.current,
      wrong: () => new AppError('VALIDATION', SP.currentWrong, { current_second_password: SP.currentWrong }),
    });
  }

  const newHash = await hashSecret(input.next);
  const ended = await db.tx(async (q) => {
    const updated = await q.query(
      `UPDATE members SET second_password_hash = $3, updated_at = now()
        WHERE id = $1 AND second_password_hash IS NOT DISTINCT FROM $2 RETURNING id`,
      [who.actorId, row.second_password_hash, newHash],
    );
    if (updated.length === 0) throw new AppError('CONFLICT', SP.modeChanged);
    // As a login-password change does: every other session of the member ends, this one stays.
    const n = await deleteMemberSessions(q, who.actorId, who.tokenHash);
    await writeAudit(q, {
      actorId: who.actorId,
      actorUsername: who.actorUsername,
      action: mode === 'set' ? 'member.second_password_set' : 'member.second_password_changed',
      targetType: 'member',
      targetId: who.actorId,
      after: { ended_sessions: n },
      ip: who.ip,
    });
    await recordAuthEvent(q, { ...event, success: true });
    return n;
  });
  return { mode, ended_sessions: ended };
}
