import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MSG } from '../../../shared/messages';
import { AdminTotpGate } from '../../components/totp/admin-totp-gate';
import { AuditTab } from './audit-tab';
import { AuthEventsTab } from './auth-events';
import { DetailPanel } from './detail-panel';
import { LedgerCheck } from './ledger-check';
import { MemberList } from './member-list';
import { PayoutsSection } from './payouts-section';
import { ProposalsTab } from './proposals-tab';
import { QueueTab } from './queue-tab';
import { ReservesSection } from './reserves-section';
import { ResultMessage } from './result-message';
import { SettingsTab } from './settings-tab';
import { TabButton } from './tab-button';
import './admin.css';

type Tab = 'queue' | 'members' | 'audit' | 'sign-ins' | 'proposals' | 'reserves' | 'settings';
const TABS: readonly Tab[] = ['queue', 'members', 'audit', 'sign-ins', 'proposals', 'reserves', 'settings'];

/**
 * /admin (SPEC §2): desktop-first operators' desk. The selected member and the tab live in the address
 * (?member=…&tab=audit) so a reload or a shared link opens the same view.
 */
export function AdminPage() {
  return (
    <AdminTotpGate>
      <AdminDesk />
    </AdminTotpGate>
  );
}

function AdminDesk() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  // The queue is where an operator lands; an old link with ?member= still opens that member.
  const tab: Tab = TABS.includes(requested as Tab)
    ? (requested as Tab)
    : params.get('member')
      ? 'members'
      : 'queue';
  const memberId = params.get('member');
  const [notice, setNotice] = useState<string | null>(null);

  const update = (next: { tab?: Tab; member?: string | null }) => {
    const p = new URLSearchParams(params);
    if (next.tab !== undefined) {
      if (next.tab === 'queue') p.delete('tab');
      else p.set('tab', next.tab);
    }
    if (next.member !== undefined) {
      if (next.member) p.set('member', next.member);
      else p.delete('member');
    }
    setParams(p, { replace: false });
  };

  const tabButton = (t: Tab, label: string) => (
    <TabButton label={label} selected={tab === t} onSelect={() => update({ tab: t })} />
  );

  return (
    <div className="adm-page">
      <div className="adm-toolbar">
        <div className="adm-tabs" role="tablist" aria-label={MSG.admin.title}>
          {tabButton('queue', MSG.deskQueue.tab)}
          {tabButton('members', MSG.admin.tabMembers)}
          {tabButton('audit', MSG.admin.tabAudit)}
          {tabButton('sign-ins', MSG.authEvents.adminTab)}
          {tabButton('proposals', MSG.proposals.tab)}
          {tabButton('reserves', MSG.deskQueue.reservesTab)}
          {tabButton('settings', MSG.deskWork.settings.tab)}
        </div>
        <LedgerCheck />
      </div>
      <ResultMessage text={notice} />
      {tab === 'queue' ? (
        <>
          <QueueTab onOpenMember={(id) => update({ tab: 'members', member: id })} />
          <PayoutsSection />
        </>
      ) : tab === 'reserves' ? (
        <ReservesSection />
      ) : tab === 'settings' ? (
        <SettingsTab />
      ) : tab === 'members' ? (
        <div className="adm-layout">
          <MemberList
            selectedId={memberId}
            onSelect={(id) => {
              setNotice(null);
              update({ member: id });
            }}
          />
          <DetailPanel
            memberId={memberId}
            onDeleted={(message) => {
              setNotice(message);
              update({ member: null });
            }}
          />
        </div>
      ) : tab === 'audit' ? (
        <AuditTab initialTarget={memberId ?? ''} />
      ) : tab === 'proposals' ? (
        <ProposalsTab />
      ) : (
        <AuthEventsTab initialMember={memberId ?? ''} />
      )}
    </div>
  );
}
