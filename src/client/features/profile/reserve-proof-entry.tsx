import { RESERVE_PROOF_MESSAGES } from '../../../shared/messages/reserve-proof';
import { ProfileCard, ProfileMenuLink } from './profile-card';

const R = RESERVE_PROOF_MESSAGES.reserveProof;

/** My page's entry to 자산 증명: the member checks that their balance is in the published total. */
export function ReserveProofEntry() {
  return (
    <ProfileCard title={R.entry}>
      <ul className="profile-menu">
        <ProfileMenuLink to="/mypage/reserves-proof" label={R.entry} sub={R.entrySub} />
      </ul>
    </ProfileCard>
  );
}
