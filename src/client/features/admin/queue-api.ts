import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QueueRow, QueueView } from '../../../shared/schemas/desk-queue';
import { api } from '../../lib/api';
import { ADMIN_KEY, useAdminMutation } from './api';

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

/** The queue is read again at least this often (ages move; other administrators decide). */
const REFRESH_MS = 15_000;

export const useDeskQueue = (f: QueueFilters) => {
  const [sort, direction] = f.order.split(':');
  const query: Record<string, string | number> = { sort: sort ?? 'age', direction: direction ?? 'desc' };
  for (const k of ['type', 'currency', 'verdict', 'proposal'] as const) if (f[k]) query[k] = f[k];
  query.limit = QUEUE_ROWS;
  return useQuery({
    queryKey: [...ADMIN_KEY, 'desk-queue', query],
    queryFn: ({ signal }) => api.get<QueueView>('/admin/queue', { query, signal, schema: 'deskQueue' }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
};

const path = (r: QueueRow) => `/admin/${r.kind === 'deposit' ? 'deposits' : 'withdrawals'}/${r.id}`;

/** 승인 / 거절 / 확인 / 반려 of one queue row; every answer refreshes the whole desk. */
export type QueueAction =
  | { act: 'approve'; row: QueueRow }
  | { act: 'reject'; row: QueueRow; reason: string }
  | { act: 'confirm'; row: QueueRow; otpCode: string }
  | { act: 'refuse'; row: QueueRow; reason: string };

export const useQueueAction = () =>
  useAdminMutation((a: QueueAction) => {
    if (a.act === 'approve') return api.post(`${path(a.row)}/approve`, {});
    if (a.act === 'reject') return api.post(`${path(a.row)}/reject`, { reason: a.reason });
    const id = a.row.proposal?.id ?? '';
    if (a.act === 'confirm') return api.post(`/admin/proposals/${id}/confirm`, { otpCode: a.otpCode });
    return api.post(`/admin/proposals/${id}/cancel`, { reason: a.reason });
  });
