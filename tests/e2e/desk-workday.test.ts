import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { fund, insertDeposit, insertWithdrawal } from '../support/admin-fixtures';
import { adminClient, memberClient } from '../support/client';
import { late } from '../support/fixture';
import { depositProposal } from '../support/four-eyes';
import { loginCode } from '../support/totp';
import { fileE2E, signIn } from './support';

// The desk over a working day at 1280 px: decisions from the drawer and by keyboard alone, several rows
// approved at once, one code for several confirmations, the audit in Korean, the 설정 tab, and what waits
// for the administrator asking.
const Q = MSG.deskQueue;
const W = MSG.deskWork;
const P = MSG.proposals;
const e2e = fileE2E();
const desk = late(async () => {
  const { db, url } = e2e.server;
  const a = await adminClient(url, db);
  const b = await adminClient(url, db);
  const page = async (creds: typeof a.creds) => {
    const { page } = await e2e.newPage({ width: 1280, height: 900 });
    await signIn(page, creds);
    return page;
  };
  return { a, b, aPage: await page(a.creds), bPage: await page(b.creds) };
});
let member: Awaited<ReturnType<typeof memberClient>>;
beforeAll(async () => {
  member = await memberClient(e2e.server.url, { fullName: '김하루' });
  await fund(e2e.server.db, member.id, { USDT: '1000' });
});

const statusOf = async (table: 'deposits' | 'withdrawals', id: string) =>
  (await e2e.server.db.query<{ status: string }>(`SELECT status FROM ${table} WHERE id = $1`, [id]))[0]
    ?.status;
const rowOf = (page: Page, id: string) => page.locator(`tr[data-request-id="${id}"]`);

describe('the queue, from the drawer and by keyboard', () => {
  it('the drawer of a pending withdrawal holds an enabled 승인, which approves it; the buttons never move', async () => {
    const out = await insertWithdrawal(e2e.server.db, member.id, { currency: 'USDT', amount: '12' });
    // The row that takes its place once it is approved.
    const after = await insertWithdrawal(e2e.server.db, member.id, { currency: 'USDT', amount: '13' });
    const page = desk.aPage;
    await page.goto('/admin');
    const row = rowOf(page, out);
    const before = await row.getByRole('button', { name: Q.approve }).boundingBox();
    await row.getByRole('button', { name: member.creds.username }).click();
    const drawer = page.locator(`aside[data-request-id="${out}"]`);
    await drawer.getByTestId('drawer-state').getByText(Q.waitingNew).waitFor();
    const approve = drawer.getByRole('button', { name: Q.approve });
    expect(await approve.isEnabled()).toBe(true);
    // 거절 stands apart from 승인.
    const [ok, no] = [
      await approve.boundingBox(),
      await drawer.getByRole('button', { name: Q.reject }).boundingBox(),
    ];
    expect(no!.x - (ok!.x + ok!.width)).toBeGreaterThanOrEqual(16);
    await approve.click();
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => statusOf('withdrawals', out)).toBe('approved');
    // Fixed columns: the next row's 승인 sits where this one's did.
    const next = rowOf(page, after).getByRole('button', { name: Q.approve });
    expect((await next.boundingBox())?.x).toBeCloseTo(before!.x, 0);
    await row.waitFor({ state: 'detached' });
    expect(await page.locator('tr[data-request-id]').first().getAttribute('data-request-id')).toBe(after);
    await rowOf(page, after).getByRole('button', { name: Q.approve }).click();
    await expect.poll(() => statusOf('withdrawals', after)).toBe('approved');
  });

  it('keyboard only: Tab into the queue, j/k, a approves, r rejects with a reason, x and Shift+A approve a selection', async () => {
    const db = e2e.server.db;
    const ids: string[] = [];
    // A second apart, so the queue shows them in this order: requests written within one millisecond wait
    // equally long and stand in the order of their (random) ids.
    for (let i = 0; i < 4; i++) {
      const createdAt = new Date(Date.now() - (4 - i) * 1000).toISOString();
      ids.push(await insertDeposit(db, member.id, { amount: String(10_000 + i), createdAt }));
    }
    const page = desk.aPage;
    await page.goto('/admin');
    await rowOf(page, ids[3]!).waitFor();
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.tagName === 'TR')) break;
    }
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-request-id'));
    // The oldest waits first: the four are the last rows; go to the first of them.
    while ((await focused()) !== ids[0]) await page.keyboard.press('j');
    await page.keyboard.press('a');
    await expect.poll(() => statusOf('deposits', ids[0]!)).toBe('approved');
    await expect.poll(focused).toBe(ids[1]);
    await page.keyboard.press('r');
    await page.keyboard.type('입금자명 불일치');
    await page.keyboard.press('Enter');
    await expect.poll(() => statusOf('deposits', ids[1]!)).toBe('rejected');
    await rowOf(page, ids[1]!).waitFor({ state: 'detached' });
    // The reason's dialog closed: the focus is on the request that followed the rejected one.
    await expect.poll(focused).toBe(ids[2]);
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.getByRole('button', { name: W.bulkButton(2) }).waitFor();
    await page.keyboard.press('Shift+A');
    await page.getByText(W.bulkSummary(2, 0, 0)).waitFor();
    expect([await statusOf('deposits', ids[2]!), await statusOf('deposits', ids[3]!)]).toEqual([
      'approved',
      'approved',
    ]);
  });

  it('selected by mouse, approved in one call: a large one becomes a proposal, the answer says which', async () => {
    const db = e2e.server.db;
    const small = await insertDeposit(db, member.id, { amount: '30000' });
    const big = await insertDeposit(db, member.id, { amount: '100000000' });
    const page = desk.aPage;
    await page.goto('/admin');
    for (const id of [small, big]) await rowOf(page, id).getByRole('checkbox').check();
    await page.getByRole('button', { name: W.bulkButton(2) }).click();
    await page.getByText(W.bulkSummary(1, 1, 0)).waitFor();
    expect(await statusOf('deposits', small)).toBe('approved');
    await rowOf(page, big).getByText(Q.awaitingSecond(desk.a.creds.username)).waitFor();
  });
});

