import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AdminShell } from './admin-shell';
import { ErrorBoundary, RouteError } from './error-boundary';
import { RedirectIfLoggedIn, RequireAdmin, RequireMember, RequirePasswordStage } from './guards';
import { NotFound, Shell } from './shell';

/**
 * Every screen is its own chunk, loaded when its route is first matched: /login downloads the login
 * screen only, /main the home screen only, and members never download the administrator page
 * (decision 0082).
 */
const lazyPage =
  <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

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
};

export const router = createBrowserRouter([
  { path: '/', element: <Navigate to="/login" replace /> },
  {
    errorElement: <RouteError />,
    element: (
      <ErrorBoundary>
        <Shell />
      </ErrorBoundary>
    ),
    children: [
      {
        element: <RedirectIfLoggedIn />,
        children: [
          { path: '/login', lazy: page.login },
          { path: '/registration', lazy: page.registration },
        ],
      },
      {
        element: <RequirePasswordStage />,
        children: [{ path: '/second-factor', lazy: page.secondFactor }],
      },
    ],
  },
  {
    errorElement: <RouteError />,
    element: (
      <ErrorBoundary>
        <Shell nav />
      </ErrorBoundary>
    ),
    children: [
      {
        element: <RequireMember />,
        children: [
          { path: '/main', lazy: page.home },
          { path: '/mypage', lazy: page.myPage },
          { path: '/change-password', lazy: page.changePassword },
          { path: '/second-password', lazy: page.secondPassword },
          { path: '/assets', lazy: page.asset },
          { path: '/assets/deposit', lazy: page.cryptoDeposit },
          { path: '/assets/deposit-krw', lazy: page.krwDeposit },
          { path: '/assets/withdraw', lazy: page.cryptoWithdrawal },
          { path: '/assets/withdraw-krw', lazy: page.krwWithdrawal },
          { path: '/assets/history', lazy: page.history },
          { path: '/assets/:asset', lazy: page.asset },
        ],
      },
      { path: '/mypage/email-confirm', lazy: page.emailConfirm },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    errorElement: <RouteError />,
    element: (
      <ErrorBoundary>
        <RequireAdmin />
      </ErrorBoundary>
    ),
    children: [{ path: '/admin', element: <AdminShell />, children: [{ index: true, lazy: page.admin }] }],
  },
]);
