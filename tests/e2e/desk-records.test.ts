import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { fund, insertDeposit } from '../support/admin-fixtures';
import { adminClient, memberClient } from '../support/client';
import { confirmPendingFor, secondAdmin } from '../support/four-eyes';
import { type E2E, expectFailure, signIn, startE2E } from './support';

// The desk's member detail as tabs, a +/− adjustment with its preview and reason, the audit log in Korean
// filtered by username, and a CSV export downloaded, at 1280 px in Chromium.
const D = MSG.deskRecords;
const A = MSG.admin;
const SHOTS = process.env.DESK_SHOTS;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

let e2e: E2E;
let page: Page;
let context: BrowserContext;
let member: Awaited<ReturnType<typeof memberClient>>;
let checker: Awaited<ReturnType<typeof secondAdmin>>;

beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.db;
  const admin = await adminClient(e2e.server.url, db);
  checker = await secondAdmin(e2e.server.url, db);
  member = await memberClient(e2e.server.url, { fullName: '박기록' });
  await fund(db, member.id, { KRW: '100000' });
  // A won deposit approved: the audit log records its status going from pending to approved.
  const deposit = await insertDeposit(db, member.id, { currency: 'KRW', amount: '50000' });
  expect((await admin.client.post(`/api/admin/deposits/${deposit}/approve`, {})).status).toBe(200);
  ({ page, context } = await e2e.newPage({ width: 1280, height: 900 }));
  await signIn(page, admin.creds);
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

const tab = (name: string) => page.getByRole('tab', { name, exact: true });
const region = (name: string) => page.getByRole('region', { name, exact: true });
const shot = async (name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describe('the member detail and records at 1280 px', () => {
  it('opens a member as tabs; the tab is kept in the address', async () => {
    await page.goto(`/admin?member=${member.id}`);
    for (const name of Object.values(D.tabs)) await tab(name).waitFor();
    expect(await tab(D.tabs.info).getAttribute('aria-selected')).toBe('true');
    await region(A.info.title).getByText(member.creds.username, { exact: true }).waitFor();
    // The balances are on their own tab, not on the first one.
    expect(await region(A.assets.title).count()).toBe(0);
    await shot('member-info');
    await tab(D.tabs.assets).click();
    await page.waitForURL(/mtab=assets/);
    await region(A.assets.title).getByRole('row', { name: /KRW/ }).getByText('150,000').first().waitFor();
  });

  it('adjusts a balance with a reason and a before/after preview; it waits for a second administrator', async () => {
    const assets = region(A.assets.title);
    // No "new total" field: a balance changes only by an adjustment.
    expect(await assets.getByLabel(A.assets.newValue('KRW')).count()).toBe(0);
    const amount = assets.getByLabel(D.adjust.amount, { exact: true });
    await amount.pressSequentially('1234567');
    expect(await amount.inputValue()).toBe('1,234,567');
    await assets
      .getByTestId('adjust-preview')
      .getByText(D.adjust.preview('KRW', '150,000', '1,384,567'))
      .waitFor();
    await assets.getByLabel(D.adjust.minus).check();
    await assets
      .getByTestId('adjust-preview')
      .getByText(D.adjust.preview('KRW', '150,000', '—'))
      .waitFor();
    await assets.getByRole('button', { name: D.adjust.submit }).click();
    await assets.getByText(D.adjust.belowZero).waitFor();
    await amount.fill('');
    await amount.pressSequentially('50000');
    await assets.getByRole('button', { name: D.adjust.submit }).click();
    await assets.getByText(D.adjust.reasonRequired).waitFor();
    await assets.getByLabel(D.adjust.reason, { exact: true }).fill('중복 입금 회수 (문의 1234)');
    await assets
      .getByTestId('adjust-preview')
      .getByText(D.adjust.preview('KRW', '150,000', '100,000'))
      .waitFor();
    await shot('member-assets');
    await assets.getByRole('button', { name: D.adjust.submit }).click();
    await assets.getByText(D.adjust.proposed).waitFor();
    await confirmPendingFor(checker.client, e2e.server.db, member.id);
    await page.reload();
    // The tab survives the reload (it is in the address); the confirmed adjustment shows.
    await region(A.assets.title).getByRole('row', { name: /KRW/ }).getByText('100,000').first().waitFor();
  });

  it('the security tab offers the OTP reset; the records tab lists the member’s entries in Korean', async () => {
    // The member has no one-time code to reset: the desk says so.
    expectFailure(page, /^response: POST \/api\/admin\/members\/[\w-]+\/totp-reset → 409$/);
    await tab(D.tabs.security).click();
    await region(D.security.otpTitle).getByRole('button', { name: D.security.otpReset }).click();
    const dialog = page.getByRole('dialog', { name: D.security.otpReset });
    await dialog.getByRole('button', { name: D.security.otpReset }).click();
    await region(D.security.otpTitle).getByText(D.security.otpNotEnrolled).waitFor();
    await tab(D.tabs.records).click();
    await page.waitForURL(/mtab=records/);
    const records = region(A.audit.title);
    await records.getByRole('cell', { name: '잔액 조정', exact: true }).first().waitFor();
    await records.getByText('상태: 대기 → 완료').first().waitFor();
    expect(await records.getByRole('table').textContent()).not.toMatch(UUID);
    await shot('member-records');
  });

  it('the desk’s audit log filtered by username reads in Korean and exports that period as CSV', async () => {
    await page.goto('/admin?tab=audit');
    const log = region(A.audit.title);
    await log.getByLabel(D.filters.username).fill(member.creds.username);
    await log.getByText(`${member.creds.username} 회원의`).first().waitFor();
    await log.getByText('상태: 대기 → 완료').first().waitFor();
    const text = (await log.getByRole('table').textContent()) ?? '';
    expect(text).not.toMatch(UUID);
    expect(text).not.toContain('"status"');
    expect(text).not.toContain('pending');
    await shot('desk-audit');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      log.getByRole('link', { name: D.exports.audit }).click(),
    ]);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.subarray(3).toString('utf8');
    const [head, ...rows] = csv.trim().split('\r\n');
    const C = D.exports.columns;
    expect(head).toBe([C.time, C.actor, C.action, C.target, C.change, C.ip].join(','));
    expect(rows.some((r) => r.includes('상태: 대기 → 완료'))).toBe(true);
    expect(rows.every((r) => !UUID.test(r))).toBe(true);
  });
});
