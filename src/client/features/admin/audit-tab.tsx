import { MSG } from '../../../shared/messages';
import { AUDIT_PAGE_SIZE, useAudit } from './api';
import { dateTime } from './format';
import { AdmTable, ScrollRegion, SearchField } from './kit';
import { Pager, usePagedFilters } from './pager';
import { failureText, ResultMessage } from './result-message';
import { Section } from './section';

const T = MSG.admin.audit;

const compact = (v: unknown) =>
  v === null || v === undefined ? '' : JSON.stringify(v, null, 1).replace(/\n\s*/g, ' ');

/** The audit trail: who did what to which target, before and after, when and from where. */
export function AuditTab({ initialTarget = '' }: { initialTarget?: string }) {
  const { filters, page, setPage, set } = usePagedFilters({ target: initialTarget });
  const audit = useAudit(filters.target, page);
  const data = audit.data;
  return (
    <Section title={T.title}>
      <SearchField
        label={T.filterTarget}
        placeholder={T.filterPlaceholder}
        initial={initialTarget}
        onSearch={(target) => set({ target })}
      />
      {audit.isError ? <ResultMessage text={failureText(MSG.admin.failed.auditLoad, audit.error)} /> : null}
      <ScrollRegion className="adm-scroll adm-scroll-70" busy={audit.isFetching} label={T.listLabel}>
        {data && data.items.length === 0 ? (
          <p className="adm-empty">{T.empty}</p>
        ) : (
          <AdmTable
            className="adm-table adm-audit"
            columns={[T.time, T.actor, T.action, T.target, T.change, T.ip]}
          >
            {data?.items.map((e) => (
              <tr key={e.id}>
                <td className="nowrap">{dateTime(e.created_at)}</td>
                <td>{e.actor_username ?? MSG.admin.none}</td>
                <td>{T.actions[e.action] ?? e.action}</td>
                <td>
                  <div>
                    {e.target_type ? (T.targetTypes[e.target_type] ?? e.target_type) : MSG.admin.none}
                  </div>
                  <code className="adm-code adm-member-sub">{e.target_id ?? ''}</code>
                </td>
                <td className="adm-change">
                  {e.before !== null && e.before !== undefined ? (
                    <div>
                      <span className="adm-muted">{T.before}</span> <code>{compact(e.before)}</code>
                    </div>
                  ) : null}
                  {e.after !== null && e.after !== undefined ? (
                    <div>
                      <span className="adm-muted">{T.after}</span> <code>{compact(e.after)}</code>
                    </div>
                  ) : null}
                </td>
                <td>{e.ip ?? MSG.admin.none}</td>
              </tr>
            ))}
          </AdmTable>
        )}
      </ScrollRegion>
      <Pager page={page} total={data?.total} pageSize={AUDIT_PAGE_SIZE} onPage={setPage} label={T.title} />
    </Section>
  );
}
