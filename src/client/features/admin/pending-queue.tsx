import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { formatKrw } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import type { PendingQueue as PendingQueueView } from '../../../shared/schemas/admin-views';
import { api } from '../../lib/api';
import { type LiveEvent, useLiveEvent, useLiveEvents, useLiveStatus } from '../../lib/live-events';
import { useSession } from '../../lib/session';
import { ADMIN_KEY } from './api';
import { exact } from './format';
import './pending-queue.css';

type Queue = PendingQueueView;
type QueueItem = Queue['items'][number];

export const PENDING_QUEUE_KEY = [...ADMIN_KEY, 'pending-queue'] as const;
/** The queue is read again at least this often, stream or not (ages move; ≤ 30 s stale). */
const QUEUE_REFRESH_MS = 30_000;
/** A row another operator decided stays greyed out this long before the queue drops it. */
const DECIDED_VISIBLE_MS = 5_000;

const T = MSG.live.queue;

function usePendingQueue() {
  return useQuery({
    queryKey: PENDING_QUEUE_KEY,
    queryFn: ({ signal }) => api.get<Queue>('/admin/pending-requests', { signal, schema: 'pendingQueue' }),
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

/**
 * The administrator header's live count of pending requests; it also opens the administrator's live
 * event stream (one per page).
 */
export function PendingCount() {
  const { data: session } = useSession();
  useLiveEvents('admin', session?.user.id);
  const q = usePendingQueue();
  if (!q.data) return null;
  return (
    <span className="adm-pending-count" role="status" title={T.headerCountLabel}>
      {T.headerCount(q.data.total)}
    </span>
  );
}

/** Every pending request across members, oldest first, with age and KRW value; live. */
export function PendingQueue({ onSelectMember }: { onSelectMember: (memberId: string) => void }) {
  const q = usePendingQueue();
  const qc = useQueryClient();
  const status = useLiveStatus();
  const [decided, setDecided] = useState<Map<string, { by: string; status: string }>>(new Map());
  const [now, setNow] = useState(() => Date.now());
  const fetchedAt = q.dataUpdatedAt || now;
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(t);
  }, []);

  const onEvent = useCallback(
    (e: LiveEvent) => {
      if (!e.data.request_id || !e.data.by || (e.data.status !== 'approved' && e.data.status !== 'rejected'))
        return;
      const id = e.data.request_id;
      const info = { by: e.data.by, status: e.data.status };
      setDecided((m) => new Map(m).set(id, info));
      setTimeout(() => {
        setDecided((m) => {
          const next = new Map(m);
          next.delete(id);
          return next;
        });
        void qc.invalidateQueries({ queryKey: PENDING_QUEUE_KEY });
      }, DECIDED_VISIBLE_MS);
    },
    [qc],
  );
  useLiveEvent(onEvent);

  // Rows decided a moment ago stay (greyed) until DECIDED_VISIBLE_MS passed, even if a refetch dropped them.
  const [shown, setShown] = useState<QueueItem[]>([]);
  useEffect(() => {
    if (!q.data) return;
    setShown((prev) => {
      const fresh = new Set(q.data.items.map((i) => i.id));
      const kept = prev.filter((i) => !fresh.has(i.id) && decided.has(i.id));
      return [...q.data.items, ...kept].sort((a, b) => a.created_at.localeCompare(b.created_at));
    });
  }, [q.data, decided]);

  return (
    <section className="adm-card adm-queue" aria-labelledby="adm-queue-title">
      <div className="adm-card-head">
        <h2 className="adm-card-title" id="adm-queue-title">
          {T.title} {q.data ? <span className="adm-muted">({q.data.total})</span> : null}
        </h2>
        {status === 'polling' ? <span className="adm-muted">{T.offline}</span> : null}
      </div>
      {shown.length === 0 ? (
        <p className="adm-empty">{T.empty}</p>
      ) : (
        <div className="adm-queue-scroll">
          <table className="adm-queue-table">
            <thead>
              <tr>
                <th scope="col">{T.columns.member}</th>
                <th scope="col">{T.columns.kind}</th>
                <th scope="col">{T.columns.amount}</th>
                <th scope="col">{T.columns.krw}</th>
                <th scope="col">{T.columns.age}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => {
                const d = decided.get(r.id);
                const ageMin = Math.floor((r.age_seconds * 1000 + (now - fetchedAt)) / 60_000);
                return (
                  <tr
                    key={r.id}
                    className={d ? 'is-decided' : undefined}
                    data-request-id={r.id}
                    aria-disabled={d ? true : undefined}
                  >
                    <td>
                      <button type="button" className="btn-link" onClick={() => onSelectMember(r.member_id)}>
                        {r.username}
                      </button>
                    </td>
                    <td>{r.kind === 'deposit' ? T.kindDeposit : T.kindWithdrawal}</td>
                    <td className="adm-num">
                      {exact(r.amount)} {r.currency}
                    </td>
                    <td className="adm-num">{formatKrw(r.krw_value)}원</td>
                    <td>
                      {d
                        ? T.decidedBy(d.by, d.status === 'approved' ? T.approved : T.rejected)
                        : T.ageMinutes(ageMin)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