describe('one code per sitting, what waits for me, the proposal named', () => {
  it('B confirms two proposals within a minute with one code; the header counts what waits for B', async () => {
    const first = await depositProposal(e2e.server, desk.a.client);
    const second = await depositProposal(e2e.server, desk.a.client);
    await desk.a.client.call('PUT', '/api/admin/receiving-account', {
      bank_name: '우리은행',
      account_number: '1005-123-456789',
      account_holder: '(주)월렛',
    });
    const page = desk.bPage;
    await page.goto('/admin?tab=proposals');
    const waiting = page.getByTestId('waiting-for-me');
    await expect.poll(() => waiting.textContent()).toMatch(/확인 [3-9]건/);
    // The receiving account's proposal names the service's account, not a member.
    const account = page.locator('.adm-proposal', { hasText: P.kinds['receiving_account.set']! });
    await account.getByText(W.serviceAccount).waitFor();
    for (const [i, p] of [first, second].entries()) {
      const card = page.locator(`[data-proposal-id="${p.id}"]`);
      await card.getByRole('button', { name: P.confirm }).click();
      const dialog = page.getByRole('dialog');
      if (i === 0) await dialog.getByLabel(P.otpLabel).fill(await loginCode(desk.b.creds));
      else
        await dialog
          .getByTestId('step-up-note')
          .getByText(/까지 열려 있어요/)
          .waitFor();
      await dialog.getByRole('button', { name: P.confirm }).click();
      await page.getByText(P.applied).waitFor();
      await expect.poll(() => statusOf('deposits', p.deposit)).toBe('approved');
    }
    // One code for both: the second confirmation used the window the first one's code opened.
    const steps = await e2e.server.db.query<{ step_up: { id: string; by: string } }>(
      `SELECT after -> 'step_up' AS step_up FROM audit_log
        WHERE action = 'proposal.confirm' AND target_id = ANY($1) ORDER BY created_at`,
      [[first.id, second.id]],
    );
    expect(steps.map((s) => s.step_up.by)).toEqual(['code', 'window']);
    expect(steps[1]!.step_up.id).toBe(steps[0]!.step_up.id);
  });
});

describe('Korean everywhere, settings apart', () => {
  it('the audit tab shows no ISO time and no snake_case key; its date filters are written the Korean way', async () => {
    const page = desk.aPage;
    await page.goto('/admin?tab=audit');
    await page.locator('.adm-audit tbody tr').first().waitFor();
    // The entries this file's work wrote: decisions, a bulk approval, proposals confirmed inside one window.
    const text = await page.locator('.adm-audit').innerText();
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}/);
    expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    expect(text).not.toContain(MSG.deskRecords.change.other);
    // Each entry is a sentence of the desk, at a Korean time written 2026.12.01 20:16.
    const sentences = await page.locator('.adm-audit-sentence').allInnerTexts();
    expect(sentences.length).toBeGreaterThan(3);
    for (const s of sentences) expect(s).toMatch(/^\S.* [^ ]+습니다\.$/);
    await page
      .getByText(
        `${desk.a.creds.username} 관리자가 ${member.creds.username} 회원의 가상자산 출금 12 USDT를 승인했습니다.`,
      )
      .first()
      .waitFor();
    await page
      .getByText(
        new RegExp(
          `^${desk.b.creds.username} 관리자가 ${desk.a.creds.username} 관리자의 .* 제안을 열린 확인 창에서 확인했습니다\\.$`,
        ),
      )
      .first()
      .waitFor();
    const times = await page.locator('.adm-audit tbody tr td:first-child').allInnerTexts();
    for (const t of times) expect(t).toMatch(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/);
    const from = page.getByLabel(MSG.deskRecords.filters.from);
    expect(await from.getAttribute('placeholder')).toBe(W.dayPlaceholder);
    await from.fill('2026-12-01');
    await from.blur();
    expect(await from.inputValue()).toBe('2026. 12. 01.');
  });

  it('설정 holds the notices, the receiving account, the administrators and the limits; 회원 관리 only members', async () => {
    const page = desk.aPage;
    await page.goto('/admin?tab=settings');
    const admins = page.getByTestId('admin-row');
    await admins.filter({ hasText: desk.b.creds.username }).waitFor();
    await page.getByRole('heading', { name: W.settings.limits }).waitFor();
    await page.getByRole('heading', { name: MSG.admin.notices.title }).waitFor();
    await page.goto('/admin?tab=members');
    await page.getByText(member.creds.username).first().waitFor();
    expect(await page.locator('.adm-layout').getByText(desk.b.creds.username).count()).toBe(0);
  });
});
