/**
 * What administrators can do for a member who lost access (decision 0400): two of them agree to mail the
 * member a recovery code, and the member chooses the new secret. The code goes out after the confirmation
 * commits (`admin/proposal-routes.ts`, `auth/recovery.ts`); nobody but the member ever reads it.
 */
import { MSG } from '../../shared/messages';
import { RECOVERY_SECRETS } from '../../shared/schemas/recovery';
import { approvalOf } from '../audit/actor';
import { auditMember } from '../audit/write-audit';
import { isUuid } from '../db/iso-time';
import { AppError } from '../http/errors';
import { clearEvents } from '../http/rate-events';
import { z } from '../http/zod';
import { lockMember } from '../members/lock-member';
import { maskEmail } from '../members/mask';
import { refuseOwn } from '../members/reset-passwords';
import { adminOf, defineKind } from './registry';

const T = MSG.accountTrust;
const secretSchema = z.enum(RECOVERY_SECRETS);

export const memberRecovery = defineKind({
  kind: 'member.recovery',
  payload: z.object({ username: z.string(), secret: secretSchema }),
  async plan(q, _cfg, input: { memberId: string; secret: z.output<typeof secretSchema> }, actor) {
    const admin = adminOf(actor);
    if (!isUuid(input.memberId)) throw new AppError('NOT_FOUND', MSG.admin.memberNotFound);
    refuseOwn(input.memberId, admin);
    const m = await lockMember(q, input.memberId);
    const what = input.secret === 'password' ? T.passwordWord : T.secondWord;
    return {
      needsSecond: true,
      memberId: input.memberId,
      targetId: null,
      payload: { username: m.username, secret: input.secret },
      basis: null,
      secretHash: null,
      lines: [T.recoveryLine(m.username, what, maskEmail(m.email)), T.recoveryNote],
    };
  },
  async apply(q, _cfg, s, actor) {
    const admin = adminOf(actor);
    refuseOwn(s.memberId, admin);
    const m = await lockMember(q, s.memberId);
    // The member's own requests may have used up the hour's count: this one is the administrators'.
    await clearEvents(q, `recover:req:acct:${s.memberId}`);
    await auditMember(q, admin, 'member.recovery.send', s.memberId, {
      after: { secret: s.payload.secret, sent_to: maskEmail(m.email), ...approvalOf(admin) },
    });
    return {
      result: { member_id: s.memberId, username: m.username, secret: s.payload.secret },
      status: 200,
    };
  },
});
