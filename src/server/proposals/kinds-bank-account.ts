/**
 * A member's won withdrawals go to their bank account: saving it as verified, or verifying it, is where
 * their money lands, so a second administrator confirms it (decision 0370). Saving an account that stays
 * unverified, unverifying, or an unchanged save needs nobody else: no won can go to an unverified account.
 */
import { MSG } from '../../shared/messages';
import { bankAccountBodySchema, bankVerifiedBodySchema } from '../../shared/schemas/admin-accounts';
import type { BankAccountView } from '../../shared/schemas/admin-views';
import type { z } from '../../shared/zod';
import type { Actor } from '../audit/actor';
import type { Queryable } from '../db';
import { isUuid } from '../db/iso-time';
import { AppError } from '../http/errors';
import {
  refuseOwnBankAccount,
  saveBankAccountIn,
  savedAccount,
  setBankAccountVerifiedIn,
} from '../members/bank-account';
import { lockMember } from '../members/lock-member';
import { readBankAccount } from '../members/read-member-detail';
import { adminOf, defineKind } from './registry';

const G = MSG.guards;
type Body = z.output<typeof bankAccountBodySchema>;

const describe = (b: Pick<BankAccountView, 'bank_name' | 'account_number' | 'account_holder'> | null) =>
  b ? `${b.bank_name} ${b.account_number} ${b.account_holder}` : G.noBankAccount;

/** The member's account, locked, as the proposal saw it (its basis). */
async function current(q: Queryable, memberId: string, actor: Actor<string | null>) {
  if (!isUuid(memberId)) throw new AppError('NOT_FOUND', MSG.admin.memberNotFound);
  refuseOwnBankAccount(memberId, actor);
  await lockMember(q, memberId);
  const before = await readBankAccount(q, memberId, true);
  return { before, basis: { account: describe(before), updated_at: before?.updated_at ?? null } };
}

/** At confirmation: the account is still the one the proposal was about. */
async function assertUnchanged(q: Queryable, memberId: string, basis: Record<string, unknown> | null) {
  await lockMember(q, memberId);
  const now = await readBankAccount(q, memberId, true);
  if (describe(now) !== basis?.account || (now?.updated_at ?? null) !== basis?.updated_at)
    throw new AppError('CONFLICT', G.bankAccountChanged);
}

const plan = <P>(memberId: string, needsSecond: boolean, payload: P, basis: object, line: string) => ({
  needsSecond,
  memberId,
  targetId: null,
  payload,
  basis: basis as Record<string, unknown>,
  secretHash: null,
  lines: [line],
});

export const bankAccountSave = defineKind({
  kind: 'bank_account.save',
  payload: bankAccountBodySchema,
  async plan(q, _cfg, input: { memberId: string; body: Body }, actor) {
    const { before, basis } = await current(q, input.memberId, actor);
    const { same, verified } = savedAccount(before, input.body);
    const needsSecond = verified && !(same && before?.is_verified === true);
    const after = `${describe(input.body)}${verified ? '' : ' (미인증)'}`;
    return plan(input.memberId, needsSecond, input.body, basis, G.bankAccountSaveLine(basis.account, after));
  },
  async apply(q, _cfg, s, actor) {
    await assertUnchanged(q, s.memberId, s.basis);
    return { result: await saveBankAccountIn(q, s.memberId, s.payload, adminOf(actor)), status: 200 };
  },
});

export const bankAccountVerify = defineKind({
  kind: 'bank_account.verify',
  payload: bankVerifiedBodySchema,
  async plan(q, _cfg, input: { memberId: string; isVerified: boolean }, actor) {
    const { before, basis } = await current(q, input.memberId, actor);
    const needsSecond = input.isVerified && before !== null && !before.is_verified;
    const line = G.bankAccountVerifyLine(basis.account, input.isVerified);
    return plan(input.memberId, needsSecond, { is_verified: input.isVerified }, basis, line);
  },
  async apply(q, _cfg, s, actor) {
    await assertUnchanged(q, s.memberId, s.basis);
    const r = await setBankAccountVerifiedIn(q, s.memberId, s.payload.is_verified, adminOf(actor));
    return { result: r, status: 200 };
  },
});
