import { useQuery } from '@tanstack/react-query';
import { MSG } from '../../../shared/messages';
import type { PendingQueue as PendingQueueView } from '../../../shared/schemas/admin-views';
import { api } from '../../lib/api';
import { useLiveEvents } from '../../lib/live-events';
import { useSession } from '../../lib/session';
import { ADMIN_KEY } from './api';
import './pending-queue.css';

type Queue = PendingQueueView;

export const PENDING_QUEUE_KEY = [...ADMIN_KEY, 'pending-queue'] as const;
/** The queue is read again at least this often, stream or not (ages move; ≤ 30 s stale). */
const QUEUE_REFRESH_MS = 30_000;

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
