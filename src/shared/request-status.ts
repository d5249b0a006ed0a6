import { MSG } from './messages/member';

/** The one status list of deposit and withdrawal requests (member views, administrator views, filters). */
export const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export type StatusTone = 'success' | 'warning' | 'danger' | 'muted';

/**
 * SPEC §4's statuses as Korean exchanges name them: approved 완료 (green), pending 처리중 (yellow), rejected
 * 반려 (grey: a request turned down moved nothing), anything else 미확인 (grey).
 */
export function requestStatusDisplay(status: string): { label: string; tone: StatusTone } {
  switch (status) {
    case 'approved':
    case 'completed':
      return { label: MSG.history.statusApproved, tone: 'success' };
    case 'pending':
      return { label: MSG.history.statusPending, tone: 'warning' };
    case 'rejected':
    case 'failed':
      return { label: MSG.history.statusRejected, tone: 'muted' };
    default:
      return { label: MSG.history.statusUnknown, tone: 'muted' };
  }
}
