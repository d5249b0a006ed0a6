import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Showcase, showcaseOn } from '../support/showcase';
import { LOGGED_OUT_SCREENS, MEMBER_SCREENS, openScreen, toSecondStep } from './screens';
import { fileE2E, signIn } from './support';

/**
 * SPEC's phone layout: every member screen from 320 to 480 px wide without horizontal scrolling, with
 * touch targets of at least 44 × 44 px; above the 480 px breakpoint the frame is centred.
 */

/** Links inside running text are not touch targets of their own (WCAG 2.5.8's inline exception). */
const INLINE_TEXT_LINKS = 'p a[href], li a[href]';
const MIN_TARGET = 44;
const WIDTHS = [320, 360, 480];

const e2e = fileE2E();
let rich: Showcase;

beforeAll(async () => {
  rich = await showcaseOn(e2e.server);
});

/** The page's horizontal overflow and, to explain it, the elements that stick out on the right. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const sticking = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el.checkVisibility() && el.getBoundingClientRect().right > doc.clientWidth + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className} right=${Math.round(el.getBoundingClientRect().right)}`);
    return { scrollWidth: doc.scrollWidth, clientWidth: doc.clientWidth, sticking };
  });
}

/** Visible touch targets smaller than 44 × 44 px (a checkbox counts by its clickable label). */
async function smallTargets(page: Page) {
  return page.evaluate(
    ({ inline, min }) => {
      const out: string[] = [];
      const targets = document.querySelectorAll<HTMLElement>(
        'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=link]',
      );
      for (const el of targets) {
        if (!el.checkVisibility() || el.matches(inline)) continue;
        const box =
          el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')
            ? (el.closest('label') ?? el)
            : el;
        const r = box.getBoundingClientRect();
        if (r.width + 0.5 < min || r.height + 0.5 < min) {
          const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
          out.push(`${el.tagName} "${name}" ${Math.round(r.width)}×${Math.round(r.height)}`);
        }
      }
      return out;
    },
    { inline: INLINE_TEXT_LINKS, min: MIN_TARGET },
  );
}

async function expectPhoneLayout(page: Page, where: string) {
  const o = await overflow(page);
  expect(o.scrollWidth, `horizontal scroll on ${where}: ${o.sticking.join(', ')}`).toBeLessThanOrEqual(
    o.clientWidth,
  );
  expect(await smallTargets(page), `touch targets under ${MIN_TARGET} px on ${where}`).toEqual([]);
}

describe('the checks themselves', () => {
  it('catch a small button, a small link and a too-wide element, and let an inline text link pass', async () => {
    const { page, context } = await e2e.newPage({ width: 320 });
    await openScreen(page, { name: '/login', path: '/login' });
    expect(await smallTargets(page)).toEqual([]);
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      main.insertAdjacentHTML(
        'beforeend',
        '<button style="width:30px;height:30px">x</button><a href="/main" style="display:inline-block">y</a>' +
          '<p>본문 속 <a href="/main">링크</a></p><div style="width:400px;height:1px"></div>',
      );
    });
    const small = await smallTargets(page);
    expect(small).toHaveLength(2);
    expect(small[0]).toMatch(/^BUTTON "x" 30×30$/);
    expect(small[1]).toMatch(/^A "y"/);
    const o = await overflow(page);
    expect(o.scrollWidth).toBeGreaterThan(o.clientWidth);
    await context.close();
  });
});

for (const width of WIDTHS) {
  describe(`member screens at ${width} px`, () => {
    let visitor: { page: Page; context: BrowserContext };
    let member: { page: Page; context: BrowserContext };
    beforeAll(async () => {
      visitor = await e2e.newPage({ width, height: 740 });
      member = await e2e.newPage({ width, height: 740 });
      await signIn(member.page, rich.member);
    });
    afterAll(async () => {
      await visitor?.context.close();
      await member?.context.close();
    });

    for (const screen of LOGGED_OUT_SCREENS) {
      it(screen.name, async () => {
        await openScreen(visitor.page, screen);
        await expectPhoneLayout(visitor.page, `${screen.name} at ${width} px`);
      });
    }
    it('/second-factor', async () => {
      await toSecondStep(visitor.page, rich.member);
      await expectPhoneLayout(visitor.page, `/second-factor at ${width} px`);
    });
    for (const screen of MEMBER_SCREENS) {
      it(screen.name, async () => {
        await openScreen(member.page, screen);
        await expectPhoneLayout(member.page, `${screen.name} at ${width} px`);
      });
    }
  });
}

describe('above the 480 px breakpoint', () => {
  it('the frame, its header and the bottom navigation are 480 px wide and centred (800 px window)', async () => {
    const { page, context } = await e2e.newPage({ width: 800, height: 800 });
    await signIn(page, rich.member);
    for (const path of ['/main', '/assets/withdraw', '/login']) {
      if (path === '/login') await context.clearCookies();
      await openScreen(page, { name: path, path });
      const boxes = await page.evaluate(() =>
        ['.frame', '.app-header', '.bottom-nav'].map((sel) => {
          const el = document.querySelector(sel);
          if (!el) return null;
          const r = el.getBoundingClientRect();
          return { sel, left: r.left, width: r.width, right: innerWidth - r.right };
        }),
      );
      for (const b of boxes) {
        if (!b) continue; // no bottom navigation without a session
        expect(b.width, `${b.sel} on ${path}`).toBe(480);
        expect(Math.abs(b.left - b.right), `${b.sel} centred on ${path}`).toBeLessThanOrEqual(1);
      }
      expect(boxes[0], `the frame on ${path}`).not.toBeNull();
      const o = await overflow(page);
      expect(o.scrollWidth).toBeLessThanOrEqual(o.clientWidth);
    }
    await context.close();
  });
});
