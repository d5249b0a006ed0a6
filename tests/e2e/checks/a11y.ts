import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** WCAG 2.2 AA checks of one page as it stands: axe-core, control names, visible keyboard focus. */

const SEVERE = ['serious', 'critical'];

/** axe-core's own script, put into a page as it is. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's `axe.run` in the page itself, the script put into each document once: a walk scans one
 * document many times (the app changes screens without loading a page), and the app has no frames to
 * scan. `@axe-core/playwright` put the 550 kB script in twice on every scan and sent back every rule that
 * passed: a scan of the sign-in page took 490 ms with it, 90 ms without.
 */
export async function expectNoSevereViolations(page: Page, where: string) {
  expect(await severeViolations(page), `axe on ${where}`).toEqual([]);
}

/** axe-core's serious and critical violations on the page as it stands, one line each. */
export async function severeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (levels) => {
    const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<AxeResults> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => levels.includes(v.impact ?? ''))
      .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  }, SEVERE);
}

/** Every visible form control has a label and every button or link a name (icon buttons included). */
export async function expectNamedControls(page: Page, where: string) {
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
export async function expectVisibleFocus(page: Page, where: string, maxStops = 40) {
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
