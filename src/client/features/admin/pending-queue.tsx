import { useQuery } from '@tanstack/react-query';
import { MSG } from '../../../shared/messages';
import type { WaitingView } from '../../../shared/schemas/desk-work';
import { api } from '../../lib/api';
import { useLiveEvents } from '../../lib/live-events';
import { useSession } from '../../lib/session';
import { ADMIN_KEY } from './api';
import './pending-queue.css';

export const WAITING_KEY = [...ADMIN_KEY, 'waiting'] as const;
/** The count is read again at least this often, stream or not (another administrator proposes, decides). */
const WAITING_REFRESH_MS = 15_000;

const W = MSG.deskWork;

/** What waits for this administrator, and their confirmation window (the proposals' card reads it too). */
export function useWaiting() {
  return useQuery({
    queryKey: WAITING_KEY,
    queryFn: ({ signal }) => api.get<WaitingView>('/admin/waiting', { signal, schema: 'waiting' }),
    refetchInterval: WAITING_REFRESH_MS,
  });
}

/**
 * The administrator header's count of what waits for me: requests nobody has proposed yet and proposals
 * another administrator filed; it also opens the administrator's live event stream (one per page).
 */
export function PendingCount() {
  const { data: session } = useSession();
  useLiveEvents('admin', session?.user.id);
  const q = useWaiting();
  if (!q.data) return null;
  return (
    <span className="adm-pending-count" role="status" title={W.headerTitle} data-testid="waiting-for-me">
      <span className="adm-pending-prefix">{W.headerPrefix}</span>
      {W.header(q.data.requests, q.data.proposals)}
    </span>
  );
}
