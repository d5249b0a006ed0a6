import { useEffect } from 'react';
import { MSG } from '../../../shared/messages/member';
import { Spinner } from '../../components/spinner';
import { TotpSection } from '../../components/totp/totp-section';
import { useTotpStatus } from '../../components/totp/use-totp';
import { useLogoutToLogin } from '../../lib/session';
import { toast } from '../../lib/toast';
import { BankAccountSection } from './bank-account-section';
import { ProfileInfoSection } from './profile-info-section';
import { SecuritySection } from './security-section';
import { SignInActivitySection, useSignInActivity } from './sign-in-activity-section';
import { ThemeSection } from './theme-section';
import { useProfile } from './use-profile';
import './profile.css';

const P = MSG.profile;

/** /mypage: the member's own settings. */
export function MyPage() {
  const profile = useProfile();
  // The cards appear together once the reads below them have answered too: nothing on the page is pushed
  // down when a later answer arrives (Lighthouse's layout shift).
  const others = [useTotpStatus(), useSignInActivity()];
  const pending = profile.isPending || others.some((q) => q.isPending);
  const logout = useLogoutToLogin();
  const onLogout = logout.run;

  // SPEC §8: a load failure is announced once ('Error: failed to load profile information.').
  useEffect(() => {
    if (profile.isError) toast.error(P.loadFailed, { id: 'profile-load-failed' });
  }, [profile.isError]);

  return (
    <section className="page profile-page">
      <h1 className="page-title">{P.title}</h1>
      {pending ? (
        <Spinner />
      ) : profile.isError ? (
        <div className="profile-card" role="alert">
          <p className="profile-unavailable">{P.unavailable}</p>
          <button type="button" className="btn btn-primary btn-block" onClick={onLogout}>
            {P.loginAgain}
          </button>
        </div>
      ) : (
        <>
          <ProfileInfoSection profile={profile.data} />
          <SecuritySection profile={profile.data} />
          <TotpSection />
          <BankAccountSection profile={profile.data} />
          <ThemeSection />
          <SignInActivitySection />
          <button
            type="button"
            className="btn btn-secondary btn-block profile-logout"
            onClick={onLogout}
            disabled={logout.isPending}
          >
            {P.logout}
          </button>
        </>
      )}
    </section>
  );
}
