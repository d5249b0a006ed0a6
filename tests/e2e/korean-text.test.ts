import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { memberClient } from '../support/client';
import { type Showcase, showcaseOn } from '../support/showcase';
import { LOGGED_OUT_SCREENS, MEMBER_SCREENS, openScreen, type Screen, toSecondStep } from './screens';
import { fileE2E, signIn } from './support';

/**
 * No English left on the member screens: every visible text, placeholder, aria-label, title and alt
 * text of every screen (and its error, edit and toast states) is Korean, apart from what a Korean
 * finance app shows in Latin letters as well.
 */

/** Currency codes, network names and the few words SPEC itself keeps in Latin letters. */
const ALLOWED_WORDS = new Set([
  'KRW',
  'ETH',
  'XRP',
  'USDT',
  'BTC',
  'USD',
  'TRC20',
  'ERC20',
  'TXID', // SPEC: 'TXID 주소를 입력해주세요.'
  'ID', // SPEC: '받는 사람 ID를 입력해주세요.'
  'QR', // 입금 주소 QR 코드
  'IP', // 최근 로그인 활동: IP 주소
  // 최근 로그인 활동: browser and system names, written in Latin letters as Korean services show them.
  ...['Chrome', 'Safari', 'Edge', 'Firefox', 'Opera', 'curl'],
  ...['Android', 'iPhone', 'iPad', 'Windows', 'macOS', 'ChromeOS', 'Linux'],
  // OTP 인증 (decision 0150): Korean exchanges write OTP in Latin letters; the apps by their own names.
  ...['OTP', 'Google', 'Microsoft', 'Authenticator'],
]);
/** Whole strings that are examples, not words to translate. */
const ALLOWED_TEXT = ['example@email.com'];

const e2e = fileE2E();
let rich: Showcase;
let fresh: Awaited<ReturnType<typeof memberClient>>;

beforeAll(async () => {
  rich = await showcaseOn(e2e.server);
  fresh = await memberClient(e2e.server.url, { fullName: '박하늘' });
});

/** What a member reads or hears on the page: visible text and the text attributes of visible elements. */
function collectTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = [`title: ${document.title}`];
    // The text an element holds directly, its text nodes joined (an email split by <wbr> stays whole).
    const parents = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode())
      if (n.parentElement) parents.add(n.parentElement);
    for (const el of parents) {
      const text = [...el.childNodes]
        .filter((c) => c.nodeType === Node.TEXT_NODE)
        .map((c) => c.textContent)
        .join('')
        .trim();
      if (!text || el.closest('script, style')) continue;
      // An option is read when its select is visible; .sr-only text is read by screen readers.
      const select = el.closest('select');
      if (!(select ?? el).checkVisibility() && !el.closest('.sr-only')) continue;
      out.push(`text: ${text}`);
    }
    const attrs = ['placeholder', 'aria-label', 'aria-description', 'aria-roledescription', 'title', 'alt'];
    for (const el of document.querySelectorAll<Element>(attrs.map((a) => `[${a}]`).join(','))) {
      const visible = el instanceof HTMLElement ? el.checkVisibility() : true;
      if (!visible && !el.closest('[data-sonner-toaster]')) continue;
      for (const a of attrs) {
        const v = el.getAttribute(a)?.trim();
        if (v) out.push(`${a}: ${v}`);
      }
    }
    // A page's title inside an SVG (e.g. the QR code's name).
    for (const t of document.querySelectorAll('svg title')) out.push(`svg title: ${t.textContent}`);
    return out;
  });
}

/** The texts with a Latin word that is not allowed (typed values of the test removed first). */
function untranslated(texts: string[], typed: string[]): string[] {
  const remove = [...typed, ...ALLOWED_TEXT].filter(Boolean).sort((a, b) => b.length - a.length);
  return texts.filter((t) => {
    let rest = t.replace(/^[a-z -]+: /, '');
    for (const r of remove) rest = rest.replaceAll(r, ' ');
    // A shortened address (its head … its tail, e.g. a registered withdrawal address) is data, not words.
    rest = rest.replace(/[0-9A-Za-z]{4,}…[0-9A-Za-z]{4,}/g, ' ');
    // Words of two letters or more (with their digits: TRC20); numbers and single letters (T…, 0x…) pass.
    return (rest.match(/[A-Za-z][A-Za-z0-9]+/g) ?? []).some((w) => !ALLOWED_WORDS.has(w));
  });
}

