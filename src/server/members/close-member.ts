import { BALANCE_CURRENCIES } from '../../shared/constants';
import { toWire } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import type { Actor } from '../audit/actor';
import { auditMember } from '../audit/write-audit';
import type { Db, Queryable } from '../db';
import { AppError } from '../http/errors';
import { iso } from '../sql';
import { lockBalances, readBalanceStates } from '../wallet/balance-state';
import { lockMember } from './lock-member';
import { maskDigits, maskEmail, maskName } from './mask';

/**
 * Any constant: every change that can take away an administrator (closing an account today, a demotion
 * if one is ever added) holds this lock, so the count of open administrators it checks cannot change
 * under it (docs/decisions/0112-last-administrator.md).
 */
export const ADMIN_CHANGE_LOCK = 7_260_112;

/** Why the records of a closed member are kept (the audit entry says it; docs/decisions/0110). */
const KEPT_RECORDS = {
  kept: [
    'username (reserved: nobody can register it again)',
    'ledger_entries',
    'deposits',
    'withdrawals',
    'asset_locks',
    'balances',
    'audit_log',
    'auth_events',
    'bank_accounts.bank_name',
    'deposit_address (reserved: a late deposit to it still identifies this account)',
  ],
  masked: ['full_name', 'email', 'contact', 'bank_accounts.account_number', 'bank_accounts.account_holder'],
  removed: ['sessions', 'email_changes (pending email changes)'],
  reason:
    '특정금융정보법: 거래 기록은 거래 관계 종료 후 5년간 보존 (제5조의4); 개인정보 보호법 제21조: 보존 의무가 없는 개인정보는 파기',
} as const;

/**
 * Closes a member's account in one transaction: the member can no longer sign in, every session of
 * theirs ends, their name, email, contact and bank account are masked, and nothing that records money
 * (ledger, requests, locks, balances, audit, sign-in log) is deleted or unlinked. Refused while any
 * balance is not zero or a request is pending (theirs, or an internal transfer to them), for the acting
 * administrator themself, for an account already closed, and for an administrator (revoke the role first).
 */
export async function closeMember(db: Db, memberId: string, actor: Actor) {
  return db.tx(async (q) => {
    // First the administrators' lock, then the member: two administrators closing each other wait here
    // one after the other, and the second sees the first's result.
    await q.query('SELECT pg_advisory_xact_lock($1)', [ADMIN_CHANGE_LOCK]);
    await assertActorIsOpenAdmin(q, actor.actorId);
    const m = await lockMember(q, memberId, 'update');
    // From here the member's row is held FOR UPDATE: every write made on the member's behalf waits for
    // this transaction and is then refused (migration 040, decision 0311). This transaction's own writes
    // (masking the bank account) are let through.
    await q.query("SELECT set_config('wallet.closing_member', $1, true)", [memberId]);
    if (m.id === actor.actorId) throw new AppError('CONFLICT', MSG.admin.cannotCloseSelf);
    // Taking away an administrator is a role revocation, which a second administrator confirms: closing
    // the account would be the same removal by one person.
    if (m.is_admin) throw new AppError('CONFLICT', MSG.guards.closeAdmin);
    // The balance row locks wait for any approval in flight, so the check below sees its result.
    await lockBalances(
      q,
      BALANCE_CURRENCIES.map((currency) => ({ memberId, currency })),
    );
    const states = await readBalanceStates(q, memberId, [...BALANCE_CURRENCIES]);
    const nonZero = states.filter((s) => !s.total.isZero());
    if (nonZero.length) {
      throw new AppError(
        'CONFLICT',
        MSG.admin.memberHasBalance(nonZero.map((s) => `${s.currency} ${toWire(s.total)}`).join(', ')),
      );
    }
    const [pending] = await q.query<{ n: number }>(
      `SELECT ((SELECT count(*) FROM deposits WHERE member_id = $1 AND status = 'pending')
             + (SELECT count(*) FROM withdrawals
                 WHERE (member_id = $1 OR recipient_member_id = $1) AND status = 'pending'))::int AS n`,
      [memberId],
    );
    if ((pending?.n ?? 0) > 0) throw new AppError('CONFLICT', MSG.admin.memberHasPending);

    const [profile] = await q.query<{ email: string; full_name: string; contact: string; is_admin: boolean }>(
      'SELECT email, full_name, contact, is_admin FROM members WHERE id = $1',
      [memberId],
    );
    if (!profile) throw new AppError('NOT_FOUND', MSG.admin.memberNotFound);
    const masked = {
      email: maskEmail(profile.email),
      full_name: maskName(profile.full_name),
      contact: maskDigits(profile.contact),
    };
    const [closed] = await q.query<{ closed_at: string }>(
      `UPDATE members SET email = $2, full_name = $3, contact = $4, marketing_consent = false,
              closed_at = now(), closed_by = $5, updated_at = now()
        WHERE id = $1 RETURNING ${iso('closed_at')} AS closed_at`,
      [memberId, masked.email, masked.full_name, masked.contact, actor.actorId],
    );
    const bank = await maskBankAccount(q, memberId);
    const sessions = await q.query('DELETE FROM sessions WHERE member_id = $1 RETURNING 1', [memberId]);
    await q.query('DELETE FROM email_changes WHERE member_id = $1', [memberId]);
    await auditMember(q, actor, 'member.close', memberId, {
      // Personal data appears masked on both sides: the audit log must not keep what the account no
      // longer keeps.
      before: { status: 'active', username: m.username, is_admin: profile.is_admin, ...masked },
      after: {
        status: 'closed',
        username: m.username,
        closed_at: closed?.closed_at,
        ...masked,
        bank_account: bank,
        sessions_ended: sessions.length,
        ...KEPT_RECORDS,
      },
    });
    return { closed: true, id: memberId, username: m.username, closed_at: closed?.closed_at ?? '' };
  });
}

/** Masks the member's bank account number and holder (the bank's name stays); null when there is none. */
async function maskBankAccount(q: Queryable, memberId: string) {
  const [row] = await q.query<{ account_number: string; account_holder: string }>(
    'SELECT account_number, account_holder FROM bank_accounts WHERE member_id = $1 FOR UPDATE',
    [memberId],
  );
  if (!row) return null;
  const masked = {
    account_number: maskDigits(row.account_number),
    account_holder: maskName(row.account_holder),
  };
  await q.query(
    `UPDATE bank_accounts SET account_number = $2, account_holder = $3, is_verified = false, updated_at = now()
      WHERE member_id = $1`,
    [memberId, masked.account_number, masked.account_holder],
  );
  return masked;
}

/** The acting administrator, read inside the transaction: one closed a moment ago acts no more. */
async function assertActorIsOpenAdmin(q: Queryable, actorId: string) {
  const [row] = await q.query<{ ok: boolean }>(
    'SELECT is_admin AND closed_at IS NULL AS ok FROM members WHERE id = $1',
    [actorId],
  );
  if (!row?.ok) throw new AppError('FORBIDDEN', MSG.common.adminOnly);
}
