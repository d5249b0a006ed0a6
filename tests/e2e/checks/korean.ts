import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * No English left on a screen: every visible text, placeholder, aria-label, title and alt text is Korean,
 * apart from what a Korean finance app shows in Latin letters as well.
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

/** What a member reads or hears on the page: visible text and the text attributes of visible elements. */
export function collectTexts(page: Page): Promise<string[]> {
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
      // Data shown as it is (an address, a TXID, a one-time-code secret) is marked translate="no".
      if (!text || el.closest('script, style, [translate="no"]')) continue;
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
export function untranslated(texts: string[], typed: string[]): string[] {
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

export async function expectKorean(page: Page, where: string, typed: string[]) {
  const texts = await collectTexts(page);
  expect(texts.length, `texts on ${where}`).toBeGreaterThan(1);
  expect(untranslated(texts, typed), `English on ${where}`).toEqual([]);
}

/**
 * One voice (UX.md): won amounts end in 원, never "KRW" beside a number ("10,000 KRW", "KRW 10,000"); the
 * member is asked politely ("입력해 주세요."), never "입력하세요." nor any other "…하세요" (the catalogue's
 * own check, member-voice.test.ts, also holds its entries to 해요체). Returns the texts that break it.
 */
export function offVoice(texts: string[]): string[] {
  // A share beside the asset's code ("KRW 18%") is no amount.
  return texts.filter((t) => /\d\s*KRW\b|\bKRW\s*\d[\d,.]*(?![\d,.%])/.test(t) || t.includes('하세요'));
}

export async function expectOneVoice(page: Page, where: string) {
  expect(offVoice(await collectTexts(page)), `off-voice text on ${where}`).toEqual([]);
}
