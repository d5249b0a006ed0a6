import { AUDIT_ACTIONS, actionLabel, describeChange } from '../../../shared/audit-change';
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

/** Whom an entry concerns, by name: the member's username, else the kind of target (never an id). */
const targetText = (e: AuditEntry) =>
  e.member_username ?? (e.target_type ? (T.targetTypes[e.target_type] ?? MSG.admin.none) : MSG.admin.none);

/** The rows: time, who, what, about whom, and the change in Korean ("상태: 대기 → 완료"). */
export function AuditTable({ items, showTarget = true }: { items: AuditEntry[]; showTarget?: boolean }) {
  const columns = showTarget
    ? [T.time, T.actor, T.action, T.target, T.change, T.ip]
    : [T.time, T.actor, T.action, T.change, T.ip];
  return (
    <AdmTable className="adm-table adm-audit" columns={columns}>
      {items.map((e) => (
        <tr key={e.id}>
          <td className="nowrap">{formatDeskTime(e.created_at)}</td>
          <td>{e.actor_username ?? MSG.admin.none}</td>
          <td className="nowrap">{actionLabel(e.action)}</td>
          {showTarget ? <td>{targetText(e)}</td> : null}
          <td className="adm-change">
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