async function expectKorean(page: Page, where: string, typed: string[]) {
  const texts = await collectTexts(page);
  expect(texts.length, `texts on ${where}`).toBeGreaterThan(1);
  expect(untranslated(texts, typed), `English on ${where}`).toEqual([]);
}

describe('the filter itself', () => {
  it('flags English words and lets currency codes, typed values and numbers through', () => {
    expect(
      untranslated(
        [
          'text: Notifications alt+T',
          'aria-label: Close toast',
          'text: 1,234.5678 USDT',
          'text: 받는 사람 ID',
          'text: TRC20 네트워크',
          'text: hong_gildong',
          'placeholder: Enter amount',
          'text: MIN 10,000 KRW',
        ],
        ['hong_gildong'],
      ),
    ).toEqual([
      'text: Notifications alt+T',
      'aria-label: Close toast',
      'placeholder: Enter amount',
      'text: MIN 10,000 KRW',
    ]);
  });

  it('finds English in text, options, placeholders, labels and titles on a real page', async () => {
    const { page, context } = await e2e.newPage();
    await openScreen(page, { name: '/login', path: '/login' });
    expect(untranslated(await collectTexts(page), [])).toEqual([]);
    await page.evaluate(() => {
      document
        .querySelector('main')!
        .insertAdjacentHTML(
          'beforeend',
          '<p>Welcome <b>back</b></p><select><option>Select</option></select>' +
            '<input placeholder="Amount"><button aria-label="Close"></button><span title="Info">i</span>' +
            '<p>minji@<wbr>example.com</p>',
        );
    });
    expect(untranslated(await collectTexts(page), ['minji@example.com'])).toEqual([
      'text: Welcome',
      'text: back',
      'text: Select',
      'placeholder: Amount',
      'aria-label: Close',
      'title: Info',
    ]);
    await context.close();
  });
});

describe('every member screen is in Korean', () => {
  let visitor: { page: Page; context: BrowserContext };
  let member: { page: Page; context: BrowserContext };
  let newcomer: { page: Page; context: BrowserContext };
  const typedBy = () => [
    rich.member.username,
    rich.member.email,
    rich.depositAddress,
    fresh.creds.username,
    fresh.creds.email,
    'nobody_here',
    'not-an-email',
    'T123',
    'someone_else',
  ];

  beforeAll(async () => {
    visitor = await e2e.newPage();
    member = await e2e.newPage();
    newcomer = await e2e.newPage();
    await signIn(member.page, rich.member);
    await signIn(newcomer.page, fresh.creds);
  });
  afterAll(async () => {
    for (const s of [visitor, member, newcomer]) await s?.context.close();
  });

  // Notices are the administrators' words, not the app's (other tests on a shared database publish some).
  const notices = async () => {
    const r = await rich.client.get<{ items: { title: string; body: string }[] }>('/api/notices?limit=50');
    return r.body.data?.items.flatMap((n) => [n.title, n.body]) ?? [];
  };
  const check = async (page: Page, screen: Screen, who: string) => {
    await openScreen(page, screen);
    await expectKorean(page, `${screen.name} (${who})`, [...typedBy(), ...(await notices())]);
  };

  for (const screen of LOGGED_OUT_SCREENS) {
    it(`${screen.name} (visitor)`, () => check(visitor.page, screen, 'visitor'));
  }
  it('/second-factor and its error (visitor)', async () => {
    const { page } = visitor;
    await toSecondStep(page, rich.member);
    await expectKorean(page, '/second-factor', typedBy());
    await page.getByLabel(MSG.secondFactor.label).fill('000000');
    await page.getByRole('button', { name: MSG.secondFactor.submit }).click();
    await page.getByText(MSG.secondFactor.mismatch).first().waitFor();
    await expectKorean(page, '/second-factor with its error', typedBy());
  });
  for (const screen of MEMBER_SCREENS) {
    it(`${screen.name} (member)`, () => check(member.page, screen, 'member'));
  }
  for (const screen of MEMBER_SCREENS.filter((s) => !s.act)) {
    it(`${screen.name} (new member)`, () => check(newcomer.page, screen, 'new member'));
  }
});
