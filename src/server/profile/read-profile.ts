import { MSG } from '../../shared/messages';
import { type BankLinkStatus, maskAccountNumber, type ProfileView } from '../../shared/schemas/profile';
import type { Config } from '../config';
import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import { isoSeconds } from '../sql';

interface ProfileRow {
  username: string;
  full_name: string;
  contact: string;
  email: string;
  has_second_password: boolean;
  bank_name: string | null;
  account_number: string | null;
  is_verified: boolean | null;
  pending_email: string | null;
  pending_expires_at: string | null;
}

/** What my page shows of the member: never a hash, the bank account number masked. */
export async function readProfile(q: Queryable, config: Config, memberId: string): Promise<ProfileView> {
  const rows = await q.query<ProfileRow>(
    `SELECT m.username, m.full_name, m.contact, m.email,
            m.second_password_hash IS NOT NULL AS has_second_password,
            b.bank_name, b.account_number, b.is_verified,
            p.new_email AS pending_email,
            ${isoSeconds('p.expires_at')} AS pending_expires_at
       FROM members m
       LEFT JOIN bank_accounts b ON b.member_id = m.id
       LEFT JOIN LATERAL (
         SELECT new_email, expires_at FROM email_changes
          WHERE member_id = m.id AND used_at IS NULL AND expires_at > now()
          ORDER BY created_at DESC LIMIT 1
       ) p ON true
      WHERE m.id = $1`,
    [memberId],
  );
  const r = rows[0];
  if (!r) throw new AppError('UNAUTHENTICATED', MSG.profile.unavailable);
  const status: BankLinkStatus =
    r.account_number === null ? 'none' : r.is_verified ? 'verified' : 'unverified';
  return {
    username: r.username,
    full_name: r.full_name,
    contact: r.contact,
    email: r.email,
    pending_email:
      r.pending_email && r.pending_expires_at
        ? { email: r.pending_email, expires_at: r.pending_expires_at }
        : null,
    has_second_password: r.has_second_password,
    security_grade: r.has_second_password ? 'safe' : 'basic',
    bank_account: {
      status,
      bank_name: r.bank_name,
      account_number_masked: r.account_number === null ? null : maskAccountNumber(r.account_number),
    },
    bank_form_url: config.bankFormUrl,
  };
}
