import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { adminClient } from '../support/client';
import { type Showcase, showcaseOn } from '../support/showcase';
import { expectNamedControls, expectNoSevereViolations, expectVisibleFocus } from './checks/a11y';
import { MEMBER_SCREENS, openScreen, SCREENS_ENV, settle } from './screens';
import { fileE2E, signIn } from './support';

/**
 * Accessibility beyond the per-screen walks (screens-visitor and screens-member run axe-core on every
 * screen): keyboard focus is visible and never hidden under the header or the bottom navigation on every
 * member screen, and the administrator page passes axe-core with its tabs and dialogs open, its dialogs
 * keeping focus inside and closing with Escape.
 */

const e2e = fileE2E(SCREENS_ENV);
let rich: Showcase;
let admin: Awaited<ReturnType<typeof adminClient>>;

beforeAll(async () => {
  admin = await adminClient(e2e.server.url, e2e.server.db);
  rich = await showcaseOn(e2e.server, admin.client);
});

/** One browser page for a describe block, logged in (or not) once. */
function sharedPage(login?: () => { username: string; password: string; pin: string }) {
  const state = {} as { page: Page; context: BrowserContext };
  beforeAll(async () => {
    Object.assign(state, await e2e.newPage());
    if (login) await signIn(state.page, login());
  });
  afterAll(async () => {
    await state.context?.close();
  });
  return state;
}

describe('keyboard focus is visible and never hidden under the header or the navigation', () => {
  const s = sharedPage(() => rich.member);
  for (const screen of MEMBER_SCREENS.filter((x) => !x.act)) {
    it(screen.name, async () => {
      await openScreen(s.page, screen);
      await expectVisibleFocus(s.page, screen.name);
    });
  }
  it('/login and /registration', async () => {
    const { page, context } = await e2e.newPage();
    for (const path of ['/login', '/registration']) {
      await openScreen(page, { name: path, path });
      await expectVisibleFocus(page, path);
    }
    await context.close();
  });
});

describe('accessibility of the administrator page (axe-core, 1280 px)', () => {
  const A = MSG.admin;
  let page: Page;
  let context: BrowserContext;

  beforeAll(async () => {
    ({ page, context } = await e2e.newPage({ width: 1280, height: 900 }));
    await signIn(page, admin.creds);
    await page.goto('/admin?tab=members');
    await settle(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  const region = (name: string) => page.getByRole('region', { name, exact: true });
  /** The member detail's tabs (정보 / 자산 / 요청 / 보안 / 기록). */
  const T = MSG.deskRecords.tabs;
  const openTab = (name: string) => page.getByRole('tab', { name, exact: true }).click();
  const focusInside = (dialogName: string) =>
    page
      .getByRole('dialog', { name: dialogName })
      .evaluate((d) => d.contains(document.activeElement) && document.activeElement !== d);

  it('the member list, a member in detail, the request tabs and the audit log', async () => {
    await expectNoSevereViolations(page, '/admin');
    await expectNamedControls(page, '/admin');
    await page.getByLabel(A.list.search).fill(rich.member.username.slice(2, 12));
    await page.locator('.adm-member-pick', { hasText: rich.member.username }).click();
    await region(A.info.title).getByText(rich.member.username, { exact: true }).waitFor();
    await settle(page);
    await expectNoSevereViolations(page, '/admin, member detail');
    await expectNamedControls(page, '/admin, member detail');
    for (const name of [T.assets, T.security, T.records]) {
      await openTab(name);
      await settle(page);
      await expectNoSevereViolations(page, `/admin, member detail: ${name}`);
      await expectNamedControls(page, `/admin, member detail: ${name}`);
    }
    await openTab(T.requests);
    const requests = region(A.requests.title);
    for (const tab of [A.requests.deposits, A.requests.withdrawals]) {
      await requests.getByRole('tab', { name: tab }).click();
      await settle(page);
      await expectNoSevereViolations(page, `/admin, requests: ${tab}`);
    }
    await page.getByRole('tab', { name: A.tabAudit }).click();
    await settle(page);
    await expectNoSevereViolations(page, '/admin, audit log');
    await expectNamedControls(page, '/admin, audit log');
    await page.getByRole('tab', { name: A.tabMembers }).click();
    await openTab(T.info);
    await region(A.info.title).waitFor();
  });

  it('the lock dialog: named, focus stays inside both ways, Escape closes it and focus returns', async () => {
    await openTab(T.assets);
    const opener = region(A.locks.title).getByRole('button', { name: A.locks.add });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: A.locks.addTitle });
    await dialog.waitFor();
    await expectNoSevereViolations(page, 'lock dialog');
    await expectNamedControls(page, 'lock dialog');
    expect(await focusInside(A.locks.addTitle)).toBe(true);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside(A.locks.addTitle), `Tab #${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInside(A.locks.addTitle), `Shift+Tab #${i + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('the delete confirmation: focus starts on cancel, stays inside, Escape cancels', async () => {
    await openTab(T.info);
    const opener = region(A.info.title).getByRole('button', { name: A.info.deleteMember });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: A.info.deleteTitle });
    await dialog.waitFor();
    await expectNoSevereViolations(page, 'delete confirmation');
    expect(
      await dialog.getByRole('button', { name: A.cancel }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInside(A.info.deleteTitle), `Tab #${i + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    // Cancelled: the member is still there.
    await region(A.info.title).getByText(rich.member.username, { exact: true }).waitFor();
  });

  it('keyboard focus is visible on the administrator page', async () => {
    await expectVisibleFocus(page, '/admin', 60);
  });
});
