import { MSG } from '../../../shared/messages/member';
import type { ProfileView } from '../../../shared/schemas/profile';
import { useSession } from '../../lib/session';
import { ProfileCard, ProfileMenuLink } from './profile-card';

const P = MSG.profile;

/**
 * Login password and second password entries, with the grade and what it lacks: 안전 with a second password
 * and a one-time code, 보통 without the code, 기본 without a second password.
 */
export function SecuritySection({ profile }: { profile: ProfileView }) {
  const otp = useSession().data?.user.has_totp === true;
  const safe = profile.security_grade === 'safe' && otp;
  return (
    <ProfileCard
      title={P.securityTitle}
      badge={
        <span className={`status-badge ${safe ? 'status-success' : 'status-muted'}`}>
          {P.securityGrade}:{' '}
          {profile.security_grade !== 'safe'
            ? `${P.gradeBasic} · ${P.gradeMissing(P.secondPassword)}`
            : otp
              ? P.gradeSafe
              : `${P.gradeNormal} · ${P.gradeMissing('OTP')}`}
        </span>
      }
    >
      <ul className="profile-menu">
        <ProfileMenuLink to="/change-password" label={P.loginPassword} end={P.change} />
        <ProfileMenuLink
          to="/second-password"
          label={P.secondPassword}
          sub={profile.has_second_password ? null : P.secondPasswordNotSet}
          end={profile.has_second_password ? P.change : P.set}
        />
      </ul>
    </ProfileCard>
  );
}
