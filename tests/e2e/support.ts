import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
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

/** Logs in through the two screens. */
export async function loginThroughUi(
  page: Page,
  creds: { username: string; password: string; pin: string; totpSecret?: string; totpRecovery?: string[] },
) {
  await page.goto('/login');
  await page.getByLabel('아이디').fill(creds.username);
  await page.getByLabel('비밀번호').fill(creds.password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.waitForURL('**/second-factor');
  await page.getByLabel('2차 비밀번호').fill(creds.pin);
  // A member enrolled in one-time codes (every administrator of the tests) also types the current code.
  if (creds.totpSecret) await page.getByLabel('OTP 인증 코드').fill(await loginCode(creds));
  await page.getByRole('button', { name: '확인' }).click();
  await page.waitForURL('**/main');
}
