import { useId, useState } from 'react';
import { MSG } from '../../../shared/messages';
import { MEMBER_STATUSES, type MemberStatusFilter } from '../../../shared/schemas/admin';
import type { MemberListItem } from '../../../shared/schemas/admin-views';
import { api } from '../../lib/api';
import { MEMBER_PAGE_SIZE, useAdminMutation, useMembers } from './api';
import { SearchField, useDebounced } from './kit';
import { Pager } from './pager';
import { failureText, ResultMessage, useResult } from './result-message';

const L = MSG.admin.list;
const STATUS_LABEL: Record<MemberStatusFilter, string> = {
  active: L.statusActive,
  closed: L.statusClosed,
  all: L.statusAll,
};
const SEARCH_DELAY_MS = 300;

/** SPEC §2: the left column, members with a search box (email, username, name), paged, 70vh scroll. */
export function MemberList({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<MemberStatusFilter>('active');
  const searchId = useId();
  const result = useResult();
  useDebounced(text, SEARCH_DELAY_MS, (trimmed) => {
    setQ(trimmed);
    setPage(1);
  });
  const members = useMembers(q, page, status);
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
    <section className="adm-card adm-members" aria-labelledby={`${searchId}-title`}>
      <h2 id={`${searchId}-title`} className="adm-card-title">
        {L.title}
      </h2>
      <SearchField
        id={searchId}
        label={L.search}
        placeholder={L.searchPlaceholder}
        value={text}
        onChange={setText}
        landmark
      />
      <label className="adm-filter">
        <span>{L.statusFilter}</span>
        <select
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as MemberStatusFilter);
            setPage(1);
          }}
        >
          {MEMBER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      <p className="adm-muted" aria-live="polite">
        {data ? L.total(data.total) : MSG.common.loading}
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
              <span className="adm-member-sub">{m.email}</span>
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
        {data && data.items.length === 0 ? <li className="adm-empty">{q ? L.noResults : L.empty}</li> : null}
      </ul>
      {data ? (
        <Pager page={page} total={data.total} pageSize={MEMBER_PAGE_SIZE} onPage={setPage} label={L.title} />
      ) : null}
    </section>
  );
}
