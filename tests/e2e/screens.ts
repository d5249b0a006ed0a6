import type { Page } from 'playwright-core';
import { MSG } from '../../src/shared/messages';
import { expectFailure } from './support';

/**
 * Every screen of SPEC §2 a member can reach, in the states that change what it shows (a form with its
 * errors, the external-transfer fields, an edit row open, a toast). The accessibility, layout and
 * language checks walk the same list, so a new screen is added once, here.
 */
export interface Screen {
  name: string;
  path: string;
  /** What to do on the screen once it has loaded (type, open, switch). */
  act?: (page: Page) => Promise<void>;
  /** Failed requests the screen expects and shows in its own words (see `expectFailure`). */
  failures?: RegExp[];
}

/**
 * No chain connection is set (it would start the chain worker and its reserves snapshot): each crypto
 * deposit page opens on its one sentence. The pages with an address, a tag and a claim are checked in
 * deposit-screens.test.ts and deposits.test.ts.
 */
export const SCREENS_ENV = { XRP_DEPOSIT_ADDRESS: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' };

/** A screen as it opens, without acting on it (named by its path unless told). */
const at = (path: string, name = path): Screen => ({ name, path });

const W = MSG.withdraw;
const K = MSG.withdrawKrw;

/** No session: the redirect of /, login (with its error), sign-up (with field errors). */
export const LOGGED_OUT_SCREENS: Screen[] = [
  at('/', '/ (→ /login)'),
  {
    name: '/login, wrong password',
    path: '/login',
    act: async (page) => {
      expectFailure(page, /^response: POST \/api\/login → 401$/);
      await page.getByLabel(MSG.login.usernameLabel).fill('nobody_here');
      await page.getByLabel(MSG.login.passwordLabel, { exact: true }).fill('wrongpass1');
      await page.getByRole('button', { name: MSG.login.submit, exact: true }).click();
      await page.getByText(MSG.login.invalidCredentials).waitFor();
    },
  },
  at('/registration'),
  at('/reserves', '/reserves (published reserves)'),
  {
    name: '/registration, field errors',
    path: '/registration',
    act: async (page) => {
      await page.getByLabel(MSG.signup.username, { exact: true }).fill('Ab');
      await page.getByRole('button', { name: MSG.signup.next }).click();
      await page.locator('.field-error').first().waitFor();
    },
  },
];

/** A full session: every member screen. */
export const MEMBER_SCREENS: Screen[] = [
  at('/main'),
  at('/mypage'),
  {
    name: '/mypage, every recent sign-in (더 보기)',
    path: '/mypage',
    act: async (page) => {
      const more = page.getByRole('button', { name: MSG.signIns.more });
      if (await more.count()) await more.click();
    },
  },
  {
    name: '/mypage, OTP enrolment (QR code, secret, app link)',
    path: '/mypage',
    act: async (page) => {
      await page.getByRole('button', { name: MSG.otp.enrolButton }).click();
      await page.getByText(MSG.otp.secretLabel, { exact: true }).waitFor();
    },
  },
  {
    name: '/mypage, contact in edit mode',
    path: '/mypage',
    act: async (page) => {
      await page.getByRole('button', { name: MSG.profile.editContact }).click();
    },
  },
  at('/change-password'),
  at('/second-password'),
  at('/assets', '/assets (KRW)'),
  at('/assets?asset=USDT', '/assets?asset=USDT (locks)'),
  at('/assets/ETH', '/assets/ETH (path form)'),
  at('/assets/deposit', '/assets/deposit (no connection set)'),
  at('/assets/deposit-krw'),
  {
    name: '/assets/deposit-krw, amount typed',
    path: '/assets/deposit-krw',
    act: async (page) => {
      await page.getByLabel(MSG.depositKrw.amountLabel).pressSequentially('1234567');
    },
  },
  at('/assets/withdraw'),
  {
    name: '/assets/withdraw, a new address with errors (inline)',
    path: '/assets/withdraw',
    act: async (page) => {
      await page.getByTestId('wd-asset-USDT').click();
      await page.getByRole('button', { name: MSG.steps.addAddress }).click();
      await page.getByLabel(W.recipientAddressLabel).fill('T123');
      await page.getByLabel(W.recipientAddressLabel).blur();
      await page.getByText(`* ${W.trc20Invalid}`).waitFor();
    },
  },
  {
    name: '/assets/withdraw?asset=USDT, amount above the available',
    path: '/assets/withdraw?asset=USDT',
    act: async (page) => {
      await toMemberAmount(page, '99999999');
      await page.locator('.field-error').first().waitFor();
    },
  },
  {
    name: '/assets/withdraw?asset=USDT, confirmation sheet',
    path: '/assets/withdraw?asset=USDT',
    act: async (page) => {
      await toMemberAmount(page, '1');
      await toSheet(page);
    },
  },
  {
    name: '/assets/withdraw?asset=USDT, PIN pad',
    path: '/assets/withdraw?asset=USDT',
    act: async (page) => {
      await toMemberAmount(page, '1');
      await toSheet(page);
      await page.getByRole('button', { name: MSG.steps.submit }).click();
      await page.getByTestId('pin-pad').waitFor();
    },
  },
  {
    name: '/assets/withdraw?asset=USDT, an address-book entry on the confirmation sheet',
    path: '/assets/withdraw?asset=USDT',
    act: async (page) => {
      await page.getByTestId('wd-addresses').getByRole('button').first().click();
      await next(page);
      await page.getByLabel(`${W.amountLabel} (USDT)`).fill('10');
      await toSheet(page);
    },
  },
  {
    name: '/assets/withdraw?asset=XRP, a new address with its tag (inline)',
    path: '/assets/withdraw?asset=XRP',
    act: async (page) => {
      await page.getByRole('button', { name: MSG.steps.addAddress }).click();
      await page.getByLabel(W.recipientAddressLabel).waitFor();
    },
  },
  at('/assets/withdraw/addresses'),
  at('/assets/XRP'),
  at('/assets/deposit/ETH'),
  at('/assets/deposit/XRP'),
  at('/assets/withdraw-krw'),
  {
    name: '/assets/withdraw-krw, amount below the minimum',
    path: '/assets/withdraw-krw',
    act: async (page) => {
      await page.getByLabel(K.amountLabel).fill('9000');
      await page.getByText(`* ${K.minAmount}`).waitFor();
    },
  },
  {
    name: '/assets/withdraw-krw, confirmation sheet',
    path: '/assets/withdraw-krw',
    act: async (page) => {
      await page.getByLabel(K.amountLabel).fill('10000');
      await toSheet(page);
    },
  },
  at('/assets/history'),
  {
    name: "/assets/history, a row's detail sheet",
    path: '/assets/history',
    act: async (page) => {
      await page.getByTestId('history-row').first().click();
      await page.getByTestId('history-sheet').waitFor();
    },
  },
  {
    name: '/assets/history?asset=USDT, deposits only',
    path: '/assets/history?asset=USDT',
    act: async (page) => {
      await page.getByRole('button', { name: MSG.history.filterDeposit, exact: true }).click();
    },
  },
  at('/mypage/email-confirm', '/mypage/email-confirm (no token)'),
  {
    name: '/mypage/reserves-proof (no check yet)',
    path: '/mypage/reserves-proof',
    failures: [/^response: GET \/api\/reserves\/proof → 404$/],
  },
  at('/no-such-screen', 'unknown address'),
];

const next = (page: Page) => page.getByRole('button', { name: MSG.steps.next, exact: true }).click();

/** The crypto withdrawal to another member, up to its amount step with `amount` typed. */
async function toMemberAmount(page: Page, amount: string) {
  await page.getByLabel(MSG.steps.internalTransfer).check();
  await page.getByLabel(W.recipientIdLabel).fill('someone_else');
  await next(page);
  await page.getByLabel(`${W.amountLabel} (USDT)`).fill(amount);
}

/** From a filled-in amount to the confirmation sheet. */
async function toSheet(page: Page) {
  await next(page);
  await page.getByRole('dialog').waitFor();
}

/** Waits until the screen has its data: no request in flight, no spinner, no loading overlay. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.spinner, .loading-overlay'), null, {
    timeout: 10_000,
  });
  await page.locator('h1').first().waitFor({ state: 'attached' });
}

export async function openScreen(page: Page, screen: Screen) {
  if (screen.failures) expectFailure(page, ...screen.failures);
  await page.goto(screen.path);
  await settle(page);
  if (screen.act) {
    await screen.act(page);
    await settle(page);
  }
}

/** A session that has passed the password only: the second step's screen. */
export async function toSecondStep(page: Page, creds: { username: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel(MSG.login.usernameLabel).fill(creds.username);
  await page.getByLabel(MSG.login.passwordLabel, { exact: true }).fill(creds.password);
  await page.getByRole('button', { name: MSG.login.submit, exact: true }).click();
  await page.waitForURL('**/second-factor');
  await settle(page);
}
