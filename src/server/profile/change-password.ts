import { AUTH_LIMITS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { writeAudit } from '../audit/write-audit';
import { recordAuthEvent } from '../auth/auth-events';
import { passwordFailureKey } from '../auth/login';
import { hashSecret } from '../auth/password';
import { proveSecret } from '../auth/prove-secret';
import { deleteMemberSessions } from '../auth/sessions';
import type { Db } from '../db';
import { AppError } from '../http/errors';
import type { Acting } from '../http/guards';

const CP = MSG.changePassword;

/**
 * Changes the login password: the current one is verified (its failures share the login lockout counter
 * of the account, so a stolen session gets no extra guesses), the new one is stored as a fresh hash, and
 * every other session of the member is ended in the same transaction; the asking session stays.
 */
export async function changePassword(
  db: Db,
  who: Acting,
  currentPassword: string,
  newPassword: string,
): Promise<{ endedSessions: number }> {
  const event = {
    kind: 'password_change' as const,
    memberId: who.actorId,
    ip: who.ip,
    userAgent: who.userAgent,
  };
  // Reserved before the verification, like a login (decision 0100); the stored hash is read after it.
  let currentHash = '';
  await proveSecret(db, {
    key: passwordFailureKey({ memberId: who.actorId }),
    limit: AUTH_LIMITS.passwordFailuresPerAccount,
    event,
    lockedMessage: CP.locked,
    hash: async () => {
      const [row] = await db.query<{ password_hash: string }>(
        'SELECT password_hash FROM members WHERE id = $1',
        [who.actorId],
      );
      if (!row) throw new AppError('UNAUTHENTICATED', MSG.profile.loginFirst);
      currentHash = row.password_hash;
      return currentHash;
    },
    secret: currentPassword,
    wrong: () => new AppError('VALIDATION', CP.currentWrong, { current_password: CP.currentWrong }),
  });

  const newHash = await hashSecret(newPassword);
  return db.tx(async (q) => {
    // Compare-and-set: a concurrent change of the same password makes this one fail instead of both winning.
    const updated = await q.query(
      'UPDATE members SET password_hash = $3, updated_at = now() WHERE id = $1 AND password_hash = $2 RETURNING id',
      [who.actorId, currentHash, newHash],
    );
    if (updated.length === 0) throw new AppError('CONFLICT', CP.failed);
    const n = await deleteMemberSessions(q, who.actorId, who.tokenHash);
    await writeAudit(q, {
      actorId: who.actorId,
      actorUsername: who.actorUsername,
      action: 'member.password_changed',
      targetType: 'member',
      targetId: who.actorId,
      after: { ended_sessions: n },
      ip: who.ip,
    });
    await recordAuthEvent(q, { ...event, success: true });
    return { endedSessions: n };
  });
}
