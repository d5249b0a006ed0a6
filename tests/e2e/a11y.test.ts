import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { adminClient, memberClient } from '../support/client';
import { type FakePriceProvider, startFakePriceProvider } from '../support/fake-price-provider';
import { type Showcase, showcaseOn } from '../support/showcase';
import { LOGGED_OUT_SCREENS, MEMBER_SCREENS, openScreen, type Screen, settle, toSecondStep } from './screens';
import { type E2E, signIn, startE2E } from './support';

/**
 * WCAG 2.2 AA in the browser: axe-core on every screen of SPEC §2 (no serious or critical violation),
 * as a visitor, a member on the second step, a member with everything to show, a new member with
 * nothing yet, and an administrator with the page's dialogs open. Beside axe: every control has a
 * name, keyboard focus is visible and never hidden under the header or the bottom navigation, and the
 * administrator's dialogs keep focus inside and close with Escape.
 */

let e2e: E2E;
let fake: FakePriceProvider;
let rich: Showcase;
let fresh: Awaited<ReturnType<typeof memberClient>>;
let admin: Awaited<ReturnType<typeof adminClient>>;

beforeAll(async () => {
  // Live prices from a fake provider, so the home screen shows its green badge (the yellow one is seen
  // by the layout and language suites, which run without a provider).
  fake = await startFakePriceProvider({ eth: '3100.25', xrp: '0.61', krw: '1380' });
  e2e = await startE2E({
    PRICE_REFRESH: 'true',
    PRICE_FEED_URL: fake.tickerUrl,
    FX_FEED_URL: fake.fxUrl,
    PRICE_REFRESH_MS: '1000',
  });
  admin = await adminClient(e2e.server.url, e2e.server.db);
  rich = await showcaseOn(e2e.server, admin.client);
  fresh = await memberClient(e2e.server.url, { fullName: '이새봄' });
});
afterAll(async () => {
  await e2e?.close();
  await fake?.close();
});

const SEVERE = new Set(['serious', 'critical']);

async function expectNoSevereViolations(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).analyze();
  const severe = result.violations
    .filter((v) => SEVERE.has(v.impact ?? ''))
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(severe, `axe on ${where}`).toEqual([]);
}

/** Every visible form control has a label and every button or link a name (icon buttons included). */
async function expectNamedControls(page: Page, where: string) {
  const unnamed = await page.evaluate(() => {
    const text = (el: Element | null) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    const byIds = (ids: string | null) =>
      (ids ?? '')
        .split(/\s+/)
        .map((id) => text(document.getElementById(id)))
        .join(' ')
        .trim();
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      'input:not([type=hidden]), select, textarea, button, a[href], [role=button], [role=tab]',
    )) {
      if (!el.checkVisibility()) continue;
      const aria = el.getAttribute('aria-label')?.trim() || byIds(el.getAttribute('aria-labelledby'));
      let name = aria;
      if (!name && 'labels' in el && (el as HTMLInputElement).labels) {
        name = [...((el as HTMLInputElement).labels ?? [])].map(text).join(' ').trim();
      }
      if (!name && !['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)) {
        name =
          text(el) ||
          el.getAttribute('title') ||
          [...el.querySelectorAll('img[alt], svg title')]
            .map((i) => i.getAttribute('alt') ?? text(i))
            .join(' ')
            .trim();
      }
      if (!name) out.push(el.outerHTML.slice(0, 120));
    }
    return out;
  });
  expect(unnamed, `unnamed controls on ${where}`).toEqual([]);
}

/**
 * Tabs through the screen: every element that takes keyboard focus shows a clear focus indicator
 * (an outline of 2 px or more, or a box shadow) and is not covered by the sticky header or the fixed
 * bottom navigation (WCAG 2.4.7, 2.4.11).
 */
async function expectVisibleFocus(page: Page, where: string, maxStops = 40) {
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  const problems: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press('Tab');
    const r = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const s = getComputedStyle(el);
      const outlined = s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) >= 2;
      const shadowed = s.boxShadow !== 'none';
      const box = el.getBoundingClientRect();
      const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1);
      const y = Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1);
      const top = document.elementFromPoint(x, y);
      const covered = !!top && !el.contains(top) && !top.contains(el) && !!top.closest('header, nav');
      const id = `${el.tagName}:${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 24)}`;
      const again = el.dataset.focusChecked === '1';
      el.dataset.focusChecked = '1';
      return {
        id,
        again,
        visible: outlined || shadowed,
        covered,
        inToaster: !!el.closest('[data-sonner-toaster]'),
      };
    });
    if (!r || r.inToaster) continue;
    if (r.again) break; // came round again
    seen.add(r.id);
    if (!r.visible) problems.push(`${r.id}: no focus indicator`);
    if (r.covered) problems.push(`${r.id}: hidden under the header or the bottom navigation`);
  }
  expect(seen.size, `something takes focus on ${where}`).toBeGreaterThan(0);
  expect(problems, `focus on ${where}`).toEqual([]);
}

async function checkScreen(page: Page, screen: Screen, who: string) {
  await openScreen(page, screen);
  const where = `${screen.name} (${who})`;
  await expectNoSevereViolations(page, where);
  await expectNamedControls(page, where);
}

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

describe('accessibility without a session (axe-core, 360 px)', () => {
  const s = sharedPage();
  for (const screen of LOGGED_OUT_SCREENS) {
    it(screen.name, () => checkScreen(s.page, screen, 'visitor'));
  }

  it('/second-factor, before and after a wrong second password', async () => {
    const { page } = s;
    await toSecondStep(page, rich.member);
    await expectNoSevereViolations(page, '/second-factor');
    await expectNamedControls(page, '/second-factor');
    await page.getByLabel(MSG.secondFactor.label).fill('000000');
    await page.getByRole('button', { name: MSG.secondFactor.submit }).click();
    await page.getByText(MSG.secondFactor.mismatch).first().waitFor();
    await expectNoSevereViolations(page, '/second-factor with its error');
  });
});

describe('accessibility of a member with balances, locks, an address, a bank account and history', () => {
  const s = sharedPage(() => rich.member);
  it('the home screen shows live prices (green badge)', async () => {
    await s.page.goto('/main');
    await s.page.getByText(MSG.home.liveBadge).waitFor({ timeout: 20_000 });
  });
  for (const screen of MEMBER_SCREENS) {
    it(screen.name, () => checkScreen(s.page, screen, 'member with everything'));
  }
});

describe('accessibility of a new member (empty states: no address, no account, no history)', () => {
  const s = sharedPage(() => fresh.creds);
  for (const screen of MEMBER_SCREENS.filter((x) => !x.act)) {
    it(screen.name, () => checkScreen(s.page, screen, 'new member'));
  }
});

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
