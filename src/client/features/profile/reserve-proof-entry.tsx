import { Link } from 'react-router';
import { RESERVE_PROOF_MESSAGES } from '../../../shared/messages/reserve-proof';
import { ChevronRightIcon } from './icons';
import { ProfileCard } from './profile-card';

const R = RESERVE_PROOF_MESSAGES.reserveProof;

/** My page's entry to 자산 증명: the member checks that their balance is in the published total. */
export function ReserveProofEntry() {
  return (
    <ProfileCard title={R.entry}>
      <ul className="profile-menu">
        <li>
          <Link to="/mypage/reserves-proof" className="profile-menu-item">
            <span>
              {R.entry}
              <span className="profile-menu-sub">{R.entrySub}</span>
            </span>
            <span className="profile-menu-end">
              <ChevronRightIcon />
            </span>
          </Link>
        </li>
      </ul>
    </ProfileCard>
  );
}
