import { useEffect } from 'react';
import { MSG } from '../../../shared/messages/member';
import type { ProfileView } from '../../../shared/schemas/profile';
import { Spinner } from '../../components/spinner';
import { TotpSection } from '../../components/totp/totp-section';
import { useTotpStatus } from '../../components/totp/use-totp';
import { useLogoutToLogin } from '../../lib/session';
import { toast } from '../../lib/toast';
import { BankAccountSection } from './bank-account-section';
import { ProfileInfoSection } from './profile-info-section';
import { ReserveProofEntry } from './reserve-proof-entry';
import { SecuritySection } from './security-section';
import { SignInActivitySection, useSignInActivity } from './sign-in-activity-section';
import { ThemeSection } from './theme-section';
import { useProfile } from './use-profile';
import './profile.css';

const P = MSG.profile;

/** /mypage: the member's own settings. */
export function MyPage() {
  const profile = useProfile();
  const logout = useLogoutToLogin();
  const onLogout = logout.run;

  // SPEC §8: a load failure is announced once ('Error: failed to load profile information.').
  useEffect(() => {
    if (profile.isError) toast.error(P.loadFailed, { id: 'profile-load-failed' });
  }, [profile.isError]);

  return (
    <section className="page profile-page">
      <h1 className="page-title">{P.title}</h1>
      {profile.isPending ? (
        <Spinner />
      ) : profile.isError ? (
        <div className="profile-card" role="alert">
          <p className="profile-unavailable">{P.unavailable}</p>
          <button type="button" className="btn btn-primary btn-block" onClick={onLogout}>
            {P.loginAgain}
          </button>
        </div>
      ) : (
        <ProfileCards profile={profile.data} logout={logout} />
      )}
    </section>
  );
}

/**
 * The cards of a loaded profile. They appear together once the reads of the cards below have answered
 * too, so nothing on the page is pushed down when a later answer arrives (Lighthouse's layout shift).
 */
function ProfileCards({
  profile,
  logout,
}: {
  profile: ProfileView;
  logout: ReturnType<typeof useLogoutToLogin>;
}) {
  const later = [useTotpStatus(), useSignInActivity()];
  if (later.some((q) => q.isPending)) return <Spinner />;
  return (
    <>
      <ProfileInfoSection profile={profile} />
      <SecuritySection profile={profile} />
      <TotpSection />
      <BankAccountSection profile={profile} />
      <ThemeSection />
      <SignInActivitySection />
      <ReserveProofEntry />
      <button
        type="button"
        className="btn btn-secondary btn-block profile-logout"
        onClick={logout.run}
        disabled={logout.isPending}
      >
        {P.logout}
      </button>
    </>
  );
}
