import { MSG } from '../../../shared/messages';
import { MEMBER_STATUSES, type MemberStatusFilter } from '../../../shared/schemas/admin';
import type { MemberListItem } from '../../../shared/schemas/admin-views';
import { api } from '../../lib/api';
import { MEMBER_PAGE_SIZE, useAdminMutation, useMembers } from './api';
import { SelectFilter } from './fields';
import { SearchField } from './kit';
import { Pager, usePagedFilters } from './pager';
import { failureText, ResultMessage, useResult } from './result-message';
import { Section } from './section';

const L = MSG.admin.list;
const STATUS_LABEL: Record<MemberStatusFilter, string> = {
  active: L.statusActive,
  closed: L.statusClosed,
  all: L.statusAll,
};
const STATUS_OPTIONS = MEMBER_STATUSES.map((s) => [s, STATUS_LABEL[s]] as const);

/** SPEC §2: the left column, members with a search box (email, username, name), paged, 70vh scroll. */
export function MemberList({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { filters, page, setPage, set } = usePagedFilters<{ q: string; status: MemberStatusFilter }>({
    q: '',
    status: 'active',
  });
  const result = useResult();
  const members = useMembers(filters.q, page, filters.status);
  const toggle = useAdminMutation((m: MemberListItem) =>
    api.patch(`/admin/members/${m.id}/bank-account`, { is_verified: !m.bank_verified }),
  );

  const onToggle = (m: MemberListItem) =>
    toggle.mutate(m, {
      onSuccess: () => result.set(m.bank_verified ? MSG.admin.bankVerifiedOff : MSG.admin.bankVerifiedOn),
      onError: (err) => result.set(failureText(MSG.admin.failed.bankSave, err)),
    });

  const data = members.data;
  return (
    <Section title={L.title} className="adm-members">
      <SearchField label={L.search} placeholder={L.searchPlaceholder} onSearch={(q) => set({ q })} landmark />
      <SelectFilter
        label={L.statusFilter}
        value={filters.status}
        options={STATUS_OPTIONS}
        onChange={(status) => set({ status })}
      />
      <p className="adm-muted" aria-live="polite">
        {data ? (data.total_capped ? L.totalCapped(data.total) : L.total(data.total)) : MSG.common.loading}
      </p>
      {members.isError ? (
        <ResultMessage text={failureText(MSG.admin.failed.loadMembers, members.error)} />
      ) : null}
      <ResultMessage text={result.text} />
      <ul className="adm-member-list" aria-busy={members.isFetching}>
        {data?.items.map((m) => (
          <li key={m.id} className={m.id === selectedId ? 'is-selected' : undefined}>
            <button
              type="button"
              className="adm-member-pick"
              aria-current={m.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(m.id)}
            >
              <span className="adm-member-name">
                {m.username}
                {m.is_admin ? <span className="adm-badge is-admin">{L.admin}</span> : null}
                {m.closed_at ? <span className="adm-badge is-bad">{L.closed}</span> : null}
              </span>
              <span className="adm-member-sub" title={m.email}>
                {m.email}
              </span>
              <span className="adm-member-sub">{m.full_name}</span>
            </button>
            {m.bank_verified === null ? (
              <span className="adm-badge">{L.bankNone}</span>
            ) : m.closed_at ? (
              // A closed account is read-only: its bank state is shown, not toggled.
              <span className="adm-badge">{m.bank_verified ? L.bankVerified : L.bankPending}</span>
            ) : (
              <button
                type="button"
                className={`adm-badge adm-badge-button ${m.bank_verified ? 'is-ok' : 'is-wait'}`}
                aria-label={L.toggleVerified(m.username, m.bank_verified)}
                disabled={toggle.isPending}
                onClick={() => onToggle(m)}
              >
                {m.bank_verified ? L.bankVerified : L.bankPending}
              </button>
            )}
          </li>
        ))}
        {data && data.items.length === 0 ? (
          <li className="adm-empty">{filters.q ? L.noResults : L.empty}</li>
        ) : null}
      </ul>
      <Pager page={page} total={data?.total} pageSize={MEMBER_PAGE_SIZE} onPage={setPage} label={L.title} />
    </Section>
  );
}
