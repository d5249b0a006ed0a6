import { MSG } from '../../../shared/messages/member';
import type { BankLinkStatus, ProfileView } from '../../../shared/schemas/profile';
import { ExternalLinkIcon } from './icons';
import { ProfileCard, ProfileRow } from './profile-card';

const P = MSG.profile;

const STATUS: Record<BankLinkStatus, { label: string; tone: string }> = {
  none: { label: P.bankNone, tone: 'status-muted' },
  unverified: { label: P.bankUnverified, tone: 'status-warning' },
  verified: { label: P.bankVerified, tone: 'status-success' },
};

/**
 * The withdrawal bank account: its link status and the external form (BANK_FORM_URL) in a new tab.
 * Members cannot edit the account here; an administrator records it.
 */
export function BankAccountSection({ profile }: { profile: ProfileView }) {
  const { status, bank_name, account_number_masked } = profile.bank_account;
  const s = STATUS[status];
  const label = status === 'none' ? P.bankLink : P.bankChange;
  return (
    <ProfileCard
      title={P.bankTitle}
      badge={
        <span className={`status-badge ${s.tone}`} data-testid="bank-status">
          {s.label}
        </span>
      }
    >
      {status !== 'none' ? (
        <dl className="profile-list">
          <ProfileRow label={P.bankName} value={bank_name} />
          <ProfileRow label={P.bankAccountNumber} value={account_number_masked} />
        </dl>
      ) : null}
      {profile.bank_form_url ? (
        <a
          className="btn btn-secondary btn-block profile-external"
          href={profile.bank_form_url}
          target="_blank"
          rel="noopener noreferrer"
        >
          {label}
          <ExternalLinkIcon />
          <span className="sr-only">{P.opensInNewTab}</span>
        </a>
      ) : (
        <button type="button" className="btn btn-secondary btn-block" disabled>
          {label}
        </button>
      )}
      <p className="profile-hint">{profile.bank_form_url ? P.bankNote : P.bankFormMissing}</p>
    </ProfileCard>
  );
}
