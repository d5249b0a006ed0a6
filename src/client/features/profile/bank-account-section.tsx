import { MSG } from '../../../shared/messages/member';
import type { BankLinkStatus, ProfileView } from '../../../shared/schemas/profile';
import { ExternalLinkIcon } from './icons';

const P = MSG.profile;

const STATUS: Record<BankLinkStatus, { label: string; tone: string }> = {
  none: { label: P.bankNone, tone: 'profile-badge-muted' },
  unverified: { label: P.bankUnverified, tone: 'profile-badge-warning' },
  verified: { label: P.bankVerified, tone: 'profile-badge-ok' },
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
    <section className="profile-card" aria-labelledby="profile-bank-title">
      <div className="profile-card-head">
        <h2 id="profile-bank-title" className="profile-card-title">
          {P.bankTitle}
        </h2>
        <span className={`profile-badge ${s.tone}`} data-testid="bank-status">
          {s.label}
        </span>
      </div>
      {status !== 'none' ? (
        <dl className="profile-list">
          <div className="profile-row">
            <dt>{P.bankName}</dt>
            <dd>
              <span className="profile-value">{bank_name}</span>
            </dd>
          </div>
          <div className="profile-row">
            <dt>{P.bankAccountNumber}</dt>
            <dd>
              <span className="profile-value">{account_number_masked}</span>
            </dd>
          </div>
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
    </section>
  );
}
