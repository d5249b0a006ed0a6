import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { MSG } from '../../../src/shared/messages';
import { memberClient } from '../../support/client';
import { type FakePriceProvider, startFakePriceProvider } from '../../support/fake-price-provider';
import { type Showcase, showcaseOn } from '../../support/showcase';
import { openScreen, SCREENS_ENV, type Screen } from '../screens';
import { type E2E, signIn, startE2E } from '../support';
import { checkScreenEverywhere } from './walk';

/**
 * The walk of a member with balances, locks, an address, a bank account and history through `screens`,
 * each state checked once for accessibility (axe-core at each width, light and dark), language and phone
 * layout at 320, 360 and 480 px (walk.ts). Live prices come from a fake provider, so the home screen
 * shows its green badge. The member screens are walked in two files, so the two browser workers share
 * the longest walk instead of one waiting for the other.
 */
export function memberWalk(screens: Screen[]) {
  let e2e: E2E;
  let fake: FakePriceProvider;
  let rich: Showcase;
  let s: { page: Page; context: BrowserContext };

  beforeAll(async () => {
    fake = await startFakePriceProvider({ eth: '3100.25', xrp: '0.61', krw: '1380' });
    e2e = await startE2E({
      ...SCREENS_ENV,
      PRICE_REFRESH: 'true',
      PRICE_FEED_URL: fake.tickerUrl,
      FX_FEED_URL: fake.fxUrl,
      PRICE_REFRESH_MS: '1000',
    });
    rich = await showcaseOn(e2e.server);
    // The member the walk's transfer goes to: the amount step's check asks the server about them.
    await memberClient(e2e.server.url, { username: 'someone_else' });
    s = await e2e.newPage();
    await signIn(s.page, rich.member);
  });
  afterAll(async () => {
    await s?.context.close();
    await e2e?.close();
    await fake?.close();
  });

  /** What the walk itself types, and the notices, which are the administrators' words, not the app's. */
  async function typed() {
    const r = await rich.client.get<{ items: { title: string; body: string }[] }>('/api/notices?limit=50');
    const notices = r.body.data?.items.flatMap((n) => [n.title, n.body]) ?? [];
    return [
      rich.member.username,
      rich.member.email,
      rich.depositAddress,
      SCREENS_ENV.XRP_DEPOSIT_ADDRESS,
      'T123',
      'someone_else',
      ...notices,
    ];
  }

  describe('a member with everything to show', () => {
    it('the home screen shows live prices (green badge)', async () => {
      await s.page.goto('/main');
      await s.page.getByText(MSG.home.liveBadge).waitFor({ timeout: 20_000 });
    });
    for (const screen of screens) {
      it(screen.name, async () => {
        await openScreen(s.page, screen);
        await checkScreenEverywhere(s.page, `${screen.name} (member)`, await typed(), {
          axeAtEveryWidth: true,
        });
      });
    }
  });
}
