import { MSG } from '../../shared/messages';
import type { bankAccountBodySchema } from '../../shared/schemas/admin-accounts';
import type { BankAccountView } from '../../shared/schemas/admin-views';
import type { z } from '../../shared/zod';
import type { Actor } from '../audit/actor';
import { auditMember } from '../audit/write-audit';
import type { Db } from '../db';
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

/**
 * Creates or replaces the member's bank account (one per member). Without an explicit `is_verified`,
 * an unchanged account keeps its verification and a changed one goes back to "awaiting verification".
 */
export async function saveBankAccount(db: Db, memberId: string, body: Body, actor: Actor) {
  return db.tx(async (q) => {
    await lockMember(q, memberId);
    const before = await readBankAccount(q, memberId, true);
    const same =
      before !== null &&
      before.bank_name === body.bank_name &&
      before.account_number === body.account_number &&
      before.account_holder === body.account_holder;
    const verified = body.is_verified ?? (same ? before.is_verified : false);
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
      after: auditView(after),
    });
    return after;
  });
}

/** SPEC: the verification flag, toggled from the member list or the form. */
export async function setBankAccountVerified(db: Db, memberId: string, isVerified: boolean, actor: Actor) {
  return db.tx(async (q) => {
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
      after: { is_verified: after.is_verified },
    });
    return after;
  });
}

export async function deleteBankAccount(db: Db, memberId: string, actor: Actor) {
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
