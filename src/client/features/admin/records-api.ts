import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '../../../shared/schemas/admin-views';
import type { AuthEventKind, AuthEventView } from '../../../shared/schemas/auth-events';
import { api } from '../../lib/api';
import { ADMIN_KEY, retryUnlessRefused } from './api';

export interface AuditFilters {
  targetId?: string;
  username?: string;
  action?: string;
  from?: string;
  to?: string;
}

export const RECORDS_PAGE_SIZE = 30;

/** The filters as a query: empty ones are left out. */
export const queryOf = (o: object) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v !== undefined)) as Record<
    string,
    string | number
  >;

/** One page of one of the desk's logs, with its filters; the previous page stays while the next loads. */
function useLogPage<T>(
  log: { path: string; key: string; schema: 'adminAudit' | 'adminAuthEvents' },
  f: object,
  page: number,
  pageSize: number,
  enabled = true,
) {
  const query = queryOf({ ...f, page, pageSize });
  return useQuery({
    queryKey: [...ADMIN_KEY, log.key, query],
    queryFn: ({ signal }) =>
      api.get<{ items: T[]; total: number }>(log.path, { query, signal, schema: log.schema }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
    enabled,
  });
}

/** The audit log with the desk's filters (username, action, period; a member's own records by target). */
export const useAuditLog = (f: AuditFilters, page: number, pageSize = RECORDS_PAGE_SIZE) =>
  useLogPage<AuditEntry>({ path: '/admin/audit', key: 'audit', schema: 'adminAudit' }, f, page, pageSize);

export interface AuthEventFilters {
  memberId?: string;
  username?: string;
  kind?: AuthEventKind | '';
  result?: 'success' | 'failure' | '';
  from?: string;
  to?: string;
}

/** The sign-in log with the desk's filters; not read while `enabled` is false (no member chosen yet). */
export const useAuthEvents = (f: AuthEventFilters, page: number, pageSize: number, enabled = true) =>
  useLogPage<AuthEventView>(
    { path: '/admin/auth-events', key: 'auth-events', schema: 'adminAuthEvents' },
    f,
    page,
    pageSize,
    enabled,
  );
