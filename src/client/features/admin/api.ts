import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestStatus } from '../../../shared/request-status';
import type { MemberStatusFilter } from '../../../shared/schemas/admin';
import type {
  DepositList,
  LedgerReport,
  MemberDetail,
  MemberList,
  NoticeView,
  WithdrawalList,
} from '../../../shared/schemas/admin-views';
import { ApiError, api } from '../../lib/api';

/** A refusal (4xx) is an answer, not a hiccup: only network failures and 5xx are retried. */
export const retryUnlessRefused = (count: number, err: unknown) =>
  !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 2;

/** Every query of the administrator page lives under this key, so one invalidation refreshes a screen. */
export const ADMIN_KEY = ['admin'] as const;
const keys = {
  members: (q: string, page: number, status: MemberStatusFilter, role: MemberRole) =>
    [...ADMIN_KEY, 'members', q, page, status, role] as const,
  member: (id: string) => [...ADMIN_KEY, 'member', id] as const,
  requests: (kind: RequestKind, status: string, memberId: string, page: number) =>
    [...ADMIN_KEY, 'requests', kind, status, memberId, page] as const,
  notices: (page: number) => [...ADMIN_KEY, 'notices', page] as const,
};

export type RequestKind = 'deposits' | 'withdrawals';
export const MEMBER_PAGE_SIZE = 50;
export const REQUEST_PAGE_SIZE = 20;
export const NOTICE_PAGE_SIZE = 20;

/** 회원 관리 lists members (no administrators); the 설정 tab lists the administrators. */
type MemberRole = 'member' | 'admin';

export const useMembers = (
  q: string,
  page: number,
  status: MemberStatusFilter = 'active',
  role: MemberRole = 'member',
) =>
  useQuery({
    queryKey: keys.members(q, page, status, role),
    queryFn: ({ signal }) =>
      api.get<MemberList>('/admin/members', {
        query: { q, status, role, page, pageSize: MEMBER_PAGE_SIZE },
        signal,
        schema: 'adminMembers',
      }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });

export const useMember = (id: string | null) =>
  useQuery({
    queryKey: keys.member(id ?? ''),
    queryFn: ({ signal }) => api.get<MemberDetail>(`/admin/members/${id}`, { signal, schema: 'adminMember' }),
    enabled: !!id,
    retry: retryUnlessRefused,
  });

export const useRequests = (kind: RequestKind, status: RequestStatus | '', memberId: string, page: number) =>
  useQuery({
    queryKey: keys.requests(kind, status, memberId, page),
    queryFn: ({ signal }) =>
      api.get<DepositList | WithdrawalList>(`/admin/${kind}`, {
        query: { status, memberId, page, pageSize: REQUEST_PAGE_SIZE },
        signal,
        schema: kind === 'deposits' ? 'adminDeposits' : 'adminWithdrawals',
      }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });

export const useNotices = (page: number) =>
  useQuery({
    queryKey: keys.notices(page),
    queryFn: ({ signal }) =>
      api.get<{ items: NoticeView[]; total: number }>('/admin/notices', {
        query: { page, pageSize: NOTICE_PAGE_SIZE },
        signal,
        schema: 'adminNotices',
      }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });

export const verifyLedger = () => api.get<LedgerReport>('/admin/ledger/verify', { schema: 'adminLedger' });

/**
 * A mutation of the administrator page: on success everything under ADMIN_KEY is refetched (balances,
 * lists, requests and audit all change together), so no screen ever shows a stale number. The refetch
 * is not awaited: the action's own result shows at once.
 */
export function useAdminMutation<TVars, TData = unknown>(fn: (vars: TVars) => Promise<TData>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ADMIN_KEY });
    },
  });
}
