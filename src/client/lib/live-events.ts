import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { MSG } from '../../shared/messages/member';
import { toast } from './toast';

/**
 * The live events of the signed-in session (GET /api/events, decision 0130): one EventSource per tab.
 * Member screens refresh their queries and show a toast; the administrator page refreshes its lists and
 * greys out requests another operator decided. When the stream is unavailable (EventSource gave up, or
 * is reconnecting), the same queries are refreshed every POLL_MS instead, so nothing shown is more than
 * 30 s stale.
 */
export interface LiveEvent {
  id: string;
  at: string;
  type: string;
  /** Sent to administrators only: the member the event is about. */
  member_id?: string | null;
  data: {
    kind?: 'deposit' | 'withdrawal';
    request_id?: string;
    currency?: string;
    amount?: string;
    status?: string;
    /** Administrators only: who decided. */
    by?: string;
    title?: string;
  };
}

const POLL_MS = 15_000;
/** After EventSource gave up (e.g. the server was away), a new stream is tried this often. */
const REOPEN_MS = 10_000;

type Status = 'connecting' | 'live' | 'polling';
let status: Status = 'connecting';
const statusListeners = new Set<() => void>();
const eventListeners = new Set<(e: LiveEvent) => void>();
/**
 * Requests this page decided: the decision's own answer already updated the desk, so their events neither
 * refresh every query again nor grey the row out as decided elsewhere.
 */
const decidedHere = new Set<string>();
export const markDecidedHere = (ids: Iterable<string>) => {
  for (const id of ids) decidedHere.add(id);
};
export const isDecidedHere = (e: LiveEvent) => !!e.data.request_id && decidedHere.has(e.data.request_id);

function setStatus(next: Status) {
  if (next === status) return;
  status = next;
  // Visible to tests and to anyone debugging a proxy: <html data-live="live|polling|connecting">.
  document.documentElement.dataset.live = next;
  for (const l of statusListeners) l();
}

/** Whether the stream is up ('live') or the screens poll ('polling'). */
export function useLiveStatus(): Status {
  return useSyncExternalStore(
    (fn) => {
      statusListeners.add(fn);
      return () => statusListeners.delete(fn);
    },
    () => status,
  );
}

/** Calls `fn` with every live event while mounted (the administrator's queue greys out rows with it). */
export function useLiveEvent(fn: (e: LiveEvent) => void) {
  useEffect(() => {
    eventListeners.add(fn);
    return () => {
      eventListeners.delete(fn);
    };
  }, [fn]);
}

const MEMBER_KEYS = [['balances'], ['history'], ['notices']] as const;
const ADMIN_KEYS = [['admin']] as const;

function refresh(qc: QueryClient, keys: readonly (readonly string[])[]) {
  for (const queryKey of keys) void qc.invalidateQueries({ queryKey });
}

type Toast = [kind: 'success' | 'error' | 'info', text: (e: LiveEvent) => string];
const T = MSG.live.toast;

/** A member's toast per event about them (none for their own new request: its form already said so). */
const MEMBER_TOASTS: Record<string, Toast> = {
  'deposit.approved': ['success', () => T.depositApproved],
  'deposit.rejected': ['error', () => T.depositRejected],
  'withdrawal.approved': ['success', () => T.withdrawalApproved],
  'withdrawal.rejected': ['error', () => T.withdrawalRejected],
  'balance.changed': ['info', () => T.balanceChanged],
  'lock.changed': ['info', () => T.lockChanged],
  'notice.created': ['info', (e) => T.noticeCreated(e.data.title ?? '')],
};
/** An administrator's toast per new request. */
const ADMIN_TOASTS: Record<string, Toast> = {
  'deposit.created': ['info', () => T.newDeposit],
  'withdrawal.created': ['info', () => T.newWithdrawal],
};

function showToast(toasts: Record<string, Toast>, e: LiveEvent) {
  const found = Object.hasOwn(toasts, e.type) ? toasts[e.type] : undefined;
  if (found) toast[found[0]](found[1](e), { id: `live-${e.id}` });
}

/**
 * Opens the stream while mounted. `mode` 'member' (the member screens) handles events about `memberId`
 * only, so an administrator browsing the member screens is not told about other members' requests;
 * 'admin' handles every event the server sends to an administrator.
 */
export function useLiveEvents(mode: 'member' | 'admin', memberId: string | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!memberId || typeof EventSource === 'undefined') return;
    const keys = mode === 'admin' ? ADMIN_KEYS : MEMBER_KEYS;
    let es: EventSource | null = null;
    let lastId = '';
    let poll: ReturnType<typeof setInterval> | null = null;
    let reopen: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;

    const startPolling = () => {
      setStatus('polling');
      if (!poll) poll = setInterval(() => refresh(qc, keys), POLL_MS);
    };
    const stopPolling = () => {
      if (poll) clearInterval(poll);
      poll = null;
    };

    const open = () => {
      if (stopped) return;
      const url = lastId ? `/api/events?last_event_id=${encodeURIComponent(lastId)}` : '/api/events';
      const source = new EventSource(url);
      es = source;
      source.onopen = () => {
        stopPolling();
        setStatus('live');
        // Whatever changed while the stream was down is read again.
        refresh(qc, keys);
      };
      source.onmessage = (msg) => {
        let e: LiveEvent;
        try {
          e = JSON.parse(msg.data) as LiveEvent;
        } catch {
          return;
        }
        lastId = e.id;
        if (mode === 'member' && e.member_id && e.member_id !== memberId) return;
        if (!(mode === 'admin' && isDecidedHere(e))) refresh(qc, keys);
        showToast(mode === 'member' ? MEMBER_TOASTS : ADMIN_TOASTS, e);
        for (const l of eventListeners) l(e);
      };
      source.addEventListener('resync', (msg) => {
        lastId = (msg as MessageEvent).lastEventId || lastId;
        refresh(qc, keys);
      });
      source.onerror = () => {
        startPolling();
        if (source.readyState === EventSource.CLOSED) {
          // Refused (the session ended: the polled queries get the 401 and send the page to /login) or
          // the server is away: try a new stream later.
          source.close();
          if (!reopen) {
            reopen = setTimeout(() => {
              reopen = null;
              open();
            }, REOPEN_MS);
          }
        }
      };
    };
    open();
    return () => {
      stopped = true;
      es?.close();
      stopPolling();
      if (reopen) clearTimeout(reopen);
      setStatus('connecting');
    };
  }, [mode, memberId, qc]);
}
