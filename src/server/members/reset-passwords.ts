import { MSG } from '../../shared/messages';
import { type Actor, approvalOf } from '../audit/actor';
import { auditMember } from '../audit/write-audit';
import { recordAuthEvent } from '../auth/auth-events';
import { passwordFailureKey } from '../auth/login';
import { deleteMemberSessions } from '../auth/sessions';
import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import { clearEvents } from '../http/rate-events';
import { lockMember } from './lock-member';

/**
 * An administrator's own passwords change on my page, where the current one is checked
 * (decision 0107): the reset, which asks for no current password, is for other members only.
 */
export function refuseOwn(memberId: string, actor: Actor) {
  if (memberId === actor.actorId) throw new AppError('FORBIDDEN', MSG.admin.ownPasswordOnMyPage);
}

/** Ends the member's sessions (but the acting administrator's own) and tells how many ended. */
async function endSessions(q: Queryable, memberId: string, actor: Actor): Promise<number> {
  const keep = memberId === actor.actorId ? actor.tokenHash : undefined;
  return deleteMemberSessions(q, memberId, keep);
}

/** What differs between the two resets: the column, the lockout lifted, the audit and sign-in log names. */
export interface Reset {
  column: 'password_hash' | 'second_password_hash';
  failureKey: string;
  action: 'member.password.reset' | 'member.second_password.reset';
  event: 'admin_password_reset' | 'admin_second_password_reset';
}

/** A reset in the caller's transaction, with the new secret already hashed. */
export async function resetIn(q: Queryable, memberId: string, hash: string, actor: Actor, r: Reset) {
  refuseOwn(memberId, actor);
  await lockMember(q, memberId);
  await q.query(`UPDATE members SET ${r.column} = $2, updated_at = now() WHERE id = $1`, [memberId, hash]);
  const sessionsEnded = await endSessions(q, memberId, actor);
  await clearEvents(q, r.failureKey);
  await auditMember(q, actor, r.action, memberId, {
    after: { sessions_ended: sessionsEnded, ...approvalOf(actor) },
  });
  await recordAuthEvent(q, {
    kind: r.event,
    success: true,
    memberId,
    actorId: actor.actorId,
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  return { sessionsEnded };
}

/**
 * SPEC "password management": sets the member's real login password, ends their sessions
 * and lifts a login lockout, so the member can log in with the new password at once.
 */
export const PASSWORD_RESET = (memberId: string): Reset => ({
  column: 'password_hash',
  failureKey: passwordFailureKey({ memberId }),
  action: 'member.password.reset',
  event: 'admin_password_reset',
});

/** Resets the second password (digits, 4 to 12), ends the member's sessions and lifts its lockout. */
export const SECOND_PASSWORD_RESET = (memberId: string): Reset => ({
  column: 'second_password_hash',
  failureKey: `pin:acct:${memberId}`,
  action: 'member.second_password.reset',
  event: 'admin_second_password_reset',
});
