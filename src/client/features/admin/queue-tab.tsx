import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { MSG } from '../../../shared/messages';
import type { QueueRow } from '../../../shared/schemas/desk-queue';
import { Spinner } from '../../components/spinner';
import { isDecidedHere, type LiveEvent, useLiveEvent, useLiveStatus } from '../../lib/live-events';
import { doneOrProposed } from './proposals-tab';
import {
  NO_FILTERS,
  QUEUE_KEY,
  type QueueAction,
  type QueueFilters,
  useBulkApprove,
  useDeskQueue,
  useQueueAction,
} from './queue-api';
import { ConfirmCard } from './queue-confirm';
import { QueueDrawer } from './queue-drawer';
import { QueueFilterBar } from './queue-filters';
import { type Decided, QueueRowLine, type RowAct, selectable } from './queue-row';
import { ReasonDialog } from './reason-dialog';
import { failureText, ResultMessage, useResult } from './result-message';
import './queue.css';

const { deskQueue: Q, deskWork: W } = MSG;
const C = Q.columns;
/** The queue's column heads after the selection box, and whether each column holds numbers. */
const HEAD: [label: string, numeric: boolean][] = [
  [C.kind, false],
  [C.member, false],
  [C.asset, false],
  [C.amount, true],
  [C.krw, true],
  [W.columns.network, false],
  [W.columns.tag, true],
  [W.columns.txid, false],
  [C.verdict, false],
  [C.state, false],
  [C.age, true],
  [C.actions, false],
];
/** Fixed column widths (px, table-layout: fixed): an action or a new row never moves the buttons. */
const WIDTHS = [32, 48, 112, 52, 112, 108, 76, 72, 112, 120, 150, 52, 136];
/** A row another operator decided stays greyed out this long before the queue is read again. */
const DECIDED_VISIBLE_MS = 5_000;
const ACT_LABEL: Record<QueueAction['act'], string> = {
  approve: Q.approve,
  reject: Q.reject,
  confirm: Q.confirm,
  refuse: Q.refuse,
};

/**
 * The focused request, by id, so that a reload or a row leaving never hands the focus to another request.
 * `follower`: the request that followed it when it was decided, which takes the focus once it leaves the
 * queue; `at`: its place, which the focus keeps when both are gone.
 */
interface Focus {
  id: string | null;
  follower: string | null;
  at: number;
}
const FIRST_ROW: Focus = { id: null, follower: null, at: 0 };

