import { useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/spinner';
import { type SessionInfo, useSession } from '../lib/session';

/** Where a fully signed-in user starts: an administrator at the desk, a member at home. */
const homeOf = (session: SessionInfo | null | undefined) => (session?.user.is_admin ? '/admin' : '/main');

/**
 * The session as a guard reads it: undefined while it loads, null when logged out. It is a deferred
 * value: when the answer comes, the spinner already painted stays while React renders the screen the
 * guard lets through in the background, in slices with the browser free in between, instead of one long
 * task the moment the answer arrives (the screen's first render is most of the page's script).
 */
function useGuardSession(): SessionInfo | null | undefined {
  const { data, isPending } = useSession();
  return useDeferredValue(isPending ? undefined : (data ?? null));
}

/** Member screens: no session → /login; password-only session → the second step. */
export function RequireMember() {
  const data = useGuardSession();
  const location = useLocation();
  if (data === undefined) return <Spinner />;
  if (!data) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (data.stage !== 'full') return <Navigate to="/second-factor" replace />;
  return <Outlet />;
}

/** The administrator page: no session → /login; a member → /main (the server refuses them anyway). */
export function RequireAdmin() {
  const data = useGuardSession();
  if (data === undefined) return <Spinner />;
  if (!data) return <Navigate to="/login" replace />;
  if (data.stage !== 'full') return <Navigate to="/second-factor" replace />;
  if (!data.user.is_admin) return <Navigate to="/main" replace />;
  return <Outlet />;
}

/** The second step: only with a password-stage session. */
export function RequirePasswordStage() {
  const data = useGuardSession();
  if (data === undefined) return <Spinner />;
  if (!data) return <Navigate to="/login" replace />;
  if (data.stage === 'full') return <Navigate to={homeOf(data)} replace />;
  return <Outlet />;
}

/** Login and sign-up: a fully logged-in member goes home (an administrator to the desk). */
export function RedirectIfLoggedIn() {
  const data = useGuardSession();
  if (data === undefined) return <Spinner />;
  if (data?.stage === 'full') return <Navigate to={homeOf(data)} replace />;
  return <Outlet />;
}
