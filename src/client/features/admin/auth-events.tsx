import { useState } from 'react';
import { formatDeskTime } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { AUTH_EVENT_KINDS, type AuthEventView } from '../../../shared/schemas/auth-events';
import { describeDevice } from '../../../shared/user-agent';
import { describeEvent } from '../../lib/describe-event';
import { ExportLinks } from './export-links';
import { DayFilter, SelectFilter, UsernameFilter } from './fields';
import { AdmTable } from './kit';
import { PagedRecords, usePagedFilters } from './pager';
import { type AuthEventFilters, useAuthEvents } from './records-api';
import { Section } from './section';

const E = MSG.authEvents;

/** The rows of the log: time (Korean), member or the name typed, activity and result, address, device. */
function EventTable({ items, showMember }: { items: AuthEventView[]; showMember: boolean }) {
  return (
    <AdmTable
      className="adm-table adm-auth-events"
      columns={
        showMember
          ? [E.time, E.memberColumn, E.activity, E.address, E.device]
          : [E.time, E.activity, E.address, E.device]
      }
    >
      {items.map((e) => (
        <tr key={e.id} className={e.success ? undefined : 'adm-auth-failure'}>
          <td className="nowrap">{formatDeskTime(e.created_at)}</td>
          {showMember ? (
            <td>
              <div>{e.username ?? MSG.admin.none}</div>
              {e.identifier && e.identifier !== e.username ? (
                <div className="adm-member-sub">
                  {E.identifierColumn}: {e.identifier}
                </div>
              ) : null}
            </td>
          ) : null}
          <td>{describeEvent(e)}</td>
          <td>{e.ip ?? MSG.admin.none}</td>
          <td title={e.user_agent ?? undefined}>{describeDevice(e.user_agent) ?? E.unknownDevice}</td>
        </tr>
      ))}
    </AdmTable>
  );
}

const PAGE_SIZE = 30;
const SECTION_PAGE_SIZE = 10;

const ALL = ['', E.filterAll] as const;
/** The tab's filters after the member box: a choice among options, or a date. */
const FILTERS: readonly {
  key: 'kind' | 'result' | 'from' | 'to';
  label: string;
  options?: readonly (readonly [string, string])[];
}[] = [
  {
    key: 'kind',
    label: E.filterKind,
    options: [ALL, ...AUTH_EVENT_KINDS.map((k) => [k, E.kinds[k]] as const)],
  },
  { key: 'result', label: E.filterResult, options: [ALL, ['success', E.success], ['failure', E.failure]] },
  { key: 'from', label: E.filterFrom },
  { key: 'to', label: E.filterTo },
];

/**
 * The "로그인 기록" tab: every member's authentication events, filtered by username, kind, result and
 * period, and paged, with its CSV export. Opened from a member, it starts on their username.
 */
export function AuthEventsTab({ initialMember = '' }: { initialMember?: string }) {
  const { filters, page, setPage, set } = usePagedFilters<AuthEventFilters>({});
  const events = useAuthEvents(filters, page, PAGE_SIZE);
  return (
    <Section title={E.adminTitle}>
      <div className="adm-filters">
        <UsernameFilter memberId={initialMember} onChange={(username) => set({ username })} />
        {FILTERS.map(({ key, label, options }) => {
          const value = filters[key] ?? '';
          const change = (v: string) => set({ [key]: v || undefined } as AuthEventFilters);
          return options ? (
            <SelectFilter key={key} label={label} value={value} options={options} onChange={change} />
          ) : (
            <DayFilter key={key} label={label} value={value} onChange={change} />
          );
        })}
      </div>
      <ExportLinks kinds={['auth-events']} from={filters.from} to={filters.to} username={filters.username} />
      <PagedRecords
        query={events}
        failed={E.loadFailed}
        empty={E.empty}
        scroll={E.listLabel}
        pager={{ page, pageSize: PAGE_SIZE, onPage: setPage, label: E.adminTitle }}
      >
        {(items) => <EventTable items={items} showMember />}
      </PagedRecords>
    </Section>
  );
}

/** The detail panel's section: the selected member's latest authentication events. */
export function AuthEventsSection({ memberId }: { memberId: string }) {
  const [page, setPage] = useState(1);
  const events = useAuthEvents({ memberId }, page, SECTION_PAGE_SIZE);
  return (
    <Section title={E.adminTitle}>
      <PagedRecords
        query={events}
        failed={E.loadFailed}
        empty={E.empty}
        pager={{ page, pageSize: SECTION_PAGE_SIZE, onPage: setPage, label: E.adminTitle }}
      >
        {(items) => <EventTable items={items} showMember={false} />}
      </PagedRecords>
    </Section>
  );
}
