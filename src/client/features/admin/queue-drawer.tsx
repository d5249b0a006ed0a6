import { useEffect, useRef } from 'react';
import { formatDeskTime, formatKrw } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import type { QueueRow } from '../../../shared/schemas/desk-queue';
import { Spinner } from '../../components/spinner';
import { useMember } from './api';
import { ChainVerdict } from './chain-verdict';
import { exact } from './format';
import { TableHead } from './kit';
import { RowButtons, type RowDeciding, rowState, UnattributedBadge } from './queue-row';
import { useAuthEvents } from './records-api';
import { RecoveryBadge } from './recovery-badge';
import { Details } from './request-details';

const Q = MSG.deskQueue;
const D = Q.drawer;
const E = MSG.authEvents;
const W = MSG.deskWork;
const R = MSG.admin.requests;
const RECENT = 5;

const DAY_SECONDS = 86_400;
/** Seconds as the queue's ages read ("2시간", "3일"); null under a minute. */
const span = (seconds: number) => (seconds < 60 ? null : Q.ageMinutes(Math.floor(seconds / 60)));

/**
 * A crypto withdrawal's address-book entry: how long the member has had the address and how soon after
 * registering it they asked to withdraw; an address younger than a day (at the request) stands out.
 */
function AddressBookAge({ book }: { book: QueueRow['address_book'] }) {
  const young = !book || book.before_request_seconds < DAY_SECONDS;
  return (
    <p className={young ? 'adm-warn' : undefined} data-testid="address-book-age">
      {D.addressBook}:{' '}
      {book
        ? `${D.addressBookAgo(span(book.age_seconds))} · ${D.addressBookLead(span(book.before_request_seconds))}`
        : D.addressBookNone}
      {book && young ? (
        <>
          {' '}
          <span className="adm-badge is-bad">{D.addressBookYoung}</span>
        </>
      ) : null}
    </p>
  );
}

/**
 * The side drawer of the selected queue row: the whole request (address, tag, network, explorer links,
 * travel-rule data, chain verdict and whether the chain shows whose a deposit is, the address-book
 * entry's age), the member's balances, recent requests
 * and recent sign-ins — what an operator checks before deciding — and the row's own buttons, so the
 * decision is made where the eyes are, without leaving the queue.
 */
export function QueueDrawer({
  row,
  decided,
  busy,
  onAct,
  onClose,
  onOpenMember,
}: RowDeciding & {
  row: QueueRow | null;
  onClose: () => void;
  onOpenMember: (memberId: string) => void;
}) {
  const member = useMember(row?.member_id ?? null);
  const signIns = useAuthEvents({ memberId: row?.member_id }, 1, RECENT, !!row);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (row) closeRef.current?.focus();
  }, [row]);
  if (!row) return null;
  const d = member.data;
  const full =
    row.kind === 'deposit'
      ? d?.deposits.find((x) => x.id === row.id)
      : d?.withdrawals.find((x) => x.id === row.id);
  const recent = d
    ? [
        ...d.deposits.map((x) => ({ ...x, kind: 'deposit' as const })),
        ...d.withdrawals.map((x) => ({ ...x, kind: 'withdrawal' as const })),
      ]
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .slice(0, RECENT)
    : [];
  return (
    <aside
      className="dq-drawer"
      role="dialog"
      aria-modal="false"
      aria-labelledby="dq-drawer-title"
      data-request-id={row.id}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className="dq-drawer-head">
        <h3 id="dq-drawer-title">
          {D.title} · {Q.types[row.kind]} · {row.username}
        </h3>
        <button ref={closeRef} type="button" className="btn btn-secondary btn-sm" onClick={onClose}>
          {D.close}
        </button>
      </div>
      <section aria-label={D.request}>
        <h4>{D.request}</h4>
        <p className="adm-num">
          {exact(row.amount)} {row.currency} · {formatKrw(row.krw_value)}원
        </p>
        {row.before_assignment ? (
          <p className="dq-unattributed" role="note">
            <UnattributedBadge r={row} /> {Q.unattributed.why}
          </p>
        ) : null}
        <RecoveryBadge at={row.recovered_at} />
        <p data-testid="drawer-state">
          {W.drawerState}: {rowState(row, decided)}
        </p>
        <div className="dq-drawer-actions">
          <RowButtons r={row} busy={busy} decided={decided} onAct={onAct} tabbable />
        </div>
        {row.kind === 'withdrawal' && row.address ? <AddressBookAge book={row.address_book} /> : null}
        {full ? <Details r={full} chain={false} /> : null}
        {row.kind === 'deposit' && row.network === 'XRPL' ? (
          <p data-testid="deposit-tag">{Q.tagLine(row.tag)}</p>
        ) : null}
        <p>
          {Q.columns.verdict}: {row.chain ? <ChainVerdict chain={row.chain} /> : Q.verdicts.none}
        </p>
      </section>
      {member.isPending ? <Spinner /> : null}
      {d ? (
        <>
          <section aria-label={D.balances}>
            <h4>{D.balances}</h4>
            <table className="dq-mini">
              <TableHead columns={[Q.columns.asset, { num: D.total }, { num: D.available }]} />
              <tbody>
                {d.balances.map((b) => (
                  <tr key={b.currency}>
                    <th scope="row">{b.currency}</th>
                    <td className="adm-num">{exact(b.total)}</td>
                    <td className="adm-num adm-muted">{exact(b.available)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section aria-label={D.recentRequests}>
            <h4>{D.recentRequests}</h4>
            {recent.length === 0 ? <p className="adm-muted">{D.none}</p> : null}
            <ul className="dq-list">
              {recent.map((x) => (
                <li key={`${x.kind}-${x.id}`}>
                  {formatDeskTime(x.created_at)} · {Q.types[x.kind]} {exact(x.amount)} {x.currency} ·{' '}
                  {x.status === 'pending' ? Q.waitingNew : R[x.status]}
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
      <section aria-label={D.recentSignIns}>
        <h4>{D.recentSignIns}</h4>
        {signIns.data && signIns.data.items.length === 0 ? <p className="adm-muted">{D.none}</p> : null}
        <ul className="dq-list">
          {(signIns.data?.items ?? []).map((s) => (
            <li key={s.id}>
              {formatDeskTime(s.created_at)} · {E.kinds[s.kind]} · {s.success ? D.signInOk : D.signInFail}
              {s.ip ? ` · ${s.ip}` : ''}
            </li>
          ))}
        </ul>
      </section>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => onOpenMember(row.member_id)}>
        {D.openMember}
      </button>
    </aside>
  );
}
