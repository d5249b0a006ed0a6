import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { MSG } from '../../../shared/messages';
import type { MemberDetail } from '../../../shared/schemas/admin-views';
import { Spinner } from '../../components/spinner';
import { useMember } from './api';
import { AssetsSection } from './assets-section';
import { AuthEventsSection } from './auth-events';
import { BankAccountSection } from './bank-account-section';
import { ClosedRecordsSection } from './closed-records-section';
import { DepositAddressSection } from './deposit-address-section';
import { LocksSection } from './locks-section';
import { MemberInfoSection } from './member-info-section';
import { MemberRecords } from './member-records';
import { OtpSection } from './otp-section';
import { PasswordSection } from './password-section';
import { RoleSection } from './proposals-tab';
import { RequestsSection } from './requests-section';
import { failureText, ResultMessage } from './result-message';
import { TabButton } from './tab-button';
import { WithdrawalLimitsSection } from './withdrawal-limits-section';
import './desk-records.css';

const T = MSG.deskRecords.tabs;
const TABS = ['info', 'assets', 'requests', 'security', 'records'] as const;
type MemberTab = (typeof TABS)[number];
/** A closed account opens read-only: its balances and security cannot change (the server refuses too). */
const CLOSED_TABS: readonly MemberTab[] = ['info', 'requests', 'records'];

/** The member tab in the address (?member=…&mtab=assets), so a reload or a shared link opens it again. */
function useMemberTab(allowed: readonly MemberTab[]) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('mtab') as MemberTab | null;
  const tab = asked && allowed.includes(asked) ? asked : 'info';
  const open = (t: MemberTab) => {
    const p = new URLSearchParams(params);
    if (t === 'info') p.delete('mtab');
    else p.set('mtab', t);
    setParams(p, { replace: false });
  };
  return [tab, open] as const;
}

function TabBody({
  tab,
  detail,
  onDeleted,
}: {
  tab: MemberTab;
  detail: MemberDetail;
  onDeleted: (m: string) => void;
}) {
  const closed = Boolean(detail.member.closed_at);
  switch (tab) {
    case 'info':
      return (
        <>
          <MemberInfoSection detail={detail} onDeleted={onDeleted} />
          {closed ? (
            <ClosedRecordsSection detail={detail} />
          ) : (
            <>
              <BankAccountSection detail={detail} />
              <DepositAddressSection detail={detail} />
            </>
          )}
        </>
      );
    case 'assets':
      return (
        <>
          <AssetsSection detail={detail} />
          <LocksSection detail={detail} />
          <WithdrawalLimitsSection detail={detail} />
        </>
      );
    case 'requests':
      return <RequestsSection memberId={detail.member.id} />;
    case 'security':
      return (
        <>
          <PasswordSection detail={detail} />
          <OtpSection detail={detail} />
          <RoleSection detail={detail} />
          <AuthEventsSection memberId={detail.member.id} />
        </>
      );
    case 'records':
      return <MemberRecords detail={detail} />;
  }
}

/** One member as tabs (정보 / 자산 / 요청 / 보안 / 기록) instead of one long page. */
function MemberTabs({ detail, onDeleted }: { detail: MemberDetail; onDeleted: (m: string) => void }) {
  const allowed = detail.member.closed_at ? CLOSED_TABS : TABS;
  const [tab, open] = useMemberTab(allowed);
  const id = useId();
  return (
    <div key={detail.member.id} className="adm-member-tabs">
      <div className="adm-tabs adm-subtabs" role="tablist" aria-label={T_LABEL(detail)}>
        {allowed.map((t) => (
          <TabButton
            key={t}
            label={T[t]}
            selected={tab === t}
            id={`${id}-${t}`}
            controls={`${id}-panel`}
            onSelect={() => open(t)}
          />
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`} className="adm-sections">
        <TabBody tab={tab} detail={detail} onDeleted={onDeleted} />
      </div>
    </div>
  );
}

const T_LABEL = (detail: MemberDetail) => `${MSG.deskRecords.tabsLabel}: ${detail.member.username}`;

/**
 * The right column: the selected member as tabs. With no member selected, the requests of every member
 * (the notices and the service's receiving account are under 설정).
 */
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
        <>
          <section className="adm-card adm-placeholder">
            <p>{MSG.admin.selectMember}</p>
          </section>
          <RequestsSection memberId={null} />
        </>
      ) : member.isPending ? (
        <section className="adm-card">
          <Spinner />
        </section>
      ) : member.isError || !detail ? (
        <section className="adm-card">
          <ResultMessage text={failureText(MSG.admin.failed.loadMember, member.error)} />
        </section>
      ) : (
        <MemberTabs key={detail.member.id} detail={detail} onDeleted={onDeleted} />
      )}
    </div>
  );
}
