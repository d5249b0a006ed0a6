import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '../../../shared/schemas/admin-views';
import { ApiError, api } from '../../lib/api';
import { ADMIN_KEY } from './api';

export interface AuditFilters {
  targetId?: string;
  username?: string;
  action?: string;
  from?: string;
  to?: string;
}

export const RECORDS_PAGE_SIZE = 30;

const retry = (count: number, err: unknown) =>
  !(err instanceof ApiError && err.status > 0 && err.status < 500) && count < 2;

/** The filters as a query: empty ones are left out. */
export const queryOf = (o: object) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v !== undefined)) as Record<
    string,
    string | number
  >;

/** The audit log with the desk's filters (username, action, period; a member's own records by target). */
export function useAuditLog(f: AuditFilters, page: number, pageSize = RECORDS_PAGE_SIZE) {
  const query = queryOf({ ...f, page, pageSize });
  return useQuery({
    queryKey: [...ADMIN_KEY, 'audit', query],
    queryFn: ({ signal }) =>
      api.get<{ items: AuditEntry[]; total: number }>('/admin/audit', {
        query,
        signal,
        schema: 'adminAudit',
      }),
    placeholderData: keepPreviousData,
    retry,
  });
}

/** A Korean calendar day (KST, UTC+9 all year) `plusDays` from today, as YYYY-MM-DD. */
export const kstDay = (plusDays = 0) =>
  new Date(Date.now() + 9 * 3_600_000 + plusDays * 86_400_000).toISOString().slice(0, 10);
