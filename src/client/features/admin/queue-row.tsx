import { formatKrw } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import type { QueueRow as Row } from '../../../shared/schemas/desk-queue';
import { ChainVerdict } from './chain-verdict';
import { exact } from './format';

const Q = MSG.deskQueue;
const L = MSG.live.queue;

export type RowAct = 'approve' | 'reject' | 'card';

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
        <span className={`dq-kind is-${r.kind}`}>{Q.types[r.kind]}</span>
      </td>
      <td className="dq-member" title={r.username}>
        <button type="button" className="btn-link" tabIndex={-1} onClick={onOpen}>
          {r.username}
        </button>
      </td>
      <td>{r.currency}</td>
      <td className="adm-num">{exact(r.amount)}</td>
      <td className="adm-num">{formatKrw(r.krw_value)}원</td>
      <td>
        {r.chain ? (
          <ChainVerdict chain={r.chain} />
        ) : (
          <span className="adm-muted" title={Q.verdicts.none}>
            —
          </span>
        )}
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
        {p && !p.mine ? (
          <>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              tabIndex={-1}
              onClick={() => onAct('card')}
            >
              {Q.confirm}
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              tabIndex={-1}
              onClick={() => onAct('card')}
            >
              {Q.refuse}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              tabIndex={-1}
              disabled={busy || !!p || !!decided}
              title={p ? Q.ownProposal : undefined}
              onClick={() => onAct('approve')}
            >
              {Q.approve}
            </button>
            <button
              type="button"
              className="btn btn-danger btn-sm"
              tabIndex={-1}
              disabled={busy || !!p || !!decided}
              title={p ? Q.ownProposal : undefined}
              onClick={() => onAct('reject')}
            >
              {Q.reject}
            </button>
          </>
        )}
      </td>
    </tr>
  );
}
