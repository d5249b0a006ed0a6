import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Spinner } from '../components/spinner';
import { ErrorBoundary } from './error-boundary';
import { RedirectIfLoggedIn, RequireAdmin, RequireMember, RequirePasswordStage } from './guards';
import { NotFound, Shell } from './shell';

/**
 * Every screen is its own chunk, loaded when its route is first matched: /login downloads the login
 * screen only, /main the home screen only, and members never download the administrator page
 * (decision 0082). The routes are React Router's declarative `<Routes>` with `React.lazy` screens, not
 * its data router: the data router's code is about 17 kB gzip more on every first screen (decision 0140).
 * A screen whose code fails to download throws into the `ErrorBoundary` around the shell, which shows
 * the Korean error screen.
 */
const lazyPage = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) => {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  return (
    <Suspense fallback={<Spinner />}>
      <Screen />
    </Suspense>
  );
};

const page = {
  login: lazyPage(
    () => import('../features/auth/login-page'),
    (m) => m.LoginPage,
  ),
  registration: lazyPage(
    () => import('../features/auth/registration-page'),
    (m) => m.RegistrationPage,
  ),
  secondFactor: lazyPage(
    () => import('../features/auth/second-factor-page'),
    (m) => m.SecondFactorPage,
  ),
  home: lazyPage(
    () => import('../features/home/home-page'),
    (m) => m.HomePage,
  ),
  myPage: lazyPage(
    () => import('../features/profile/mypage'),
    (m) => m.MyPage,
  ),
  changePassword: lazyPage(
    () => import('../features/profile/change-password-page'),
    (m) => m.ChangePasswordPage,
  ),
  secondPassword: lazyPage(
    () => import('../features/profile/second-password-page'),
    (m) => m.SecondPasswordPage,
  ),
  emailConfirm: lazyPage(
    () => import('../features/profile/email-confirm-page'),
    (m) => m.EmailConfirmPage,
  ),
  asset: lazyPage(
    () => import('../features/assets/asset-page'),
    (m) => m.AssetPage,
  ),
  cryptoDeposit: lazyPage(
    () => import('../features/deposits/crypto-deposit-page'),
    (m) => m.CryptoDepositPage,
  ),
  krwDeposit: lazyPage(
    () => import('../features/deposits/krw-deposit-page'),
    (m) => m.KrwDepositPage,
  ),
  cryptoWithdrawal: lazyPage(
    () => import('../features/withdrawals/crypto-withdrawal-page'),
    (m) => m.CryptoWithdrawalPage,
  ),
  addressBook: lazyPage(
    () => import('../features/withdrawals/address-book-page'),
    (m) => m.AddressBookPage,
  ),
  krwWithdrawal: lazyPage(
    () => import('../features/withdrawals/krw-withdrawal-page'),
    (m) => m.KrwWithdrawalPage,
  ),
  history: lazyPage(
    () => import('../features/history/history-page'),
    (m) => m.HistoryPage,
  ),
  admin: lazyPage(
    () => import('../features/admin/admin-page'),
    (m) => m.AdminPage,
  ),
  /** The administrator page's header and frame: its own chunk, with the administrator catalogue. */
  adminShell: lazyPage(
    () => import('./admin-shell'),
    (m) => m.AdminShell,
  ),
};

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
        <Route element={<RedirectIfLoggedIn />}>
          <Route path="/login" element={page.login} />
          <Route path="/registration" element={page.registration} />
        </Route>
        <Route element={<RequirePasswordStage />}>
          <Route path="/second-factor" element={page.secondFactor} />
        </Route>
      </Route>
      <Route
        element={
          <ErrorBoundary>
            <Shell nav />
          </ErrorBoundary>
        }
      >
        <Route element={<RequireMember />}>
          <Route path="/main" element={page.home} />
          <Route path="/mypage" element={page.myPage} />
          <Route path="/change-password" element={page.changePassword} />
          <Route path="/second-password" element={page.secondPassword} />
          <Route path="/assets" element={page.asset} />
          <Route path="/assets/deposit" element={page.cryptoDeposit} />
          <Route path="/assets/deposit-krw" element={page.krwDeposit} />
          <Route path="/assets/withdraw" element={page.cryptoWithdrawal} />
          <Route path="/assets/withdraw-krw" element={page.krwWithdrawal} />
          <Route path="/assets/withdraw/addresses" element={page.addressBook} />
          <Route path="/assets/history" element={page.history} />
          <Route path="/assets/:asset" element={page.asset} />
        </Route>
        <Route path="/mypage/email-confirm" element={page.emailConfirm} />
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route
        element={
          <ErrorBoundary>
            <RequireAdmin />
          </ErrorBoundary>
        }
      >
        <Route path="/admin" element={page.adminShell}>
          <Route index element={page.admin} />
        </Route>
      </Route>
    </Routes>
  );
}
