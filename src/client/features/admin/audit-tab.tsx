import { AUDIT_ACTIONS, actionLabel, describeChange } from '../../../shared/audit-change';
import { auditSentence } from '../../../shared/audit-sentence';
import { formatDeskTime } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import type { AuditEntry } from '../../../shared/schemas/admin-views';
import { ExportLinks } from './export-links';
import { DayFilter, SelectFilter, UsernameFilter } from './fields';
import { AdmTable } from './kit';
import { PagedRecords, usePagedFilters } from './pager';
import { type AuditFilters, RECORDS_PAGE_SIZE, useAuditLog } from './records-api';
import { Section } from './section';

const T = MSG.admin.audit;
const F = MSG.deskRecords.filters;
const ACTION_OPTIONS = [['', F.actionAll] as const, ...AUDIT_ACTIONS];

/**
 * The rows: when (Korean time, "2026.12.01 20:16"), what kind, the entry as one sentence ("kim 관리자가 lee
 * 회원의 원화 입금 50,000원을 승인했습니다.") with its details below ("상태: 대기 → 완료"), and from where.
 */
export function AuditTable({ items }: { items: AuditEntry[] }) {
  return (
    <AdmTable className="adm-table adm-audit" columns={[T.time, T.action, T.entry, T.ip]}>
      {items.map((e) => (
        <tr key={e.id}>
          <td className="nowrap">{formatDeskTime(e.created_at)}</td>
          <td className="nowrap">{actionLabel(e.action)}</td>
          <td className="adm-change">
            <p className="adm-audit-sentence">{auditSentence(e)}</p>
            <ul className="adm-change-lines">
              {describeChange(e.before, e.after).map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an entry's lines never move
                <li key={i}>{line}</li>
              ))}
            </ul>
          </td>
          <td>{e.ip ?? MSG.admin.none}</td>
        </tr>
      ))}
    </AdmTable>
  );
}

/** The action and period filters shared by the desk's log and a member's records. */
export function ActionPeriodFilters({
  filters,
  set,
}: {
  filters: AuditFilters;
  set: (patch: Partial<AuditFilters>) => void;
}) {
  return (
    <>
      <SelectFilter
        label={F.action}
        value={filters.action ?? ''}
        options={ACTION_OPTIONS}
        onChange={(action) => set({ action: action || undefined })}
      />
      {(['from', 'to'] as const).map((key) => (
        <DayFilter
          key={key}
          label={F[key]}
          value={filters[key] ?? ''}
          onChange={(day) => set({ [key]: day || undefined })}
        />
      ))}
    </>
  );
}

/**
 * The desk's audit trail: who did what to whom, in Korean, filtered by username (who acted or whom it
 * concerns), action and period, with its CSV export. Opened from a member, it starts on their username.
 */
export function AuditTab({ initialTarget = '' }: { initialTarget?: string }) {
  const { filters, page, setPage, set } = usePagedFilters<AuditFilters>({});
  const audit = useAuditLog(filters, page);
  return (
    <Section title={T.title}>
      <div className="adm-filters">
        <UsernameFilter memberId={initialTarget} onChange={(username) => set({ username })} />
        <ActionPeriodFilters filters={filters} set={set} />
      </div>
      <ExportLinks kinds={['audit']} from={filters.from} to={filters.to} username={filters.username} />
      <PagedRecords
        query={audit}
        failed={MSG.admin.failed.auditLoad}
        empty={T.empty}
        scroll={T.listLabel}
        pager={{ page, pageSize: RECORDS_PAGE_SIZE, onPage: setPage, label: T.title }}
      >
        {(items) => <AuditTable items={items} />}
      </PagedRecords>
    </Section>
  );
}
