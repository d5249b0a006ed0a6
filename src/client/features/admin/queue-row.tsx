import { formatKrw } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { NETWORK_LABELS, type NetworkCode } from '../../../shared/networks';
import type { QueueRow as Row } from '../../../shared/schemas/desk-queue';
import { ChainVerdict } from './chain-verdict';
import { exact } from './format';
import { RecoveryBadge } from './recovery-badge';

const Q = MSG.deskQueue;
const L = MSG.live.queue;
const W = MSG.deskWork;

export type RowAct = 'approve' | 'reject' | 'card';
/** A request another operator decided a moment ago (live): who, and how. */
export type Decided = { by: string; status: string };

/** What the row, its drawer and their buttons share: a decision running, a live one by another, the acts. */
export interface RowDeciding {
  busy: boolean;
  /** Decided a moment ago by another operator (live): greyed out with who and how. */
  decided?: Decided | undefined;
  /** The row's own decisions (승인 / 거절, or 확인 / 반려 of another's proposal), with the row's checks. */
  onAct: (act: RowAct) => void;
}

/** A row's buttons: its own decision, or the card of another administrator's proposal. */
const DECIDING = [
  ['approve', Q.approve, 'btn-primary'],
  ['reject', Q.reject, 'btn-danger-outline'],
] as const satisfies readonly (readonly [RowAct, string, string])[];
const CONFIRMING = [
  ['card', Q.confirm, 'btn-primary'],
  ['card', Q.refuse, 'btn-secondary'],
] as const satisfies readonly (readonly [RowAct, string, string])[];

/**
 * The mark of a deposit the chain shows arrived but not that it is the member's (decision 0364): its
 * approval always takes a second administrator. Nothing for any other request.
 */
export function UnattributedBadge({ r }: { r: Row }) {
  if (!r.before_assignment) return null;
  const U = Q.unattributed;
  const label = r.network !== 'XRPL' ? U.beforeAssignment : r.tag === null ? U.untagged : U.otherTag;
  return (
    <span className="adm-badge is-bad" title={U.why} data-testid="unattributed">
      {label}
    </span>
  );
}

/** A TXID shortened to its ends for the column; the whole of it is the cell's title and in the drawer. */
const shortTxid = (t: string) => (t.length > 14 ? `${t.slice(0, 6)}…${t.slice(-6)}` : t);

/**
 * The row's decision buttons, the same in the row and the drawer: 승인 and 거절 for a request nobody
 * proposed, 확인 and 반려 (opening the card) for another administrator's proposal; the proposer's own
 * wait, disabled. 거절 stands apart from 승인, and both always take the same place.
 */
export function RowButtons({
  r,
  busy,
  decided,
  onAct,
  tabbable = false,
}: RowDeciding & {
  r: Row;
  /** In the drawer the buttons are reached with Tab; in the row the keyboard's a / r act. */
  tabbable?: boolean;
}) {
  const p = r.proposal;
  return (
    <span className="dq-buttons">
      {(p && !p.mine ? CONFIRMING : DECIDING).map(([act, label, style]) => (
        <button
          key={label}
          type="button"
          className={`btn ${style} btn-sm`}
          tabIndex={tabbable ? undefined : -1}
          // The second administrator's 확인 / 반려 open the card; 승인 / 거절 wait while anything is open.
          disabled={act === 'card' ? undefined : busy || !!p || !!decided}
          title={act !== 'card' && p ? Q.ownProposal : undefined}
          onClick={() => onAct(act)}
        >
          {label}
        </button>
      ))}
    </span>
  );
}

/** The state a row and its drawer show: decided a moment ago by another, waiting on a second, or new. */
export function rowState(r: Row, decided?: Decided) {
  if (decided) return L.decidedBy(decided.by, decided.status === 'approved' ? L.approved : L.rejected);
  if (r.proposal)
    return <span className="adm-badge is-wait">{Q.awaitingSecond(r.proposal.proposed_by_username)}</span>;
  return Q.waitingNew;
}

/** Whether a row can go into a bulk approval: nobody proposed it and nobody just decided it. */
export const selectable = (r: Row, decided?: unknown) => !r.proposal && !decided;

/** One pending request on one line: who, what, where, its won value, the chain's word and what waits on it. */
export function QueueRowLine({
  r,
  ageMinutes,
  decided,
  focused,
  selected,
  busy,
  onFocus,
  onOpen,
  onSelect,
  onAct,
}: RowDeciding & {
  r: Row;
  ageMinutes: number;
  focused: boolean;
  selected: boolean;
  onFocus: () => void;
  onOpen: () => void;
  onSelect: () => void;
}) {
  const p = r.proposal;
  return (
    <tr
      data-request-id={r.id}
      data-kind={r.kind}
      tabIndex={focused ? 0 : -1}
      aria-selected={focused}
      aria-disabled={decided ? true : undefined}
      className={`dq-row ${focused ? 'is-focused' : ''} ${p ? 'is-proposed' : ''} ${decided ? 'is-decided' : ''}`}
      onFocus={onFocus}
      onClick={onFocus}
      onDoubleClick={onOpen}
    >
      <td>
        <input
          type="checkbox"
          tabIndex={-1}
          aria-label={W.selectRow(r.username)}
          checked={selected}
          disabled={!selectable(r, decided)}
          onChange={onSelect}
        />
      </td>
      <td>
        <span className={`dq-kind ${r.kind === 'deposit' ? 'tone-good' : 'tone-bad'}`}>
          {Q.types[r.kind]}
        </span>
      </td>
      <td className="dq-member" title={r.username}>
        <button type="button" className="btn-link" tabIndex={-1} onClick={onOpen}>
          {r.username}
        </button>
      </td>
      <td>{r.currency}</td>
      <td className="adm-num">{exact(r.amount)}</td>
      <td className="adm-num">{formatKrw(r.krw_value)}원</td>
      <td>{r.network ? (NETWORK_LABELS[r.network as NetworkCode] ?? r.network) : '—'}</td>
      <td className="adm-num" data-testid="queue-tag">
        {r.tag ?? '—'}
      </td>
      <td className="dq-txid" title={r.txid ?? undefined}>
        {r.txid ? <code className="adm-code">{shortTxid(r.txid)}</code> : '—'}
      </td>
      <td className="dq-verdict">
        {r.chain ? (
          <ChainVerdict chain={r.chain} />
        ) : (
          <span className="adm-muted" title={Q.verdicts.none}>
            —
          </span>
        )}
        <UnattributedBadge r={r} />
        <RecoveryBadge at={r.recovered_at} />
      </td>
      <td className="dq-state">{rowState(r, decided)}</td>
      <td className="adm-num">{Q.ageMinutes(ageMinutes)}</td>
      <td className="dq-actions">
        <RowButtons r={r} busy={busy} decided={decided} onAct={onAct} />
      </td>
    </tr>
  );
}
