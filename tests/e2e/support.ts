import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { MSG } from '../../src/shared/messages/member';
import { adminClient, Client, memberClient } from '../support/client';
import { late } from '../support/fixture';
import { adjustBalance } from '../support/money';
import { startTestServer, type TestServer } from '../support/server';
import { loginCode } from '../support/totp';

/**
 * The Chromium the tests drive: `CHROME_PATH`, else Debian's `chromium-headless-shell` (the same Blink, V8
 * and network stack without the browser's own windows and pages; Playwright's default for headless runs),
 * else Debian's `chromium`. The full browser in headless mode also renders its omnibox and other pages of
 * its own beside each tab: the browser suite took 659 s with it and 371 s with the shell (decision 0492).
 */
export const CHROMIUM = [
  process.env.CHROME_PATH,
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].find((p): p is string => !!p && existsSync(p));

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
  if (!CHROMIUM)
    throw new Error('Chromium not found: apt-get install chromium-headless-shell (or set CHROME_PATH)');
  if (!existsSync('dist/client/index.html'))
    throw new Error('dist/client is missing: run `npx vite build` first');
  const server = await startTestServer(env);
  const browser = await workerBrowser(CHROMIUM);
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
      await watchContext(context, server.url);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return { context, page };
    },
    async close() {
      // The browser outlives the file; its contexts (all this file's: files of a worker run one at a time) do not.
      await Promise.all(browser.contexts().map((c) => c.close()));
      await server.close();
    },
  };
}

/**
 * One Chromium per test worker, shared by the files it runs one after another (isolate: false keeps this
 * module's state between them); each file still gets fresh contexts, so no cookie or page crosses files.
 * The whole suite on the 2-core CI machine: 314 s, against 360 s with a Chromium launched per file.
 */
let launched: Promise<Browser> | null = null;
async function workerBrowser(executablePath: string): Promise<Browser> {
  const current = launched && (await launched.catch(() => null));
  if (current?.isConnected()) return current;
  launched = chromium.launch({ executablePath, args: ARGS, headless: true });
  return launched;
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

/**
 * What the app does on its own and is no failure: the session read of a visitor (the guards ask, a 401 says
 * "not signed in"), and a request the browser drops because the page moved on (a navigation cancels the
 * live-event stream and the reads still on their way).
 */
const ORDINARY: readonly RegExp[] = [/^response: GET \/api\/session → 401$/, /\(net::ERR_ABORTED\)$/];

/** The failures a test provokes on purpose, per browser context (`expectFailure`). */
const expectedOf = new WeakMap<BrowserContext, RegExp[]>();
/** What went wrong in any watched page since the last `takePageProblems`. */
let problems: string[] = [];

/**
 * Every page of a context is watched for what a member must never meet: an uncaught error, a request that
 * failed (no answer, or a 4xx/5xx from our server), the Korean error screen of the ErrorBoundary. Each is
 * a failure of the running test (tests/e2e/setup.ts) unless the test declared it with `expectFailure`.
 */
async function watchContext(context: BrowserContext, base: string) {
  expectedOf.set(context, []);
  const note = (line: string) => {
    if (ORDINARY.some((r) => r.test(line))) return;
    if (expectedOf.get(context)?.some((r) => r.test(line))) return;
    problems.push(line);
  };
  const ours = (url: string) => url.startsWith(base);
  const pathOf = (url: string) => url.slice(base.length).replace(/\?.*$/, '');
  context.on('weberror', (e) => note(`page error: ${e.error().message}`));
  context.on('response', (r) => {
    if (r.status() >= 400 && ours(r.url()))
      note(`response: ${r.request().method()} ${pathOf(r.url())} → ${r.status()}`);
  });
  context.on('requestfailed', (r) => {
    if (ours(r.url()))
      note(`request failed: ${r.method()} ${pathOf(r.url())} (${r.failure()?.errorText ?? 'no answer'})`);
  });
  await context.exposeBinding('__e2eErrorScreen', (_source, path: string) => note(`error screen at ${path}`));
  await context.addInitScript((title: string) => {
    const shown = () =>
      [...document.querySelectorAll('[role="alert"] h1')].some((h) => h.textContent === title);
    let seen = false;
    new MutationObserver(() => {
      const now = shown();
      if (now && !seen)
        (window as unknown as { __e2eErrorScreen(p: string): void }).__e2eErrorScreen(location.pathname);
      seen = now;
    }).observe(document, { childList: true, subtree: true });
  }, MSG.shell.errorTitle);
}

/**
 * Declares a failure this test provokes on purpose in `page`'s context, as the watch writes it:
 * `response: POST /api/login → 401`, `request failed: GET /assets/x.js (net::ERR_FAILED)`, `page error: …`,
 * `error screen at /assets/history`. Anything else that goes wrong still fails the test.
 */
export function expectFailure(page: Page, ...lines: RegExp[]) {
  expectedOf.get(page.context())?.push(...lines);
}

/** The watched pages' failures since the last call (the setup's afterEach fails the test with them). */
export function takePageProblems(): string[] {
  const out = problems;
  problems = [];
  return out;
}

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
