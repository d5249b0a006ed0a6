import { beforeAll, describe, expect, it } from 'vitest';
import { type Showcase, showcaseOn } from '../support/showcase';
import { severeViolations } from './checks/a11y';
import { collectTexts, offVoice, untranslated } from './checks/korean';
import { overflow, smallTargets } from './checks/layout';
import { openScreen } from './screens';
import { fileE2E, signIn } from './support';

/**
 * The screen checks themselves (they must catch what they look for, or the screen walks prove nothing),
 * and the frame above SPEC's 480 px breakpoint.
 */

const e2e = fileE2E();
let rich: Showcase;

beforeAll(async () => {
  rich = await showcaseOn(e2e.server);
});

describe('the checks themselves', () => {
  it('axe-core catches a nameless button and faint text, in a page loaded again too', async () => {
    const { page, context } = await e2e.newPage();
    for (const path of ['/login', '/signup']) {
      await openScreen(page, { name: path, path });
      expect(await severeViolations(page)).toEqual([]);
      await page.evaluate(() =>
        document
          .querySelector('main')!
          .insertAdjacentHTML(
            'beforeend',
            '<button></button><p style="color:#eee;background:#fff">흐린 글씨</p>',
          ),
      );
      const found = (await severeViolations(page)).join('\n');
      expect(found).toMatch(/^critical button-name/m);
      expect(found).toMatch(/^serious color-contrast/m);
    }
    await context.close();
  });

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
            '<p>minji@<wbr>example.com</p><p translate="no">TQ2Ee7hXbq8DzVfWallet</p>',
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

describe('the one-voice rule', () => {
  it('flags KRW beside a number and …하세요, and lets 원 and 입력해 주세요. through', () => {
    expect(
      offVoice([
        'text: 최소 10,000 KRW',
        'text: KRW 5,000',
        'text: 2차 비밀번호를 입력하세요.',
        'placeholder: 메모를 입력하세요',
        'text: 최소 10,000원',
        'text: 입금 금액 (원)',
        'text: 자산: KRW, ETH',
        'aria-label: 자산 구성 비율: KRW 18%, ETH 37%',
        'text: 2차 비밀번호를 입력해 주세요.',
      ]),
    ).toEqual([
      'text: 최소 10,000 KRW',
      'text: KRW 5,000',
      'text: 2차 비밀번호를 입력하세요.',
      'placeholder: 메모를 입력하세요',
    ]);
  });
});

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
