import { mkdirSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { fund } from '../support/admin-fixtures';
import { adminClient, type MemberCreds, memberClient } from '../support/client';
import { secondAdmin } from '../support/four-eyes';
import { loginCode } from '../support/totp';
import { type E2E, signIn, startE2E } from './support';

const A = MSG.admin;
const P = MSG.proposals;
const D = MSG.deskRecords;
const SHOTS = process.env.SCREENSHOT_DIR;

let e2e: E2E;
let maker: { page: Page; context: BrowserContext };
let checker: { page: Page; context: BrowserContext };
let member: Awaited<ReturnType<typeof memberClient>>;
let checkerCreds: MemberCreds;
let makerName: string;

beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.db;
  const a = await adminClient(e2e.server.url, db);
  const b = await secondAdmin(e2e.server.url, db);
  checkerCreds = b.creds;
  makerName = a.creds.username;
  member = await memberClient(e2e.server.url, { fullName: '박제안' });
  await fund(db, member.id, { KRW: '50000' });
  // Two browsers of their own (separate cookies): administrator A proposes, administrator B confirms.
  maker = await e2e.newPage({ width: 1280, height: 900 });
  checker = await e2e.newPage({ width: 360, height: 780 });
  await signIn(maker.page, a.creds);
  await signIn(checker.page, b.creds);
});
afterAll(async () => {
  await maker?.context.close();
  await checker?.context.close();
  await e2e?.close();
});

const balanceOf = async (currency: string) =>
  (
    await e2e.server.db.query<{ b: string }>(
      `SELECT trim_scale(balance)::text AS b FROM balances WHERE member_id = $1 AND currency = $2`,
      [member.id, currency],
    )
  )[0]?.b;

/** The member's +/− adjustment on the 자산 tab: always a proposal for a second administrator. */
async function adjust(assets: Locator, currency: string, amount: string, reason: string) {
  await assets.locator('.adm-adjust select').selectOption(currency);
  await assets.getByLabel(D.adjust.plus).check();
  await assets.getByLabel(D.adjust.amount, { exact: true }).fill(amount);
  await assets.getByLabel(D.adjust.reason, { exact: true }).fill(reason);
  await assets.getByRole('button', { name: D.adjust.submit }).click();
  await assets.getByText(D.adjust.proposed).waitFor();
}

describe('two-person approval in the browser', () => {
  it('administrator A proposes a balance adjustment; it waits; administrator B confirms it in another browser', async () => {
    const page = maker.page;
    await page.goto(`/admin?member=${member.id}&mtab=assets`);
    const assets = page.getByRole('region', { name: A.assets.title, exact: true });
    await adjust(assets, 'KRW', '25000', '입금 누락분 반영 (문의 1234)');
    expect(await balanceOf('KRW')).toBe('50000');

    // A's own list: the proposal is theirs, so it offers 철회 but neither 확인 nor 반려.
    await page.getByRole('tab', { name: P.tab }).click();
    const mine = page.locator('.adm-proposal', { hasText: member.creds.username });
    await mine.getByText(P.yours).waitFor();
    await mine.getByRole('button', { name: P.withdraw, exact: true }).waitFor();
    expect(await mine.getByRole('button', { name: P.confirm, exact: true }).count()).toBe(0);
    expect(await mine.getByRole('button', { name: P.refuse, exact: true }).count()).toBe(0);

    // B, at 360 px: the pending list says what it does, who proposed it and until when.
    const b = checker.page;
    await b.goto('/admin?tab=proposals');
    const card = b.locator('.adm-proposal', { hasText: member.creds.username });
    await card.getByText(P.kinds['balance.adjust']!).waitFor();
    await card.getByText(P.expiresAt).waitFor();
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await b.screenshot({ path: `${SHOTS}/proposals-360.png`, fullPage: true });
    }
    const overflow = await b.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await card.getByRole('button', { name: P.confirm, exact: true }).click();
    const dialog = b.getByRole('dialog', { name: P.confirmTitle });
    // Step-up: the checker types the code their authenticator shows now.
    await dialog.getByLabel(P.otpLabel).fill(await loginCode(checkerCreds));
    await dialog.getByRole('button', { name: P.confirm, exact: true }).click();
    await b.getByText(P.applied).waitFor();
    expect(await balanceOf('KRW')).toBe('75000');

    // A's page follows live: the proposal moves from the pending list to the recent ones, applied.
    await mine.getByText(P.statuses.applied!, { exact: true }).waitFor();
    await mine.getByText(P.yours).waitFor({ state: 'detached' });
    await page.goto(`/admin?member=${member.id}&mtab=assets`);
    await assets.getByRole('row', { name: /KRW/ }).getByText('75,000', { exact: true }).first().waitFor();
    if (SHOTS) await b.screenshot({ path: `${SHOTS}/proposals-360-applied.png`, fullPage: true });
  });

  it('B refuses a proposal with a reason (required); the list and the audit log show who and why', async () => {
    const page = maker.page;
    await page.goto(`/admin?member=${member.id}&mtab=assets`);
    const assets = page.getByRole('region', { name: A.assets.title, exact: true });
    await adjust(assets, 'USDT', '12.5', '이벤트 지급 (공지 7)');
    const b = checker.page;
    await b.goto('/admin?tab=proposals');
    const card = b.locator('.adm-proposal', { hasText: '이벤트 지급 (공지 7)' }).first();
    await card.getByRole('button', { name: P.refuse, exact: true }).click();
    const dialog = b.getByRole('dialog', { name: P.refuseTitle });
    await dialog.getByRole('button', { name: P.refuse, exact: true }).click();
    await dialog
      .getByText(MSG.deskQueue.rejectReasonRequired)
      .or(dialog.getByText(P.refuseReasonRequired))
      .waitFor();
    await dialog.getByLabel(P.refuseReasonLabel).fill('공지 7의 지급 대상이 아님');
    await dialog.getByRole('button', { name: P.refuse, exact: true }).click();
    await b.getByText(P.refused).waitFor();
    const done = b.locator('.adm-proposal', { hasText: '공지 7의 지급 대상이 아님' });
    await done.getByText(P.refusedStatus, { exact: true }).waitFor();
    expect(await balanceOf('USDT')).toBe('0');

    await page.goto('/admin?tab=audit');
    const entry = page.getByRole('row', { name: /제안 반려/ }).first();
    await entry.getByText(`2인 확인: 제안 ${makerName} · 반려 ${checkerCreds.username}`).waitFor();
    await entry.getByText('사유: 공지 7의 지급 대상이 아님').waitFor();
  });

  it('A withdraws their own proposal without giving a reason', async () => {
    const page = maker.page;
    await page.goto(`/admin?member=${member.id}&mtab=assets`);
    const assets = page.getByRole('region', { name: A.assets.title, exact: true });
    await adjust(assets, 'XRP', '3', '테스트 조정 (철회 예정)');
    await page.getByRole('tab', { name: P.tab }).click();
    const card = page.locator('.adm-proposal', { hasText: '테스트 조정 (철회 예정)' }).first();
    await card.getByRole('button', { name: P.withdraw, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: P.withdrawTitle });
    await dialog.getByRole('button', { name: P.withdraw, exact: true }).click();
    await page.getByText(P.withdrawn).waitFor();
    await page
      .locator('.adm-proposal', { hasText: '테스트 조정 (철회 예정)' })
      .getByText(P.withdrawnStatus, { exact: true })
      .waitFor();
    expect(await balanceOf('XRP')).toBe('0');
  });
});
