import { useQuery } from '@tanstack/react-query';
import { formatDeskTime, formatKrw } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import type { ServiceLimitsView } from '../../../shared/schemas/desk-work';
import { Spinner } from '../../components/spinner';
import { api } from '../../lib/api';
import { ADMIN_KEY, retryUnlessRefused, useMembers } from './api';
import { AdmTable } from './kit';
import { NoticesSection } from './notices-section';
import { ReceivingAccountSection } from './receiving-account-section';
import { failureText, ResultMessage } from './result-message';
import { Section } from './section';

const S = MSG.deskWork.settings;

/** The administrators: who may act on the desk (a role changes by proposal, from the member's page). */
function AdministratorsSection() {
  const admins = useMembers('', 1, 'active', 'admin');
  return (
    <Section title={S.admins}>
      <p className="adm-muted">{S.adminsHint}</p>
      {admins.isPending ? (
        <Spinner />
      ) : admins.isError || !admins.data ? (
        <ResultMessage text={failureText(S.adminsFailed, admins.error)} />
      ) : (
        <AdmTable columns={[S.username, S.name, S.email, S.since]}>
          {admins.data.items.map((m) => (
            <tr key={m.id} data-testid="admin-row">
              <td>{m.username}</td>
              <td>{m.full_name}</td>
              <td>{m.email}</td>
              <td className="nowrap">{formatDeskTime(m.created_at)}</td>
            </tr>
          ))}
        </AdmTable>
      )}
    </Section>
  );
}

/** The service's limits as the server is configured: what a member may withdraw, what takes two people. */
function LimitsSection() {
  const limits = useQuery({
    queryKey: [...ADMIN_KEY, 'service-limits'],
    queryFn: ({ signal }) =>
      api.get<ServiceLimitsView>('/admin/settings/limits', { signal, schema: 'serviceLimits' }),
    retry: retryUnlessRefused,
  });
  const l = limits.data;
  const won = (v: string) => `${formatKrw(v)}원`;
  return (
    <Section title={S.limits}>
      <p className="adm-muted">{S.limitsHint}</p>
      {!l ? (
        <Spinner />
      ) : (
        <dl className="adm-settings-limits">
          <dt>{S.dailyCrypto}</dt>
          <dd>{won(l.daily_limit_crypto_krw)}</dd>
          <dt>{S.dailyKrw}</dt>
          <dd>{won(l.daily_limit_krw)}</dd>
          <dt>{S.fourEyesDeposit}</dt>
          <dd>{won(l.four_eyes_deposit_krw)}</dd>
          <dt>{S.fourEyesPayout}</dt>
          <dd>{won(l.four_eyes_payout_krw)}</dd>
          <dt>{S.fourEyesAdmin}</dt>
          <dd>{won(l.four_eyes_admin_daily_krw)}</dd>
          <dt>{S.proposalTtl}</dt>
          <dd>{S.hours(l.proposal_ttl_hours)}</dd>
          <dt>{S.stepUp}</dt>
          <dd>{S.stepUpText(l.step_up_idle_minutes, l.step_up_max_minutes)}</dd>
        </dl>
      )}
    </Section>
  );
}

/** 설정: what concerns the whole service rather than one member. */
export function SettingsTab() {
  return (
    <div className="adm-settings">
      <NoticesSection />
      <ReceivingAccountSection />
      <AdministratorsSection />
      <LimitsSection />
    </div>
  );
}
