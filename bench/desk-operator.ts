/**
 * The `desk` section of run.ts: how long an operator needs for 100 mixed pending requests at the desk
 * (1280 px, Chromium): by keyboard (one `a` per request, the next pressed once the decided row left the
 * queue) and by selecting them all and approving them in one call, in the same run. The built client and the
 * server on PGlite, one administrator, four-eyes thresholds no run reaches (as every bench server: a run
 * that files a proposal fails). `npm run bench -- --only desk` (BENCH_DESK_REQUESTS, default 100).
 */
import { existsSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { fund, insertDeposit, insertWithdrawal } from '../tests/support/admin-fixtures';
import { adminClient, Client, memberClient } from '../tests/support/client';
import { startTestServer, type TestServer } from '../tests/support/server';
import { loginCode } from '../tests/support/totp';
import { BENCH_FOUR_EYES } from './lib';

const CHROMIUM = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => !!p && existsSync(p),
);

/** What one run measured (docs/benchmarks.json `desk`). */
export interface DeskResult {
  requests: number;
  /** What the requests were, as the page says it. */
  mix: string;
  keyboardMs: number;
  bulkMs: number;
}

/** N pending requests of several members: KRW and USDT deposits, USDT and KRW withdrawals. */
async function fill(server: TestServer, N: number) {
  const members = await Promise.all(Array.from({ length: 5 }, () => memberClient(server.url)));
  for (const m of members) await fund(server.db, m.id, { USDT: '100000', KRW: '100000000' });
  for (let i = 0; i < N; i++) {
    const m = members[i % members.length]!;
    const kind = i % 4;
    if (kind === 0) await insertDeposit(server.db, m.id, { amount: String(10_000 + i) });
    else if (kind === 1) await insertDeposit(server.db, m.id, { currency: 'USDT', amount: String(1 + i) });
    else if (kind === 2) await insertWithdrawal(server.db, m.id, { currency: 'USDT', amount: String(2 + i) });
    else await insertWithdrawal(server.db, m.id, { currency: 'KRW', amount: String(5_000 + i) });
  }
}

const rowCount = (page: Page) => page.locator('tr[data-request-id]').count();

/** The desk's queue, once its `N` rows are on screen. */
async function openQueue(page: Page, N: number) {
  await page.goto('/admin');
  await page
    .locator('tr[data-request-id]')
    .nth(N - 1)
    .waitFor();
}

async function byKeyboard(page: Page, N: number): Promise<number> {
  await openQueue(page, N);
  const start = performance.now();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.tagName === 'TR')) break;
  }
  for (let left = N; left > 0; left--) {
    await page.keyboard.press('a');
    await page
      .waitForFunction((n) => document.querySelectorAll('tr[data-request-id]').length < n, left, {
        timeout: 30_000,
      })
      .catch(async (err) => {
        const said = await page.locator('[role=status], [role=alert]').allInnerTexts();
        const focus = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 100));
        throw new Error(`${left} left: ${said.join(' | ')} · focus ${focus}`, { cause: err });
      });
  }
  return performance.now() - start;
}

async function byBulk(page: Page, N: number): Promise<number> {
  await openQueue(page, N);
  const start = performance.now();
  await page.getByRole('checkbox', { name: '승인할 수 있는 요청 모두 선택' }).check();
  await page.getByRole('button', { name: `선택한 ${N}건 승인` }).click();
  await page.getByText(`승인 ${N}건 · 2차 확인 요청 0건 · 처리 못 함 0건`).waitFor({ timeout: 120_000 });
  await page.waitForFunction(() => document.querySelectorAll('tr[data-request-id]').length === 0, null, {
    timeout: 120_000,
  });
  return performance.now() - start;
}

/** Fills the queue twice with N requests: decided by keyboard, then by one bulk approval. */
export async function runDeskBench(N: number, log: (line: string) => void): Promise<DeskResult> {
  if (!CHROMIUM) throw new Error('Chromium not found (CHROME_PATH)');
  if (!existsSync('dist/client/index.html')) throw new Error('dist/client is missing: npx vite build');
  const server = await startTestServer({ ...BENCH_FOUR_EYES, FOUR_EYES_PAYOUT_KRW: '1000000000000000' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  try {
    const admin = await adminClient(server.url, server.db);
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'ko-KR',
      baseURL: server.url,
    });
    const client = new Client(server.url);
    await client.post('/api/login', { email: admin.creds.username, password: admin.creds.password });
    await client.post('/api/auth/second-factor', {
      second_password: admin.creds.pin,
      otpCode: await loginCode(admin.creds),
    });
    await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: server.url })));
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const ms: Record<'keyboard' | 'bulk', number> = { keyboard: 0, bulk: 0 };
    for (const [label, run] of [
      ['keyboard', byKeyboard],
      ['bulk', byBulk],
    ] as const) {
      await fill(server, N);
      ms[label] = await run(page, N);
      log(`desk ${label}: ${N} requests in ${(ms[label] / 1000).toFixed(1)} s`);
      if ((await rowCount(page)) !== 0) throw new Error(`${label}: requests left in the queue`);
    }
    return {
      requests: N,
      mix: 'KRW and USDT deposits, USDT and KRW withdrawals, a quarter each, of five members',
      keyboardMs: ms.keyboard,
      bulkMs: ms.bulk,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
