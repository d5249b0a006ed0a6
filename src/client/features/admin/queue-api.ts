import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { QueueRow, QueueView } from '../../../shared/schemas/desk-queue';
import type { BulkApproveView } from '../../../shared/schemas/desk-work';
import { api } from '../../lib/api';
import { markDecidedHere } from '../../lib/live-events';
import { ADMIN_KEY } from './api';
import { WAITING_KEY } from './pending-queue';
import { isProposal } from './proposals-tab';

/** The desk queue's filters as the address keeps them (empty: no filter). */
export interface QueueFilters {
  type: string;
  currency: string;
  verdict: string;
  proposal: string;
  /** `age:desc` | `age:asc` | `krw:desc` | `krw:asc` */
  order: string;
}
export const NO_FILTERS: QueueFilters = {
  type: '',
  currency: '',
  verdict: '',
  proposal: '',
  order: 'age:desc',
};
const QUEUE_ROWS = 100;
export const QUEUE_KEY = [...ADMIN_KEY, 'desk-queue'] as const;

/** The queue is read again at least this often (ages move; other administrators decide). */
const REFRESH_MS = 15_000;

export const useDeskQueue = (f: QueueFilters) => {
  const [sort, direction] = f.order.split(':');
  const query: Record<string, string | number> = { sort: sort ?? 'age', direction: direction ?? 'desc' };
  for (const k of ['type', 'currency', 'verdict', 'proposal'] as const) if (f[k]) query[k] = f[k];
  query.limit = QUEUE_ROWS;
  return useQuery({
    queryKey: [...QUEUE_KEY, query],
    queryFn: ({ signal }) => api.get<QueueView>('/admin/queue', { query, signal, schema: 'deskQueue' }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
};

/**
 * The one way the client decides a request (승인 / 거절), from the queue, its drawer or a member's
 * requests: a deposit's approval may carry the chain override and its reason.
 */
export interface RequestDecision {
  kind: 'deposit' | 'withdrawal';
  id: string;
  decision: 'approve' | 'reject';
  reason?: string;
  /** Approve a deposit although the chain's verdict is not 일치 (with `reason`). */
  override?: boolean;
}

export const decideRequest = ({ kind, id, decision, reason, override }: RequestDecision) =>
  api.post(
    `/admin/${kind === 'deposit' ? 'deposits' : 'withdrawals'}/${id}/${decision}`,
    override ? { chain_override: true, reason } : reason ? { reason } : {},
  );

/** 승인 / 거절 / 확인 / 반려 of one queue row. */
export type QueueAction =
  | { act: 'approve'; row: QueueRow }
  | { act: 'reject'; row: QueueRow; reason: string }
  | { act: 'confirm'; row: QueueRow; otpCode: string }
  | { act: 'refuse'; row: QueueRow; reason: string };

/**
 * After decisions at the queue: the decided rows leave the queue at once (an operator working by keyboard
 * presses the next key on the row that takes their place), and only what a decision changes is read again
 * (the queue, what waits for me, the proposals); every other desk query is marked stale and read when it is
 * next shown. Refetching all of them after each decision is what made a keyboard run wait seconds per row.
 */
function afterDecisions(qc: QueryClient, decided: ReadonlySet<string>) {
  if (decided.size > 0)
    qc.setQueriesData<QueueView>({ queryKey: QUEUE_KEY }, (v) => {
      if (!v) return v;
      const items = v.items.filter((r) => !decided.has(r.id));
      return { ...v, items, total: Math.max(0, v.total - (v.items.length - items.length)) };
    });
  for (const queryKey of [QUEUE_KEY, WAITING_KEY, [...ADMIN_KEY, 'proposals']])
    void qc.invalidateQueries({ queryKey });
  void qc.invalidateQueries({ queryKey: ADMIN_KEY, refetchType: 'none' });
}

export function useQueueAction() {
  const qc = useQueryClient();
  return useMutation({
    onMutate: (a: QueueAction) => markDecidedHere([a.row.id]),
    mutationFn: (a: QueueAction) => {
      if (a.act === 'approve' || a.act === 'reject')
        return decideRequest({
          kind: a.row.kind,
          id: a.row.id,
          decision: a.act,
          reason: a.act === 'reject' ? a.reason : undefined,
        });
      const id = a.row.proposal?.id ?? '';
      if (a.act === 'confirm')
        return api.post(`/admin/proposals/${id}/confirm`, a.otpCode ? { otpCode: a.otpCode } : {});
      return api.post(`/admin/proposals/${id}/cancel`, { reason: a.reason });
    },
    // A refused proposal leaves its request waiting; an approval over the threshold becomes a proposal.
    onSuccess: (data, a) =>
      afterDecisions(
        qc,
        new Set(a.act === 'refuse' || (a.act === 'approve' && isProposal(data)) ? [] : [a.row.id]),
      ),
  });
}

/** Several selected rows approved in one call (POST /admin/requests/approve): each its own decision. */
export function useBulkApprove() {
  const qc = useQueryClient();
  return useMutation({
    onMutate: (rows: QueueRow[]) => markDecidedHere(rows.map((r) => r.id)),
    mutationFn: (rows: QueueRow[]) =>
      api.post<BulkApproveView>(
        '/admin/requests/approve',
        { items: rows.map((r) => ({ kind: r.kind, id: r.id })) },
        { schema: 'bulkApprove' },
      ),
    onSuccess: (data) =>
      afterDecisions(qc, new Set(data.items.filter((i) => i.outcome === 'approved').map((i) => i.id))),
  });
}
