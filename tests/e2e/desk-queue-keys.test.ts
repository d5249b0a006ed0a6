import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { insertDeposit } from '../support/admin-fixtures';
import { adminClient, memberClient } from '../support/client';
import { type E2E, signIn, startE2E } from './support';

// The desk queue without a mouse: j/k move a visible focus, Enter opens the drawer, a approves, r asks for
// a reason and rejects.
const Q = MSG.deskQueue;

let e2e: E2E;
let desk: { page: Page; context: BrowserContext };
let member: Awaited<ReturnType<typeof memberClient>>;
let ids: string[];

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const statusOf = async (id: string) =>
  (await e2e.server.db.query<{ status: string }>(`SELECT status FROM deposits WHERE id = $1`, [id]))[0]
    ?.status;

beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.db;
  const admin = await adminClient(e2e.server.url, db);
  member = await memberClient(e2e.server.url, { fullName: '이키보' });
  // Oldest first (the queue's default order): ids[0] waited longest.
  ids = [
    await insertDeposit(db, member.id, { amount: '11000', createdAt: hoursAgo(3) }),
    await insertDeposit(db, member.id, { amount: '22000', createdAt: hoursAgo(2) }),
    await insertDeposit(db, member.id, { amount: '33000', createdAt: hoursAgo(1) }),
  ];
  desk = await e2e.newPage({ width: 1280, height: 900 });
  await signIn(desk.page, admin.creds);
});
afterAll(async () => {
  await desk?.context.close();
  await e2e?.close();
});

const row = (id: string) => desk.page.locator(`.dq-table tr[data-request-id="${id}"]`);
const focusedId = () => desk.page.evaluate(() => document.activeElement?.getAttribute('data-request-id'));

describe('the desk queue by keyboard', () => {
  it('moves with j/k and arrows, opens the drawer with Enter, rejects with r and a reason, approves with a', async () => {
    const page = desk.page;
    await page.goto('/admin');
    await row(ids[0]!).waitFor();
    await row(ids[0]!).focus();
    expect(await focusedId()).toBe(ids[0]);

    await page.keyboard.press('j');
    expect(await focusedId()).toBe(ids[1]);
    expect(await row(ids[1]!).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await focusedId()).toBe(ids[2]);
    await page.keyboard.press('k');
    expect(await focusedId()).toBe(ids[1]);

    // Enter: the drawer of the focused row, with the member's balances and recent requests.
    await page.keyboard.press('Enter');
    const drawer = page.locator(`.dq-drawer[data-request-id="${ids[1]}"]`);
    await drawer.getByRole('heading', { name: Q.drawer.balances }).waitFor();
    await drawer.getByRole('heading', { name: Q.drawer.recentRequests }).waitFor();
    expect(await drawer.textContent()).toContain(member.creds.username);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });

    // r: the reason dialog; an empty reason is refused on the spot and nothing changes.
    await row(ids[1]!).focus();
    await page.keyboard.press('r');
    const dialog = page.getByRole('dialog', { name: Q.rejectTitle(Q.types.deposit!) });
    await dialog.getByRole('button', { name: Q.reject }).click();
    await dialog.getByText(Q.rejectReasonRequired).waitFor();
    expect(await statusOf(ids[1]!)).toBe('pending');
    await dialog.getByLabel(Q.reasonLabel).fill('입금자명이 회원과 다릅니다');
    await dialog.getByRole('button', { name: Q.reject }).click();
    await row(ids[1]!).waitFor({ state: 'detached' });
    expect(await statusOf(ids[1]!)).toBe('rejected');

    // a: a small won deposit is approved at once (below the two-person threshold).
    await row(ids[0]!).focus();
    await page.keyboard.press('a');
    await row(ids[0]!).waitFor({ state: 'detached' });
    expect(await statusOf(ids[0]!)).toBe('approved');
    expect(await statusOf(ids[2]!)).toBe('pending');
  });
});
