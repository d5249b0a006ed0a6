import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { MSG } from '../../../shared/messages';
import type { QueueRow } from '../../../shared/schemas/desk-queue';
import { Spinner } from '../../components/spinner';
import { type LiveEvent, useLiveEvent, useLiveStatus } from '../../lib/live-events';
import { ADMIN_KEY } from './api';
import { TableHead } from './kit';
import { doneOrProposed } from './proposals-tab';
import { NO_FILTERS, type QueueAction, type QueueFilters, useDeskQueue, useQueueAction } from './queue-api';
import { ConfirmCard } from './queue-confirm';
import { QueueDrawer } from './queue-drawer';
import { QueueFilterBar } from './queue-filters';
import { QueueRowLine, type RowAct } from './queue-row';
import { ReasonDialog } from './reason-dialog';
import { failureText, ResultMessage, useResult } from './result-message';
import './queue.css';

const Q = MSG.deskQueue;
const C = Q.columns;
/** A row another operator decided stays greyed out this long before the queue is read again. */
const DECIDED_VISIBLE_MS = 5_000;
const ACT_LABEL: Record<QueueAction['act'], string> = {
  approve: Q.approve,
  reject: Q.reject,
  confirm: Q.confirm,
  refuse: Q.refuse,
};

/** Requests another administrator just decided (live events), by id: who and how. */
function useDecidedElsewhere() {
  const qc = useQueryClient();
  const [decided, setDecided] = useState<Map<string, { by: string; status: string }>>(new Map());
  const onEvent = useCallback(
    (e: LiveEvent) => {
      const { request_id: id, by, status } = e.data;
      if (!id || !by || (status !== 'approved' && status !== 'rejected')) return;
      setDecided((m) => new Map(m).set(id, { by, status }));
      setTimeout(() => {
        setDecided((m) => {
          const next = new Map(m);
          next.delete(id);
          return next;
        });
        void qc.invalidateQueries({ queryKey: [...ADMIN_KEY, 'desk-queue'] });
      }, DECIDED_VISIBLE_MS);
    },
    [qc],
  );
  useLiveEvent(onEvent);
  return decided;
}

/**
 * 대기열: every pending deposit and withdrawal across members on one line each, filtered and sorted by the
 * server, decided inline (승인, 거절 with a reason) or, when another administrator proposed the approval,
 * confirmed on its card. Keyboard: j/k or ↑/↓ move, Enter opens the drawer, a approves, r rejects.
 */
