import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { PriceCurrency } from '../../shared/constants';
import { Spinner } from '../components/spinner';
import { pickAsset } from '../features/assets/pick-asset';
import { balancesQuery, priceHistoryQuery, pricesQuery, rulesQuery, sessionQuery } from '../lib/queries';
import { ErrorBoundary } from './error-boundary';
import { RedirectIfLoggedIn, RequireAdmin, RequireMember, RequirePasswordStage } from './guards';
import { setScreenPreloader } from './preload';
import { NotFound, Shell } from './shell';

/** Screens by the path of their route. */
type Screens = Record<string, ReactNode>;

/**
 * Every screen is its own chunk, loaded when its route is first matched: /login downloads the login
 * screen only, /main the home screen only, and members never download the administrator page
 * (decision 0082). The routes are React Router's declarative `<Routes>` with `React.lazy` screens, not
 * its data router: the data router's code is about 17 kB gzip more on every first screen (decision 0140).
 * A screen whose code fails to download throws into the `ErrorBoundary` around the shell, which shows
 * the Korean error screen.
 */
const loaders = new WeakMap<object, () => Promise<unknown>>();
/** Where a screen was opened: its path, the `:asset` or other last segment under /assets, the query. */
interface Opened {
  path: string;
  param: string | undefined;
  search: URLSearchParams;
}
// A list of reads of different data types, handed to prefetchQuery one by one.
// biome-ignore lint/suspicious/noExplicitAny: each entry keeps its own data type
type Read = FetchQueryOptions<any, any, any, any>;
/** The reads a screen shows first (its own hooks ask for the same queries: lib/queries.ts). */
const firstReads = new WeakMap<object, (opened: Opened) => Read[]>();
const screen = <M extends Record<K, ComponentType>, K extends string>(
  load: () => Promise<M>,
  name: K,
  reads?: (opened: Opened) => Read[],
) => {
  const Lazy = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  const element = (
    <Suspense fallback={<Spinner />}>
      <Lazy />
    </Suspense>
  );
  loaders.set(element, load);
  if (reads) firstReads.set(element, reads);
  return element;
};

/** Each guard's screens, by path: a path and its screen are written in one place. */
const SIGN_IN_SCREENS: Screens = {
  '/login': screen(() => import('../features/auth/login-page'), 'LoginPage'),
  '/registration': screen(() => import('../features/auth/registration-page'), 'RegistrationPage'),
};
const PASSWORD_STAGE_SCREENS: Screens = {
  '/second-factor': screen(() => import('../features/auth/second-factor-page'), 'SecondFactorPage'),
};
const MEMBER_SCREENS: Screens = {
  '/main': screen(
    () => import('../features/home/home-page'),
    'HomePage',
    () => [balancesQuery, pricesQuery, priceHistoryQuery('1d')],
  ),
  '/mypage': screen(() => import('../features/profile/mypage'), 'MyPage'),
  '/change-password': screen(() => import('../features/profile/change-password-page'), 'ChangePasswordPage'),
  '/second-password': screen(() => import('../features/profile/second-password-page'), 'SecondPasswordPage'),
  '/mypage/reserves-proof': screen(() => import('../features/reserves/proof-page'), 'ReserveProofPage'),
};
/** /assets (all assets) and /assets/KRW, USDT … (one asset) are the same screen. */
const assetScreen = screen(
  () => import('../features/assets/asset-page'),
  'AssetPage',
  ({ param, search, path }) => {
    const asset = pickAsset(param, search, path);
    const chart = asset === 'KRW' ? [] : [priceHistoryQuery('1d', asset as PriceCurrency)];
    return [balancesQuery, pricesQuery, rulesQuery, ...chart];
  },
);
/** The member's screens under /assets, by their path there. */
const ASSET_SCREENS: Screens = {
  deposit: screen(() => import('../features/deposits/crypto-deposit-page'), 'CryptoDepositPage'),
  /** Each currency's own deposit screen (/assets/deposit/USDT …); KRW's is /assets/deposit-krw. */
  'deposit/:currency': screen(() => import('../features/deposits/crypto-deposit-page'), 'CryptoDepositPage'),
  'deposit-krw': screen(() => import('../features/deposits/krw-deposit-page'), 'KrwDepositPage'),
  withdraw: screen(() => import('../features/withdrawals/crypto-withdrawal-page'), 'CryptoWithdrawalPage'),
  'withdraw-krw': screen(() => import('../features/withdrawals/krw-withdrawal-page'), 'KrwWithdrawalPage'),
  'withdraw/addresses': screen(() => import('../features/withdrawals/address-book-page'), 'AddressBookPage'),
  history: screen(() => import('../features/history/history-page'), 'HistoryPage'),
  ':asset': assetScreen,
};
/** Open to anyone: the link of an email-change message works signed in or not; the published reserves. */
const OPEN_SCREENS: Screens = {
  '/mypage/email-confirm': screen(() => import('../features/profile/email-confirm-page'), 'EmailConfirmPage'),
  /** 비밀번호 찾기 and the second password's recovery: from the login screen, the second step and my page. */
  '/recovery': screen(() => import('../features/auth/recovery-page'), 'RecoveryPage'),
  /** The published reserves: anyone may compare the members' total with the chain. */
  '/reserves': screen(() => import('../features/reserves/public-page'), 'PublicReservesPage'),
};