/** Requests another administrator just decided (live events), by id: who and how. */
function useDecidedElsewhere() {
  const qc = useQueryClient();
  const [decided, setDecided] = useState<Map<string, Decided>>(new Map());
  const onEvent = useCallback(
    (e: LiveEvent) => {
      const { request_id: id, by, status } = e.data;
      if (!id || !by || (status !== 'approved' && status !== 'rejected') || isDecidedHere(e)) return;
      setDecided((m) => new Map(m).set(id, { by, status }));
      setTimeout(() => {
        setDecided((m) => {
          const next = new Map(m);
          next.delete(id);
          return next;
        });
        void qc.invalidateQueries({ queryKey: QUEUE_KEY });
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
 * confirmed on its card; the drawer carries the same buttons. Several selected rows are approved in one
 * call, each its own decision. Keyboard: j/k or ↑/↓ move, Enter opens the drawer, a approves, r rejects,
 * x selects, Shift+A approves the selection.
 */
export function QueueTab({ onOpenMember }: { onOpenMember: (memberId: string) => void }) {
  const [filters, setFilters] = useState<QueueFilters>(NO_FILTERS);
  const q = useDeskQueue(filters);
  const act = useQueueAction();
  const bulk = useBulkApprove();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [refusedLines, setRefusedLines] = useState<string[]>([]);
  const decided = useDecidedElsewhere();
  const live = useLiveStatus();
  const result = useResult();
  const [focus, setFocus] = useState<Focus>(FIRST_ROW);
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
  const indexOf = (id: string | null) => (id === null ? -1 : rows.findIndex((r) => r.id === id));
  const focused =
    [indexOf(focus.id), indexOf(focus.follower)].find((i) => i >= 0) ?? Math.min(focus.at, rows.length - 1);
  const focusRow = (i: number) => setFocus({ id: rows[i]?.id ?? null, follower: null, at: i });
  /** Before a decision: when the focused request is among those `leaving`, the next that stays follows it. */
  const followAfter = (leaving: ReadonlySet<string>) =>
    setFocus((f) => {
      const i = indexOf(f.id);
      if (f.id === null || i < 0 || !leaving.has(f.id)) return f;
      return { ...f, follower: rows.slice(i + 1).find((r) => !leaving.has(r.id))?.id ?? null, at: i };
    });
  const canSelect = rows.filter((r) => selectable(r, decided.get(r.id)));
  const chosen = canSelect.filter((r) => selected.has(r.id));
  const toggle = (r: QueueRow) => {
    if (!selectable(r, decided.get(r.id))) return;
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(r.id)) next.add(r.id);
      return next;
    });
  };
  const approveChosen = () => {
    if (chosen.length === 0 || bulk.isPending) return;
    result.clear();
    setRefusedLines([]);
    followAfter(new Set(chosen.map((r) => r.id)));
    bulk.mutate(chosen, {
      onSuccess: (data) => {
        result.set(W.bulkSummary(data.approved, data.proposed, data.refused));
        const name = new Map(chosen.map((r) => [r.id, r.username]));
        setRefusedLines(
          data.items
            .filter((i) => i.outcome === 'refused')
            .map((i) => W.bulkRefusedLine(name.get(i.id) ?? '', i.message)),
        );
        setSelected(new Set());
      },
      onError: (err) => result.set(failureText(W.bulkFailed, err)),
    });
  };

  // Working by keyboard: when the decided row leaves the queue, or a dialog or the drawer closes (the row it
  // was opened over may have left while it was open; the dialog closes after), the focus goes to the request
  // that followed it instead of falling out of the table. A layout effect, so the row holds the focus before
  // the browser handles the operator's next key.
  const keyboard = useRef(false);
  const rowIds = rows.map((r) => r.id).join();
  const covered = [rejecting, card, refusing, drawer].some((x) => x !== null);
  useLayoutEffect(() => {
    if (!rowIds || covered || !keyboard.current) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    (body.current?.children[focused] as HTMLElement | undefined)?.focus();
  }, [rowIds, focused, covered]);

  const run = (a: QueueAction, done: string) => {
    result.clear();
    followAfter(new Set([a.row.id]));
    act.mutate(a, {
      onSuccess: (data) => {
        result.set(a.act === 'approve' ? doneOrProposed(data, done) : done);
        // Decided from its drawer: the drawer closes with the request leaving the queue.
        setDrawer((d) => (d?.id === a.row.id ? null : d));
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
    focusRow(next);
    (body.current?.children[next] as HTMLElement | undefined)?.focus();
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    keyboard.current = true;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const r = rows[focused];
    const key = e.key;
    if (key === 'j' || key === 'ArrowDown') moveTo(focused + 1);
    else if (key === 'k' || key === 'ArrowUp') moveTo(focused - 1);
    else if (key === 'Enter' && r) setDrawer(r);
    else if (key === 'x' && r) toggle(r);
    else if (key === 'A') approveChosen();
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
        <span className="adm-muted dq-hint">{W.keyboardHint}</span>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={chosen.length === 0 || bulk.isPending}
          onClick={approveChosen}
        >
          {W.bulkButton(chosen.length)}
        </button>
      </div>
      <QueueFilterBar
        value={filters}
        onChange={(f) => {
          setFilters(f);
          setFocus(FIRST_ROW);
        }}
      />
      <ResultMessage text={result.text} />
      {refusedLines.length > 0 ? (
        <ul className="dq-list" data-testid="bulk-refused">
          {refusedLines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      ) : null}
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <ResultMessage text={failureText(Q.failed, q.error)} />
      ) : rows.length === 0 ? (
        <p className="adm-empty">{Q.empty}</p>
      ) : (
        <div className="dq-scroll">
          <table className="dq-table" aria-label={Q.title}>
            <colgroup>
              {WIDTHS.map((w, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table
                <col key={i} style={{ width: w }} />
              ))}
            </colgroup>
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    tabIndex={-1}
                    aria-label={W.selectAll}
                    checked={canSelect.length > 0 && chosen.length === canSelect.length}
                    disabled={canSelect.length === 0}
                    onChange={() =>
                      setSelected(
                        chosen.length === canSelect.length ? new Set() : new Set(canSelect.map((r) => r.id)),
                      )
                    }
                  />
                </th>
                {HEAD.map(([label, numeric]) => (
                  <th key={label} scope="col" className={numeric ? 'adm-num' : undefined}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody ref={body} onKeyDown={onKey}>
              {rows.map((r, i) => (
                <QueueRowLine
                  key={`${r.kind}-${r.id}`}
                  r={r}
                  ageMinutes={Math.floor((r.age_seconds * 1000 + (Date.now() - fetchedAt)) / 60_000)}
                  decided={decided.get(r.id)}
                  focused={i === focused}
                  selected={selected.has(r.id)}
                  busy={act.isPending || bulk.isPending}
                  onSelect={() => toggle(r)}
                  onFocus={() => focusRow(i)}
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
      <QueueDrawer
        row={drawer && (rows.find((r) => r.id === drawer.id) ?? drawer)}
        decided={drawer ? decided.get(drawer.id) : undefined}
        busy={act.isPending || bulk.isPending}
        onAct={(what) => drawer && onRow(drawer, what)}
        onClose={() => setDrawer(null)}
        onOpenMember={onOpenMember}
      />
    </section>
  );
}
