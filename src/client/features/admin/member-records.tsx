import { MSG } from '../../../shared/messages';
import type { MemberDetail } from '../../../shared/schemas/admin-views';
import { ActionPeriodFilters, AuditTable } from './audit-tab';
import { ExportLinks } from './export-links';
import { PagedRecords, usePagedFilters } from './pager';
import { type AuditFilters, useAuditLog } from './records-api';
import { Section } from './section';

const T = MSG.admin.audit;
const PAGE_SIZE = 15;

/**
 * The member's 기록 tab: every audit entry about them (and the decisions on their requests), filtered by
 * action and period, and the four CSV exports of their records for that period.
 */
export function MemberRecords({ detail }: { detail: MemberDetail }) {
  const { filters, page, setPage, set } = usePagedFilters<AuditFilters>({ targetId: detail.member.id });
  const audit = useAuditLog(filters, page, PAGE_SIZE);
  return (
    <Section title={T.title}>
      <div className="adm-filters">
        <ActionPeriodFilters filters={filters} set={set} />
      </div>
      <ExportLinks
        kinds={['audit', 'auth-events', 'requests', 'ledger']}
        from={filters.from}
        to={filters.to}
        username={detail.member.username}
      />
      <PagedRecords
        query={audit}
        failed={MSG.admin.failed.auditLoad}
        empty={T.empty}
        pager={{ page, pageSize: PAGE_SIZE, onPage: setPage, label: T.title }}
      >
        {(items) => <AuditTable items={items} />}
      </PagedRecords>
    </Section>
  );
}
