import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { memberClient } from '../support/client';
import { type Showcase, showcaseOn } from '../support/showcase';
import { checkScreenEverywhere } from './checks/walk';
import { LOGGED_OUT_SCREENS, MEMBER_SCREENS, openScreen, SCREENS_ENV, toSecondStep } from './screens';
import { expectFailure, fileE2E, signIn } from './support';

/**
 * Every screen without a session, the second sign-in step, and every screen of a new member (empty
 * states: no address, no account, no history), each checked once for accessibility, language and phone
 * layout at 320, 360 and 480 px (checks/walk.ts). No price feed: the home screen shows the sample prices
 * with their yellow badge. The member with everything to show is walked in screens-member.test.ts.
 */

const e2e = fileE2E(SCREENS_ENV);
let rich: Showcase;
let fresh: Awaited<ReturnType<typeof memberClient>>;

beforeAll(async () => {
  rich = await showcaseOn(e2e.server);
  fresh = await memberClient(e2e.server.url, { fullName: '박하늘' });
});

const typed = () => [
  rich.member.username,
  fresh.creds.username,
  fresh.creds.email,
  'nobody_here',
  'not-an-email',
  SCREENS_ENV.XRP_DEPOSIT_ADDRESS,
];

describe('without a session', () => {
  let s: { page: Page; context: BrowserContext };
  beforeAll(async () => {
    s = await e2e.newPage();
  });
  afterAll(async () => {
    await s?.context.close();
  });

  for (const screen of LOGGED_OUT_SCREENS) {
    it(screen.name, async () => {
      await openScreen(s.page, screen);
      await checkScreenEverywhere(s.page, `${screen.name} (visitor)`, typed());
    });
  }

  it('/second-factor, before and after a wrong second password', async () => {
    const { page } = s;
    await toSecondStep(page, rich.member);
    await checkScreenEverywhere(page, '/second-factor', typed());
    expectFailure(page, /^response: POST \/api\/auth\/second-factor → 401$/);
    await page.getByLabel(MSG.secondFactor.label).fill('000000');
    await page.getByRole('button', { name: MSG.secondFactor.submit }).click();
    await page.getByText(MSG.secondFactor.mismatch).first().waitFor();
    await checkScreenEverywhere(page, '/second-factor with its error', typed());
  });
});

describe('a new member with nothing yet', () => {
  let s: { page: Page; context: BrowserContext };
  beforeAll(async () => {
    s = await e2e.newPage();
    await signIn(s.page, fresh.creds);
  });
  afterAll(async () => {
    await s?.context.close();
  });

  for (const screen of MEMBER_SCREENS.filter((x) => !x.act)) {
    it(screen.name, async () => {
      await openScreen(s.page, screen);
      await checkScreenEverywhere(s.page, `${screen.name} (new member)`, typed());
    });
  }
});
