import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { TOAST } from '../shared/constants';
import { MSG } from '../shared/messages/member';
import { AppRoutes, prefetchFirstReads, preloadScreen } from './app/router';
import { ApiError, onSessionEnded } from './lib/api';
import { SESSION_KEY } from './lib/session';
import { applyTheme } from './lib/theme';
import { ToastHost } from './lib/toast';
import './app/styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: true,
      staleTime: 10_000,
      // A refusal (4xx) is an answer, not a hiccup: shown at once; a network failure or a 5xx is tried again.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 3,
    },
  },
});
// A call refused for want of a session: read the session again, and the route guard goes to /login. A
// session already known to be absent is not read again, and a read under way is left to answer (a first
// read of the opened screen, started beside the session's, is refused the same way when logged out).
onSessionEnded(() => {
  if (queryClient.getQueryData(SESSION_KEY) === null) return;
  void queryClient.invalidateQueries({ queryKey: SESSION_KEY }, { cancelRefetch: false });
});

applyTheme();
preloadScreen(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('root 요소를 찾을 수 없습니다.');

/**
 * The screen's first reads, then React's root, each start in a task of their own after the one that
 * evaluated the entry chunk and started the screen's download. All in one, they made the load's longest
 * task (13 ms of CPU on the bench host, above 50 ms at Lighthouse's 4× slowdown: Total Blocking Time);
 * apart, the entry's task is 8–9 ms and the other two 3–5 ms each. The first render runs as a transition:
 * React renders it in slices of a few milliseconds and lets the browser in between.
 */
function start(el: HTMLElement) {
  const reactRoot = createRoot(el);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          {/* sonner's own toast width is SPEC's 356 px (TOAST.width). */}
          <ToastHost
            position="top-center"
            duration={TOAST.duration}
            visibleToasts={TOAST.visible}
            richColors
            closeButton
            customAriaLabel={MSG.mobile.toasts}
            toastOptions={{ closeButtonAriaLabel: MSG.mobile.closeToast }}
          />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
setTimeout(() => {
  prefetchFirstReads(queryClient, window.location.pathname, window.location.search);
  setTimeout(() => start(root), 0);
}, 0);

// The service worker caches the shell only (never /api); production builds only.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {});
  });
}
