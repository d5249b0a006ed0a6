import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * SPEC's phone layout: no horizontal scrolling and touch targets of at least 44 × 44 px.
 */

/** Links inside running text are not touch targets of their own (WCAG 2.5.8's inline exception). */
const INLINE_TEXT_LINKS = 'p a[href], li a[href]';
export const MIN_TARGET = 44;
export const WIDTHS = [320, 360, 480];

/** The page's horizontal overflow and, to explain it, the elements that stick out on the right. */
export async function overflow(page: Page) {
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
export async function smallTargets(page: Page) {
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

export async function expectPhoneLayout(page: Page, where: string) {
  const o = await overflow(page);
  expect(o.scrollWidth, `horizontal scroll on ${where}: ${o.sticking.join(', ')}`).toBeLessThanOrEqual(
    o.clientWidth,
  );
  expect(await smallTargets(page), `touch targets under ${MIN_TARGET} px on ${where}`).toEqual([]);
}