/** The screen element of an address, with where it was opened (null: no screen of ours). */
function screenAt(pathname: string, search = ''): { element: ReactNode; opened: Opened } | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const sub = path.startsWith('/assets/') ? path.slice('/assets/'.length) : null;
  const element =
    path === '/assets'
      ? assetScreen
      : sub !== null
        ? (ASSET_SCREENS[sub] ??
          ASSET_SCREENS[sub.replace(/^deposit\/[^/]+$/, 'deposit/:currency')] ??
          assetScreen)
        : (SIGN_IN_SCREENS[path] ??
          PASSWORD_STAGE_SCREENS[path] ??
          MEMBER_SCREENS[path] ??
          OPEN_SCREENS[path]);
  if (!element || typeof element !== 'object') return null;
  return { element, opened: { path, param: sub ?? undefined, search: new URLSearchParams(search) } };
}

/**
 * Starts downloading the screen of an address: the one the page was opened at, before the session is read
 * (main.tsx: the guard then renders a screen whose code is already here, one round trip less before the
 * first content in Lighthouse), and the one a sign-in screen's link points at (app/preload.ts).
 * The browser loads a module once, so `lazy` later gets the same one.
 */
export function preloadScreen(pathname: string): void {
  const at = screenAt(pathname);
  const load = at ? loaders.get(at.element as object) : undefined;
  load?.().catch(() => {}); // a failed download is shown by the screen's own ErrorBoundary when it renders
}

/**
 * Starts the session read and the reads of the screen the page was opened at (main.tsx), before React's
 * first render: the guard and the screen then render answers already on their way, instead of asking for
 * the session after the first render and for the screen's data after the session's answer (two round
 * trips one after the other). A read that fails with no screen watching it (the member is logged out and
 * the guard sends them to /login) is dropped from the cache, so the screen reads afresh after the sign-in.
 */
export function prefetchFirstReads(qc: QueryClient, pathname: string, search: string): void {
  void qc.prefetchQuery(sessionQuery);
  const at = screenAt(pathname, search);
  const reads = at ? (firstReads.get(at.element as object)?.(at.opened) ?? []) : [];
  for (const read of reads) {
    void qc.prefetchQuery(read).then(() => {
      const query = qc.getQueryCache().find({ queryKey: read.queryKey, exact: true });
      if (query?.state.status === 'error' && query.getObserversCount() === 0)
        qc.removeQueries({ queryKey: read.queryKey, exact: true });
    });
  }
}
// Links elsewhere (the sign-in screens' link to each other) preload through app/preload.ts.
setScreenPreloader(preloadScreen);

const routes = (screens: Screens) =>
  Object.entries(screens).map(([path, element]) => <Route key={path} path={path} element={element} />);

/** The administrator page's header and frame: its own chunk, with the administrator catalogue. */
const adminShell = screen(() => import('./admin-shell'), 'AdminShell');
const adminPage = screen(() => import('../features/admin/admin-page'), 'AdminPage');

/** The application's routes (rendered inside `<BrowserRouter>` in main.tsx). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/login" replace />} />
      <Route
        element={
          <ErrorBoundary>
            <Shell />
          </ErrorBoundary>
        }
      >
        <Route element={<RedirectIfLoggedIn />}>{routes(SIGN_IN_SCREENS)}</Route>
        <Route element={<RequirePasswordStage />}>{routes(PASSWORD_STAGE_SCREENS)}</Route>
      </Route>
      <Route
        element={
          <ErrorBoundary>
            <Shell nav />
          </ErrorBoundary>
        }
      >
        <Route element={<RequireMember />}>
          {routes(MEMBER_SCREENS)}
          <Route path="/assets">
            <Route index element={assetScreen} />
            {routes(ASSET_SCREENS)}
          </Route>
        </Route>
        {routes(OPEN_SCREENS)}
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route
        element={
          <ErrorBoundary>
            <RequireAdmin />
          </ErrorBoundary>
        }
      >
        <Route path="/admin" element={adminShell}>
          <Route index element={adminPage} />
        </Route>
      </Route>
    </Routes>
  );
}