export function QueueTab({ onOpenMember }: { onOpenMember: (memberId: string) => void }) {
  const [filters, setFilters] = useState<QueueFilters>(NO_FILTERS);
  const q = useDeskQueue(filters);
  const act = useQueueAction();
  const decided = useDecidedElsewhere();
  const live = useLiveStatus();
  const result = useResult();
  const [focus, setFocus] = useState(0);
  const [drawer, setDrawer] = useState<QueueRow | null>(null);
  const [rejecting, setRejecting] = useState<QueueRow | null>(null);
  const [card, setCard] = useState<QueueRow | null>(null);
  const [refusing, setRefusing] = useState<QueueRow | null>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  // A row another operator just decided stays (greyed) while it is marked, even once a refetch dropped it.
  const seen = useRef(new Map<string, QueueRow>());
  const fresh = q.data?.items ?? [];
  for (const r of fresh) seen.current.set(r.id, r);
  const rows = [
    ...fresh,
    ...[...decided.keys()]
      .filter((id) => !fresh.some((r) => r.id === id))
      .flatMap((id) => seen.current.get(id) ?? []),
  ];
  const fetchedAt = q.dataUpdatedAt;

  useEffect(() => {
    if (focus >= rows.length && rows.length > 0) setFocus(rows.length - 1);
  }, [rows.length, focus]);

  const run = (a: QueueAction, done: string) => {
    result.clear();
    act.mutate(a, {
      onSuccess: (data) => {
        result.set(a.act === 'approve' ? doneOrProposed(data, done) : done);
      },
      onError: (err) => result.set(failureText(ACT_LABEL[a.act], err)),
      onSettled: () => {
        setRejecting(null);
        setRefusing(null);
        setCard(null);
      },
    });
  };

  const onRow = (r: QueueRow, what: RowAct) => {
    if (what === 'card') setCard(r);
    else if (r.proposal) return;
    else if (what === 'approve') run({ act: 'approve', row: r }, Q.done.approved);
    else setRejecting(r);
  };

  const moveTo = (i: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, i));
    setFocus(next);
    (body.current?.children[next] as HTMLElement | undefined)?.focus();
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const r = rows[focus];
    const key = e.key;
    if (key === 'j' || key === 'ArrowDown') moveTo(focus + 1);
    else if (key === 'k' || key === 'ArrowUp') moveTo(focus - 1);
    else if (key === 'Enter' && r) setDrawer(r);
    else if (key === 'a' && r) onRow(r, r.proposal && !r.proposal.mine ? 'card' : 'approve');
    else if (key === 'r' && r) onRow(r, r.proposal && !r.proposal.mine ? 'card' : 'reject');
    else return;
    e.preventDefault();
  };

  return (
    <section className="adm-card dq" aria-labelledby="dq-title">
      <div className="adm-card-head">
        <h2 className="adm-card-title" id="dq-title">
          {Q.title} {q.data ? <span className="adm-muted">{Q.count(q.data.total)}</span> : null}
        </h2>
        {live === 'polling' ? <span className="adm-muted">{MSG.live.queue.offline}</span> : null}
        <span className="adm-muted dq-hint">{Q.keyboardHint}</span>
      </div>
      <QueueFilterBar
        value={filters}
        onChange={(f) => {
          setFilters(f);
          setFocus(0);
        }}
      />
      <ResultMessage text={result.text} />
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ResultMessage text={failureText(Q.failed, q.error)} />
      ) : rows.length === 0 ? (
        <p className="adm-empty">{Q.empty}</p>
      ) : (
        <div className="dq-scroll">
          <table className="dq-table" aria-label={Q.title}>
            <TableHead
              columns={[
                C.kind,
                C.member,
                C.asset,
                { num: C.amount },
                { num: C.krw },
                C.verdict,
                C.state,
                { num: C.age },
                C.actions,
              ]}
            />
            <tbody ref={body} onKeyDown={onKey}>
              {rows.map((r, i) => (
                <QueueRowLine
                  key={`${r.kind}-${r.id}`}
                  r={r}
                  ageMinutes={Math.floor((r.age_seconds * 1000 + (Date.now() - fetchedAt)) / 60_000)}
                  decided={decided.get(r.id)}
                  focused={i === focus}
                  busy={act.isPending}
                  onFocus={() => setFocus(i)}
                  onOpen={() => setDrawer(r)}
                  onAct={(what) => onRow(r, what)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ReasonDialog
        open={rejecting !== null}
        title={Q.rejectTitle(rejecting ? (Q.types[rejecting.kind] ?? '') : '')}
        confirmLabel={Q.reject}
        busy={act.isPending}
        onConfirm={(reason) => rejecting && run({ act: 'reject', row: rejecting, reason }, Q.done.rejected)}
        onCancel={() => setRejecting(null)}
      />
      <ConfirmCard
        row={card}
        busy={act.isPending}
        onConfirm={(otpCode) => card && run({ act: 'confirm', row: card, otpCode }, Q.done.confirmed)}
        onRefuse={() => {
          setRefusing(card);
          setCard(null);
        }}
        onCancel={() => setCard(null)}
      />
      <ReasonDialog
        open={refusing !== null}
        title={MSG.proposals.refuseTitle}
        body={MSG.proposals.refuseBody}
        label={Q.refuseReasonLabel}
        required={MSG.proposals.refuseReasonRequired}
        confirmLabel={Q.refuse}
        busy={act.isPending}
        onConfirm={(reason) => refusing && run({ act: 'refuse', row: refusing, reason }, Q.done.refused)}
        onCancel={() => setRefusing(null)}
      />
      <QueueDrawer row={drawer} onClose={() => setDrawer(null)} onOpenMember={onOpenMember} />
    </section>
  );
}
