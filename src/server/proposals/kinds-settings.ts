/**
 * Four-eyes registry entries for the service's settings and second factors: the won receiving account
 * (where every member's won deposit lands) and another administrator's one-time-code enrolment.
 */
import { MSG } from '../../shared/messages';
import { receivingAccountBodySchema } from '../../shared/schemas/deposits';
import { auditMember } from '../audit/write-audit';
import type { Queryable } from '../db';
import { isUuid } from '../db/iso-time';
import { AppError } from '../http/errors';
import { z } from '../http/zod';
import { lockMember } from '../members/lock-member';
import { refuseOwn } from '../members/reset-passwords';
import { lockReceivingAccount, setReceivingAccountIn } from '../profile/receiving-account';
import { adminOf, defineKind } from './registry';

const D = MSG.deskRecords;
type AccountBody = z.output<typeof receivingAccountBodySchema>;

const accountText = (a: AccountBody | null) =>
  a ? `${a.bank_name} ${a.account_number} (${a.account_holder})` : D.proposals.receivingNone;
const sameAccount = (a: AccountBody | null, b: AccountBody) =>
  a !== null &&
  a.bank_name === b.bank_name &&
  a.account_number === b.account_number &&
  a.account_holder === b.account_holder;

/**
 * The won receiving account: any change is confirmed by a second administrator (members send their won
 * there). The proposal stores the account it replaces; if that changed meanwhile, the confirmation is
 * refused (the checker approved that picture), so of many proposals confirmed at once one applies.
 */
export const receivingAccountSet = defineKind({
  kind: 'receiving_account.set',
  payload: receivingAccountBodySchema,
  async plan(q, _cfg, input: { body: AccountBody }, actor) {
    const admin = adminOf(actor);
    const before = await lockReceivingAccount(q);
    return {
      // The setting is no member's: the proposal is filed under its proposer.
      memberId: admin.actorId,
      targetId: null,
      needsSecond: !sameAccount(before, input.body),
      payload: input.body,
      basis: { account: before },
      secretHash: null,
      lines: [D.proposals.receivingLine(accountText(before), accountText(input.body))],
    };
  },
  async apply(q, _cfg, s, actor) {
    const now = await lockReceivingAccount(q);
    const basis = (s.basis?.account ?? null) as AccountBody | null;
    if (s.basis && accountText(now) !== accountText(basis))
      throw new AppError('CONFLICT', D.proposals.receivingChanged);
    return { result: await setReceivingAccountIn(q, s.payload, adminOf(actor)), status: 200 };
  },
});

async function enrolledTotp(q: Queryable, memberId: string) {
  const [row] = await q.query('SELECT 1 FROM member_totp WHERE member_id = $1 FOR UPDATE', [memberId]);
  return Boolean(row);
}

/**
 * Resetting a member's one-time-code enrolment (a lost phone): for another administrator it is
 * confirmed by a second administrator, as their passwords are (taking over a checker must need two
 * people); for a member it stays one step. Never one's own (my page does that, with the current code).
 */
export const totpReset = defineKind({
  kind: 'totp.reset',
  payload: z.object({ username: z.string() }),
  async plan(q, _cfg, input: { memberId: string }, actor) {
    const admin = adminOf(actor);
    if (!isUuid(input.memberId)) throw new AppError('NOT_FOUND', MSG.admin.memberNotFound);
    if (input.memberId === admin.actorId) throw new AppError('FORBIDDEN', D.security.otpOwn);
    const m = await lockMember(q, input.memberId);
    if (!(await enrolledTotp(q, input.memberId))) throw new AppError('CONFLICT', D.security.otpNotEnrolled);
    return {
      memberId: input.memberId,
      targetId: null,
      needsSecond: m.is_admin,
      payload: { username: m.username },
      basis: null,
      secretHash: null,
      lines: [D.proposals.otpLine(m.username)],
    };
  },
  async apply(q, _cfg, s, actor) {
    const admin = adminOf(actor);
    refuseOwn(s.memberId, admin);
    await lockMember(q, s.memberId);
    if (!(await enrolledTotp(q, s.memberId))) throw new AppError('CONFLICT', D.security.otpNotEnrolled);
    await q.query('DELETE FROM member_totp_recovery WHERE member_id = $1', [s.memberId]);
    await q.query('DELETE FROM member_totp WHERE member_id = $1', [s.memberId]);
    await auditMember(q, admin, 'member.totp.reset', s.memberId, {
      before: { totp: true },
      after: { totp: false, ...(admin.approval ? { approval: admin.approval } : {}) },
    });
    return { result: { member_id: s.memberId, username: s.payload.username, totp: false }, status: 200 };
  },
});
