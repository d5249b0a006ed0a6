import { formatKrw } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import type { QueueRow as Row } from '../../../shared/schemas/desk-queue';
import { ChainVerdict } from './chain-verdict';
import { exact } from './format';
import { RecoveryBadge } from './recovery-badge';

const Q = MSG.deskQueue;
const L = MSG.live.queue;

export type RowAct = 'approve' | 'reject' | 'card';

/** A row's buttons: its own decision, or the card of another administrator's proposal. */
const DECIDING = [
  ['approve', Q.approve, 'btn-primary'],
  ['reject', Q.reject, 'btn-danger'],
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

/** One pending request on one line: who, what, its won value, the chain's word and what waits on it. */
export function QueueRowLine({
  r,
  ageMinutes,
  decided,
  focused,
  busy,
  onFocus,
  onOpen,
  onAct,
}: {
  r: Row;
  ageMinutes: number;
  /** Decided a moment ago by another operator (live): greyed out with who and how. */
  decided?: { by: string; status: string } | undefined;
  focused: boolean;
  busy: boolean;
  onFocus: () => void;
  onOpen: () => void;
  onAct: (act: RowAct) => void;
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
      <td className="dq-state">
        {decided ? (
          L.decidedBy(decided.by, decided.status === 'approved' ? L.approved : L.rejected)
        ) : p ? (
          <span className="adm-badge is-wait">{Q.awaitingSecond(p.proposed_by_username)}</span>
        ) : (
          Q.waitingNew
        )}
      </td>
      <td className="adm-num">{Q.ageMinutes(ageMinutes)}</td>
      <td className="dq-actions">
        {(p && !p.mine ? CONFIRMING : DECIDING).map(([act, label, style]) => (
          <button
            key={label}
            type="button"
            className={`btn ${style} btn-sm`}
            tabIndex={-1}
            // The second administrator's 확인 / 반려 open the card; 승인 / 거절 wait while anything is open.
            disabled={act === 'card' ? undefined : busy || !!p || !!decided}
            title={act !== 'card' && p ? Q.ownProposal : undefined}
            onClick={() => onAct(act)}
          >
            {label}
          </button>
        ))}
      </td>
    </tr>
  );
}
