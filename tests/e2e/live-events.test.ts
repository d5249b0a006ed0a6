import { createServer } from 'node:net';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { adminClient, memberClient } from '../support/client';
import { startTestServer, type TestServer } from '../support/server';
import { CHROMIUM, signIn } from './support';

/**
 * Two server instances on one PostgreSQL: a member's browser on instance A, the administrator's on
 * instance B. Events cross instances through LISTEN/NOTIFY. PGlite is one process's embedded database:
 * two instances cannot share it, so this file needs DATABASE_URL.
 */
const NEEDS_PG = 'needs DATABASE_URL: two server processes cannot share one embedded PGlite database';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

let browser: Browser;
let a: TestServer;
let b: TestServer;
let portA: number;
/**
 * The file's own database (tests/support/file-database.ts): both instances share it, and the
 * administrator's queue lists only this file's pending requests.
 */
let dbUrl: string;

async function pageOn(base: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'ko-KR',
    baseURL: base,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

const krw = (amount: string) => ({
  bank_name: '국민은행',
  account_number: '123-456-789012',
  account_holder: '홍길동',
  amount,
  depositor_name: '홍길동',
});

describe.skipIf(!process.env.DATABASE_URL)(`live events across two instances (${NEEDS_PG})`, () => {
  beforeAll(async () => {
    if (!CHROMIUM) throw new Error('Chromium not found');
    portA = await freePort();
    dbUrl = process.env.DATABASE_URL as string;
    a = await startTestServer({ PORT: String(portA), DATABASE_URL: dbUrl });
    b = await startTestServer({ DATABASE_URL: dbUrl });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  });
  afterAll(async () => {
    await browser?.close();
    await a?.close();
    await b?.close();
  });

  it("the admin approves on B, the member's screen on A shows it without reload; a restart of A catches up", async () => {
    const member = await memberClient(a.url);
    const admin = await adminClient(b.url, b.db);
    const first = (await member.client.post('/api/deposits/krw', krw('73000'))).body.data.id as string;
    const second = (await member.client.post('/api/deposits/krw', krw('41000'))).body.data.id as string;

    const memberPage = await pageOn(a.url);
    await signIn(memberPage, member.creds, a.url);
    const adminPage = await pageOn(b.url);
    await signIn(adminPage, admin.creds, b.url);
    await adminPage.goto('/admin');
    const row = adminPage.locator(`.dq-table tr[data-request-id="${first}"]`);
    await row.waitFor();
    await adminPage.locator('.adm-pending-count').waitFor();

    // Both streams are open.
    await memberPage.locator('html[data-live="live"]').waitFor();
    await adminPage.locator('html[data-live="live"]').waitFor();

    expect((await admin.client.post(`/api/admin/deposits/${first}/approve`)).status).toBe(200);
    await memberPage.getByText(MSG.live.toast.depositApproved).waitFor();
    await memberPage.getByText('73,000', { exact: false }).first().waitFor();
    // The administrator's queue greys the row out at once, with who decided.
    await adminPage.locator(`.dq-table tr.is-decided[data-request-id="${first}"]`).waitFor();
    await adminPage
      .getByText(MSG.live.queue.decidedBy(admin.creds.username, MSG.live.queue.approved))
      .waitFor();

    // Instance A goes away; meanwhile B rejects the second request; A comes back on the same address.
    await a.close();
    expect(
      (await admin.client.post(`/api/admin/deposits/${second}/reject`, { reason: '확인 불가' })).status,
    ).toBe(200);
    a = await startTestServer({ PORT: String(portA), DATABASE_URL: dbUrl });
    await memberPage.getByText(MSG.live.toast.depositRejected).waitFor({ timeout: 45_000 });
  }, 120_000);
});
