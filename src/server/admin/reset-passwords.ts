import { MSG } from '../../shared/messages';
import { writeAudit } from '../audit/write-audit';
import { recordAuthEvent } from '../auth/auth-events';
import { passwordFailureKey } from '../auth/login';
import { hashSecret } from '../auth/password';
import { clearEvents } from '../auth/rate-limit';
import { deleteMemberSessions } from '../auth/sessions';
import type { Db, Queryable } from '../db';
import { AppError } from '../http/errors';
import { type Actor, lockMember } from './common';

/**
 * An administrator's own passwords change on my page, where the current one is checked (issue 12,
 * decision 0107): the reset, which asks for no current password, is for other members only.
 */
function refuseOwn(memberId: string, actor: Actor) {
  if (memberId === actor.actorId) throw new AppError('FORBIDDEN', MSG.admin.ownPasswordOnMyPage);
}

/** Ends the member's sessions (but the acting administrator's own) and tells how many ended. */
async function endSessions(q: Queryable, memberId: string, actor: Actor): Promise<number> {
  const keep = memberId === actor.actorId ? actor.tokenHash : '';
  const [r] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sessions WHERE member_id = $1 AND token_hash <> $2',
    [memberId, keep],
  );
  await deleteMemberSessions(q, memberId, keep || undefined);
  return r?.n ?? 0;
}

/**
 * SPEC "password management": sets the member's real login password (DESIGN), ends their sessions
 * and lifts a login lockout, so the member can log in with the new password at once.
 */
export async function resetPassword(db: Db, memberId: string, password: string, actor: Actor) {
  refuseOwn(memberId, actor);
  const hash = await hashSecret(password);
  return db.tx(async (q) => {
    await lockMember(q, memberId);
    await q.query('UPDATE members SET password_hash = $2, updated_at = now() WHERE id = $1', [
      memberId,
      hash,
    ]);
    const sessionsEnded = await endSessions(q, memberId, actor);
    await clearEvents(q, passwordFailureKey({ memberId }));
    await writeAudit(q, {
      ...actor,
      action: 'member.password.reset',
      targetType: 'member',
      targetId: memberId,
      after: { sessions_ended: sessionsEnded },
    });
    await recordAuthEvent(q, {
      kind: 'admin_password_reset',
      success: true,
      memberId,
      actorId: actor.actorId,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return { sessionsEnded };
  });
}

/** Resets the second password (digits, 4 to 12), ends the member's sessions and lifts its lockout. */
export async function resetSecondPassword(db: Db, memberId: string, secondPassword: string, actor: Actor) {
  refuseOwn(memberId, actor);
  const hash = await hashSecret(secondPassword);
  return db.tx(async (q) => {
    await lockMember(q, memberId);
    await q.query('UPDATE members SET second_password_hash = $2, updated_at = now() WHERE id = $1', [
      memberId,
      hash,
    ]);
    const sessionsEnded = await endSessions(q, memberId, actor);
    await clearEvents(q, `pin:acct:${memberId}`);
    await writeAudit(q, {
      ...actor,
      action: 'member.second_password.reset',
      targetType: 'member',
      targetId: memberId,
      after: { sessions_ended: sessionsEnded },
    });
    await recordAuthEvent(q, {
      kind: 'admin_second_password_reset',
      success: true,
      memberId,
      actorId: actor.actorId,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return { sessionsEnded };
  });
}
