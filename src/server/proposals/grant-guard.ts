/**
 * Who may become an administrator (decision 0370): only an account whose secrets are its owner's. An
 * administrator who reset a member's password knows it, signs in as them, enrols a one-time code and would
 * then confirm their own proposals as a second person. So the role is granted only to a member who
 * enrolled a one-time code themself and whose password no administrator set in the last
 * GRANT_AFTER_RESET_DAYS days; the proposal records the member's secrets as they were (a digest), and a
 * confirmation after any change to them is refused. While a grant waits, the member's secrets cannot be
 * reset (`refuseResetDuringGrant`).
 */
import { formatDateTime } from '../../shared/format';
import { MSG } from '../../shared/messages';
import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import { lastReset, RESET_ACCOUNT_DAYS } from '../members/admin-resets';

/** A password an administrator set is theirs to use for this long; the account is not promoted meanwhile. */
const GRANT_AFTER_RESET_DAYS = RESET_ACCOUNT_DAYS;

/**
 * The member's secrets as one digest (password, second password, the one-time code's secret and its
 * enrolment time): it changes with any reset or re-enrolment and shows nothing of the secrets.
 */
async function credentialsDigest(q: Queryable, memberId: string) {
  const [row] = await q.query<{ digest: string; otp: string | null }>(
    `SELECT md5(m.password_hash || '|' || coalesce(m.second_password_hash, '') || '|' ||
                coalesce(t.secret, '') || '|' || coalesce(t.confirmed_at::text, '')) AS digest,
            to_char(t.confirmed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS otp
       FROM members m LEFT JOIN member_totp t ON t.member_id = m.id AND t.confirmed_at IS NOT NULL
      WHERE m.id = $1`,
    [memberId],
  );
  return row ?? { digest: '', otp: null };
}

/** The checks of a grant, at proposing and again at confirming; returns the basis and its line. */
export async function grantBasis(q: Queryable, memberId: string) {
  const now = await credentialsDigest(q, memberId);
  if (!now.otp) throw new AppError('CONFLICT', MSG.guards.grantNeedsOtp);
  const reset = await lastReset(q, memberId);
  if (reset && reset.days < GRANT_AFTER_RESET_DAYS) {
    const until = new Date(Date.parse(reset.at) + GRANT_AFTER_RESET_DAYS * 86_400_000);
    throw new AppError(
      'CONFLICT',
      MSG.guards.grantAfterReset(GRANT_AFTER_RESET_DAYS, formatDateTime(until, false)),
    );
  }
  return { basis: { credentials: now.digest }, line: MSG.guards.grantLine(formatDateTime(now.otp, false)) };
}

/** At confirmation: the member's secrets are still those the proposal saw. */
export async function assertGrantBasis(
  q: Queryable,
  memberId: string,
  basis: Record<string, unknown> | null,
) {
  const { basis: now } = await grantBasis(q, memberId);
  if (basis?.credentials !== now.credentials)
    throw new AppError('CONFLICT', MSG.guards.grantCredentialsChanged);
}

/** A member's secrets are not reset while a grant of the administrator role to them waits. */
export async function refuseResetDuringGrant(q: Queryable, memberId: string) {
  const [open] = await q.query(
    `SELECT 1 FROM admin_proposals
      WHERE kind = 'admin.grant' AND member_id = $1 AND status = 'pending' AND expires_at > now()`,
    [memberId],
  );
  if (open) throw new AppError('CONFLICT', MSG.guards.grantPending);
}
