import { NavLink, Outlet } from 'react-router';
import { APP_NAME } from '../../shared/constants';
import { MSG } from '../../shared/messages/member';
import { LineIcon } from '../components/line-icon';
import { useLiveEvents } from '../lib/live-events';
import { useLogoutToLogin, useSession } from '../lib/session';

/** The mobile frame: 64 px header, the page, and the bottom navigation when logged in. */
export function Shell({ nav = false }: { nav?: boolean }) {
  const { data: session } = useSession();
  const logout = useLogoutToLogin();
  const onLogout = logout.run;
  const loggedIn = session?.stage === 'full';
  useLiveEvents('member', loggedIn ? session?.user.id : undefined);

  return (
    <div className="frame">
      <header className="app-header">
        <span className="app-title">{APP_NAME}</span>
        {loggedIn ? (
          <button
            type="button"
            className="btn-link header-action"
            onClick={onLogout}
            disabled={logout.isPending}
          >
            {MSG.shell.logout}
          </button>
        ) : null}
      </header>
      <main className="app-main" id="main">
        <Outlet />
      </main>
      {nav ? (
        <nav className="bottom-nav" aria-label="하단 메뉴">
          <NavLink to={loggedIn ? '/main' : '/'} end className="bottom-nav-item">
            <HomeIcon />
            <span>{MSG.shell.home}</span>
          </NavLink>
          <NavLink to="/mypage" className="bottom-nav-item">
            <UserIcon />
            <span>{MSG.shell.profile}</span>
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
