import { MSG } from '../../shared/messages';
import type { bankAccountBodySchema } from '../../shared/schemas/admin-accounts';
import type { BankAccountView } from '../../shared/schemas/admin-views';
import type { z } from '../../shared/zod';
import { type Actor, approvalOf } from '../audit/actor';
import { auditMember } from '../audit/write-audit';
import type { Db, Queryable } from '../db';
import { AppError } from '../http/errors';
import { lockMember } from './lock-member';
import { readBankAccount } from './read-member-detail';

type Body = z.output<typeof bankAccountBodySchema>;
const A = MSG.admin;

const auditView = (b: BankAccountView | null) =>
  b && {
    bank_name: b.bank_name,
    account_number: b.account_number,
    account_holder: b.account_holder,
    is_verified: b.is_verified,
  };

/** An administrator's own bank account is changed by another administrator, never by themself. */
export function refuseOwnBankAccount(memberId: string, actor: { actorId: string | null }) {
  if (memberId === actor.actorId) throw new AppError('FORBIDDEN', MSG.guards.ownBankAccount);
}

/** What a save would leave: an unchanged account keeps its verification unless the body says otherwise. */
export function savedAccount(before: BankAccountView | null, body: Body) {
  const same =
    before !== null &&
    before.bank_name === body.bank_name &&
    before.account_number === body.account_number &&
    before.account_holder === body.account_holder;
  return { same, verified: body.is_verified ?? (same ? before.is_verified : false) };
}

/**
 * Creates or replaces the member's bank account (one per member), in the caller's transaction. Without an
 * explicit `is_verified`, an unchanged account keeps its verification and a changed one goes back to
 * "awaiting verification".
 */
export async function saveBankAccountIn(q: Queryable, memberId: string, body: Body, actor: Actor) {
  refuseOwnBankAccount(memberId, actor);
  await lockMember(q, memberId);
  const before = await readBankAccount(q, memberId, true);
  const { verified } = savedAccount(before, body);
  await q.query(
    `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder, is_verified)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (member_id) DO UPDATE SET bank_name = EXCLUDED.bank_name,
       account_number = EXCLUDED.account_number, account_holder = EXCLUDED.account_holder,
       is_verified = EXCLUDED.is_verified, updated_at = now()`,
    [memberId, body.bank_name, body.account_number, body.account_holder, verified],
  );
  const after = (await readBankAccount(q, memberId))!;
  await auditMember(q, actor, 'member.bank_account.save', memberId, {
    before: auditView(before),
    after: { ...auditView(after), ...approvalOf(actor) },
  });
  return after;
}

/** SPEC: the verification flag, toggled from the member list or the form (the caller's transaction). */
export async function setBankAccountVerifiedIn(
  q: Queryable,
  memberId: string,
  isVerified: boolean,
  actor: Actor,
) {
  refuseOwnBankAccount(memberId, actor);
  await lockMember(q, memberId);
  const before = await readBankAccount(q, memberId, true);
  if (!before) throw new AppError('NOT_FOUND', A.fail(A.failed.bankSave, A.noBankAccount));
  await q.query('UPDATE bank_accounts SET is_verified = $2, updated_at = now() WHERE member_id = $1', [
    memberId,
    isVerified,
  ]);
  const after = (await readBankAccount(q, memberId))!;
  await auditMember(q, actor, 'member.bank_account.verify', memberId, {
    before: { is_verified: before.is_verified },
    after: { is_verified: after.is_verified, ...approvalOf(actor) },
  });
  return after;
}

export async function deleteBankAccount(db: Db, memberId: string, actor: Actor) {
  refuseOwnBankAccount(memberId, actor);
  return db.tx(async (q) => {
    await lockMember(q, memberId);
    const before = await readBankAccount(q, memberId, true);
    if (!before) throw new AppError('NOT_FOUND', A.fail(A.failed.bankDelete, A.noBankAccount));
    await q.query('DELETE FROM bank_accounts WHERE member_id = $1', [memberId]);
    await auditMember(q, actor, 'member.bank_account.delete', memberId, {
      before: auditView(before),
    });
    return { deleted: true };
  });
}

/**
 * Whether an administrator saved or verified the member's bank account in the last 24 hours: a won
 * withdrawal to it then needs a second administrator whatever its amount (decision 0370).
 */
export async function bankAccountChangedRecently(q: Queryable, memberId: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM audit_log
      WHERE target_id = $1 AND action IN ('member.bank_account.save', 'member.bank_account.verify')
        AND created_at > now() - interval '24 hours'
      LIMIT 1`,
    [memberId],
  );
  return rows.length > 0;
}
