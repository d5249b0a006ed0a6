import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Link, Outlet } from 'react-router';
import { APP_NAME } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { useTotpStatus } from '../components/totp/use-totp';
import { ApiError } from '../lib/api';
import { SESSION_KEY, useLogoutToLogin, useSession } from '../lib/session';

/**
 * The live pending count loads with the administrator's code, not with every member's first screen: a
 * static import put the admin queue and decimal.js into the entry that /login and /main load.
 */
const PendingCount = lazy(() =>
  import('../features/admin/pending-queue').then((m) => ({ default: m.PendingCount })),
);

/** The administrator page's frame: full width (not the 480 px member frame), its own header. */
export function AdminShell() {
  const { data: session } = useSession();
  const logout = useLogoutToLogin();
  const qc = useQueryClient();
  const totp = useTotpStatus();
  // A session that ended meanwhile (timeout, logout elsewhere, demotion) sends the page back through the
  // guard (RequireAdmin) instead of showing failures on every section.
  useEffect(() => {
    const ended = (err: unknown) =>
      err instanceof ApiError &&
      (err.status === 401 || err.status === 403) &&
      qc.invalidateQueries({ queryKey: SESSION_KEY });
    const unsubQueries = qc.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') ended(e.action.error);
    });
    const unsubMutations = qc.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') ended(e.action.error);
    });
    return () => {
      unsubQueries();
      unsubMutations();
    };
  }, [qc]);
  return (
    <div className="adm-frame">
      <header className="adm-header">
        <h1 className="app-title adm-title">
          {APP_NAME} · {MSG.admin.title}
        </h1>
        <span className="adm-header-right">
          {/* An administrator who must still enrol a one-time code has no administrator operation yet. */}
          {session?.user.has_totp || totp.data?.required === false ? (
            <Suspense fallback={null}>
              <PendingCount />
            </Suspense>
          ) : null}
          {session ? <span className="adm-muted">{MSG.admin.adminLabel(session.user.username)}</span> : null}
          <Link to="/main" className="btn-link header-action adm-header-link">
            {MSG.admin.toApp}
          </Link>
          <button
            type="button"
            className="btn-link header-action"
            disabled={logout.isPending}
            onClick={logout.run}
          >
            {MSG.admin.logout}
          </button>
        </span>
      </header>
      <main id="main" className="adm-main">
        <Outlet />
      </main>
    </div>
  );
}
