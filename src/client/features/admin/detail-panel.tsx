import { MSG } from '../../../shared/messages';
import { Spinner } from '../../components/spinner';
import { useMember } from './api';
import { AssetsSection } from './assets-section';
import { AuthEventsSection } from './auth-events';
import { BankAccountSection } from './bank-account-section';
import { ClosedRecordsSection } from './closed-records-section';
import { DepositAddressSection } from './deposit-address-section';
import { LocksSection } from './locks-section';
import { MemberInfoSection } from './member-info-section';
import { NoticesSection } from './notices-section';
import { PasswordSection } from './password-section';
import { RoleSection } from './proposals-tab';
import { ReceivingAccountSection } from './receiving-account-section';
import { RequestsSection } from './requests-section';
import { failureText, ResultMessage } from './result-message';
import { WithdrawalLimitsSection } from './withdrawal-limits-section';

/** The right column: SPEC §2's sections in its order. Requests and notices concern every member. */
export function DetailPanel({
  memberId,
  onDeleted,
}: {
  memberId: string | null;
  onDeleted: (message: string) => void;
}) {
  const member = useMember(memberId);
  const detail = member.data;
  return (
    <div className="adm-detail">
      {!memberId ? (
        <section className="adm-card adm-placeholder">
          <p>{MSG.admin.selectMember}</p>
        </section>
      ) : member.isPending ? (
        <section className="adm-card">
          <Spinner />
        </section>
      ) : member.isError || !detail ? (
        <section className="adm-card">
          <ResultMessage text={failureText(MSG.admin.failed.loadMember, member.error)} />
        </section>
      ) : (
        <div key={detail.member.id} className="adm-sections">
          <MemberInfoSection detail={detail} onDeleted={onDeleted} />
          {detail.member.closed_at ? (
            // A closed account opens read-only: none of the editing sections (the server refuses them too).
            <ClosedRecordsSection detail={detail} />
          ) : (
            <>
              <AssetsSection detail={detail} />
              <BankAccountSection detail={detail} />
              <DepositAddressSection detail={detail} />
              <PasswordSection detail={detail} />
              <LocksSection detail={detail} />
              <RoleSection detail={detail} />
              <WithdrawalLimitsSection detail={detail} />
            </>
          )}
          <AuthEventsSection memberId={detail.member.id} />
        </div>
      )}
      <RequestsSection memberId={detail ? detail.member.id : null} />
      <NoticesSection />
      <ReceivingAccountSection />
    </div>
  );
}
