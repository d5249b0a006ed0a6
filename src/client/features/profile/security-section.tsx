import { Link } from 'react-router';
import { MSG } from '../../../shared/messages/member';
import type { ProfileView } from '../../../shared/schemas/profile';
import { ChevronRightIcon } from './icons';
import { ProfileCard } from './profile-card';

const P = MSG.profile;

/** Login password and second password entries, with the grade: safe with a second password, else basic. */
export function SecuritySection({ profile }: { profile: ProfileView }) {
  const safe = profile.security_grade === 'safe';
  return (
    <ProfileCard
      title={P.securityTitle}
      badge={
        <span className={`status-badge ${safe ? 'status-success' : 'status-muted'}`}>
          {P.securityGrade}: {safe ? P.gradeSafe : P.gradeBasic}
        </span>
      }
    >
      <ul className="profile-menu">
        <li>
          <Link to="/change-password" className="profile-menu-item">
            <span>{P.loginPassword}</span>
            <span className="profile-menu-end">
              {P.change}
              <ChevronRightIcon />
            </span>
          </Link>
        </li>
        <li>
          <Link to="/second-password" className="profile-menu-item">
            <span>
              {P.secondPassword}
              {profile.has_second_password ? null : (
                <span className="profile-menu-sub">{P.secondPasswordNotSet}</span>
              )}
            </span>
            <span className="profile-menu-end">
              {profile.has_second_password ? P.change : P.set}
              <ChevronRightIcon />
            </span>
          </Link>
        </li>
      </ul>
    </ProfileCard>
  );
}
