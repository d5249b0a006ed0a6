import type { Page } from 'playwright-core';
import { expectNamedControls, expectNoSevereViolations } from './a11y';
import { expectKorean, expectOneVoice } from './korean';
import { expectPhoneLayout } from './layout';

/** The phone widths SPEC names: the screen is opened at 360 px and looked at again at the other two. */
const OTHER_WIDTHS = [320, 480];
const HEIGHT = 780;

/** Resizes the window and waits until the page has laid itself out again. */
async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: HEIGHT });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Runs `check` with the page in `scheme`, once the colours have finished changing (a colour transition
 * measured halfway reads as a contrast failure), and puts the page back in light whatever happens, so one
 * failing screen does not leave the next ones dark.
 */
async function inScheme(page: Page, scheme: 'dark', check: () => Promise<void>) {
  await page.emulateMedia({ colorScheme: scheme });
  try {
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await check();
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  }
}

/**
 * Every check of a screen in the state it is in, from one visit: axe-core (no serious or critical
 * violation), named controls, Korean text and the phone layout at 360 px, then the layout at 320 and
 * 480 px on the same page, resized, so a screen reached by typing and tapping is reached once; then
 * axe-core again in dark mode at 360 px (the system's; my page's 다크 is the same palette, decision 0393),
 * whose contrast is its own. `typed` lists what the test itself typed (names, addresses), which the
 * language check lets through. `axeAtEveryWidth` runs axe-core at 320 and 480 px too: the member with
 * everything to show does, so every screen meets axe at the three widths with its fullest content.
 */
export async function checkScreenEverywhere(
  page: Page,
  where: string,
  typed: string[],
  { axeAtEveryWidth = false } = {},
) {
  await atWidth(page, 360);
  await expectNoSevereViolations(page, `${where} at 360 px`);
  await expectNamedControls(page, where);
  await expectKorean(page, where, typed);
  await expectOneVoice(page, where);
  await expectPhoneLayout(page, `${where} at 360 px`);
  for (const width of OTHER_WIDTHS) {
    await atWidth(page, width);
    await expectPhoneLayout(page, `${where} at ${width} px`);
    if (axeAtEveryWidth) await expectNoSevereViolations(page, `${where} at ${width} px`);
  }
  // Dark mode changes the colours only, and the colours are the same at every width: one scan at 360 px.
  await inScheme(page, 'dark', async () => {
    await atWidth(page, 360);
    await expectNoSevereViolations(page, `${where} at 360 px, dark`);
  });
  await atWidth(page, 360);
}
