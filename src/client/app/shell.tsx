import { useLayoutEffect } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { APP_NAME } from '../../shared/constants';
import { MSG } from '../../shared/messages/member';
import { LineIcon } from '../components/line-icon';
import { useLiveEvents } from '../lib/live-events';
import { useLogoutToLogin, useSession } from '../lib/session';

const N = MSG.nav;

/**
 * Every page change starts at the top, as in a native app: the browser keeps the old scroll position
 * for a client-side navigation otherwise (a deposit page opened already scrolled past its title).
 */
function useScrollToTopOnNavigate() {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    void [pathname, search];
    window.scrollTo(0, 0);
  }, [pathname, search]);
}

/** The mobile frame: 64 px header, the page, and the bottom bar (홈 / 내역 / 마이) when logged in. */
export function Shell({ nav = false }: { nav?: boolean }) {
  const { data: session } = useSession();
  const logout = useLogoutToLogin();
  const onLogout = logout.run;
  const loggedIn = session?.stage === 'full';
  const isAdmin = loggedIn && session?.user.is_admin === true;
  useLiveEvents('member', loggedIn ? session?.user.id : undefined);
  useScrollToTopOnNavigate();

  return (
    <div className="frame">
      <header className="app-header">
        <span className="app-title">{APP_NAME}</span>
        {loggedIn ? (
          <span className="header-actions">
            {isAdmin ? (
              <Link to="/admin" className="btn-link header-action">
                {N.admin}
              </Link>
            ) : null}
            <button
              type="button"
              className="btn-link header-action"
              onClick={onLogout}
              disabled={logout.isPending}
            >
              {MSG.shell.logout}
            </button>
          </span>
        ) : null}
      </header>
      <main className="app-main" id="main">
        <Outlet />
      </main>
      {nav ? (
        <nav className="bottom-nav" aria-label={N.label}>
          <NavLink to={loggedIn ? '/main' : '/'} end className="bottom-nav-item">
            <HomeIcon />
            <span>{N.home}</span>
          </NavLink>
          <NavLink to="/assets/history" className="bottom-nav-item">
            <ListIcon />
            <span>{N.history}</span>
          </NavLink>
          <NavLink to="/mypage" className="bottom-nav-item">
            <UserIcon />
            <span>{N.my}</span>
          </NavLink>
        </nav>
      ) : null}
    </div>
  );
}

function HomeIcon() {
  return (
    <LineIcon>
      <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
    </LineIcon>
  );
}

function ListIcon() {
  return (
    <LineIcon>
      <path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" />
    </LineIcon>
  );
}

function UserIcon() {
  return (
    <LineIcon>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
    </LineIcon>
  );
}

export function NotFound() {
  return (
    <section className="page">
      <h1 className="page-title">{MSG.shell.notFound}</h1>
      <NavLink to="/" className="btn btn-primary">
        {MSG.shell.goHome}
      </NavLink>
    </section>
  );
}
