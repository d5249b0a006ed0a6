import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { adminClient, Client, memberClient } from '../support/client';
import { late } from '../support/fixture';
import { adjustBalance } from '../support/money';
import { startTestServer, type TestServer } from '../support/server';
import { loginCode } from '../support/totp';

export const CHROMIUM = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => !!p && existsSync(p),
);

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface E2E {
  server: TestServer;
  browser: Browser;
  /** A fresh browser context (its own cookies) with a phone-sized page. */
  newPage(opts?: { width?: number; height?: number }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** The real server (built SPA + API) and Debian's Chromium driven by playwright-core. */
export async function startE2E(env: Record<string, string> = {}): Promise<E2E> {
  if (!CHROMIUM) throw new Error('Chromium not found: apt-get install chromium (or set CHROME_PATH)');
  if (!existsSync('dist/client/index.html'))
    throw new Error('dist/client is missing: run `npx vite build` first');
  const server = await startTestServer(env);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  return {
    server,
    browser,
    async newPage({ width = 360, height = 780 } = {}) {
      const context = await browser.newContext({
        viewport: { width, height },
        locale: 'ko-KR',
        baseURL: server.url,
        // The service worker is tested in pwa.test.ts; elsewhere it would hide requests from page.route().
        serviceWorkers: 'block',
      });
      baseUrlOf.set(context, server.url);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return { context, page };
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * The server and browser of a test file: started before its tests, closed after them (fixture.ts); `env`
 * is a function when it names something another fixture starts first (a provider's stand-in).
 */
export const fileE2E = (env: Record<string, string> | (() => Record<string, string>) = {}): E2E =>
  late(
    () => startE2E(typeof env === 'function' ? env() : env),
    (e2e) => e2e.close(),
  );

/** The server each context of `newPage` talks to (Playwright keeps its baseURL to itself). */
const baseUrlOf = new WeakMap<BrowserContext, string>();

type SignInCreds = {
  username: string;
  password: string;
  pin: string;
  totpSecret?: string;
  totpRecovery?: string[];
};

/**
 * Signs in without the sign-in screens: both steps through the API (with the browser's own user agent, so
 * the member's sign-in activity reads as this browser), then the session cookie is set on the page's
 * context and the page opens /main. The sign-in screens themselves are tested with `loginThroughUi`.
 */
export async function signIn(page: Page, creds: SignInCreds, base = baseUrlOf.get(page.context())) {
  if (!base) throw new Error('signIn: a page of E2E.newPage, or the server address as third argument');
  const headers = { 'user-agent': await page.evaluate(() => navigator.userAgent) };
  const client = new Client(base);
  const l = await client.post('/api/login', { email: creds.username, password: creds.password }, headers);
  if (l.status !== 200) throw new Error(`login failed: ${JSON.stringify(l.body)}`);
  const f = await client.post(
    '/api/auth/second-factor',
    { second_password: creds.pin, ...(creds.totpSecret ? { otpCode: await loginCode(creds) } : {}) },
    headers,
  );
  if (f.status !== 200) throw new Error(`second factor failed: ${JSON.stringify(f.body)}`);
  await page
    .context()
    .addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: base, httpOnly: true })));
  await page.goto('/main');
  await page.waitForURL('**/main');
}

/** The sign-in screen's first step: the username and password typed and sent (what follows is the caller's). */
export async function submitPassword(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('아이디').fill(username);
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
}

/** Logs in through the two screens. */
export async function loginThroughUi(page: Page, creds: SignInCreds) {
  await submitPassword(page, creds.username, creds.password);
  await page.waitForURL('**/second-factor');
  await page.getByLabel('2차 비밀번호').fill(creds.pin);
  // A member enrolled in one-time codes (every administrator of the tests) also types the current code.
  if (creds.totpSecret) await page.getByLabel('OTP 인증 코드').fill(await loginCode(creds));
  await page.getByRole('button', { name: '확인' }).click();
  // A member lands on home, an administrator at the desk.
  await page.waitForURL(/\/(main|admin)$/);
}

/**
 * A new member with the given balances, signed in on a fresh phone-sized page (cookie sign-in) that has
 * opened `path`: the opening of most screen tests.
 */
export async function memberOn(e2e: E2E, path: string, balances: Record<string, string> = {}) {
  const member = await memberClient(e2e.server.url);
  for (const [currency, amount] of Object.entries(balances))
    await adjustBalance(e2e.server.db, member.id, currency as Parameters<typeof adjustBalance>[2], amount);
  const { page, context } = await e2e.newPage();
  await signIn(page, member.creds);
  await page.goto(path);
  return { member, page, context };
}

/**
 * The two administrators of two-person approval for a test file, each signed in on a desk-sized page of a
 * browser context of their own (separate cookies): `a` proposes, `b` confirms. Made after `e2e`.
 */
export const fileTwoDesks = (e2e: E2E) =>
  late(async () => {
    const open = async () => {
      const admin = await adminClient(e2e.server.url, e2e.server.db);
      const { page } = await e2e.newPage({ width: 1280, height: 900 });
      await signIn(page, admin.creds);
      return { page, creds: admin.creds };
    };
    return { a: await open(), b: await open() };
  });
