import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBalanceChange } from '../../src/server/money/kernel';
import { lockBalances } from '../../src/server/wallet/balance-state';
import type { BalanceCurrency } from '../../src/shared/constants';
import { dec } from '../../src/shared/decimal';
import { MSG } from '../../src/shared/messages';
import { memberClient } from '../support/client';
import { type FakePriceProvider, startFakePriceProvider } from '../support/fake-price-provider';
import { uniqueName } from '../support/server';
import { type E2E, expectFailure, signIn, startE2E } from './support';

const SHOTS = process.env.SCREENSHOT_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

let e2e: E2E;
let fake: FakePriceProvider;

beforeAll(async () => {
  fake = await startFakePriceProvider({ eth: '2000', xrp: '0.5', krw: '1400' });
  fake.set('reset'); // the provider is unreachable until a test says otherwise
  e2e = await startE2E({
    PRICE_REFRESH: 'true',
    PRICE_FEED_URL: fake.tickerUrl,
    FX_FEED_URL: fake.fxUrl,
    PRICE_REFRESH_MS: '300',
    PRICE_FETCH_TIMEOUT_MS: '500',
  });
  // On a shared PostgreSQL database earlier tests may have stored live prices: start from none.
  await e2e.server.db.query('DELETE FROM crypto_prices');
  await e2e.server.db.query('DELETE FROM exchange_rates');
});
afterAll(async () => {
  await e2e?.close();
  await fake?.close();
});

/** A member with balances credited through the money core, a lock set and a pending withdrawal. */
async function seededMember() {
  const m = await memberClient(e2e.server.url);
  const db = e2e.server.db;
  const amounts: [BalanceCurrency, string][] = [
    ['KRW', '1000000'],
    ['ETH', '0.5'],
    ['XRP', '1000'],
    ['USDT', '100.123456'],
  ];
  await db.tx(async (q) => {
    await lockBalances(
      q,
      amounts.map(([currency]) => ({ memberId: m.id, currency })),
    );
    for (const [currency, amount] of amounts) {
      await applyBalanceChange(q, {
        memberId: m.id,
        currency,
        amount: dec(amount),
        kind: 'deposit',
        actorId: null,
      });
    }
  });
  await db.query(
    `INSERT INTO asset_locks (member_id, currency, locked_amount, lock_start_date, lock_end_date, reason) VALUES
       ($1, 'eth', 0.1, DATE '2026-01-01', DATE '2099-12-31', '보호예수'),
       ($1, 'eth', 0.05, DATE '2020-01-01', DATE '2020-06-30', NULL)`,
    [m.id],
  );
  await db.query(
    `INSERT INTO withdrawals (member_id, currency, amount, fee, final_amount, method, recipient_id)
     VALUES ($1, 'ETH', 0.2, 0, 0.2, 'internal', 'friend')`,
    [m.id],
  );
  return m;
}

// Spaces as a reader sees them: the home row's "≈ 1,400,000원" is one token (a no-break space).
const text = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).textContent())?.replaceAll('\u00a0', ' ') ?? null;
const badge = (page: Page) => page.locator('.price-badge').getAttribute('data-source');

describe('home and asset detail in the browser', () => {
  it('offline provider: totals from the seeded balances at the sample prices, yellow badge, notices', async () => {
    const title = `${uniqueName('공지')} 점검 안내`;
    await e2e.server.db.query(
      `INSERT INTO notices (title, body, published) VALUES ($1, $2, true), ($3, '', false)`,
      [title, '오늘 밤 12시부터 1시간 동안 점검합니다.', `${title} (비공개)`],
    );
    // Three older ones: the home screen previews the newest three and offers the rest.
    for (const i of [1, 2, 3]) {
      await e2e.server.db.query(
        `INSERT INTO notices (title, published, created_at) VALUES ($1, true, now() - make_interval(secs => $2))`,
        [`${title} 이전 ${i}`, i],
      );
    }
    const m = await seededMember();
    const { page, context } = await e2e.newPage();
    await signIn(page, m.creds);
    await expect.poll(() => text(page, 'total-krw')).toBe('4,136,856원');
    expect(await badge(page)).toBe('sample');
    expect(await page.locator('.price-badge').textContent()).toBe(MSG.home.sampleBadge);
    // 0.5 ETH × 3075.50 × 1431, 1000 XRP × 0.5542 × 1431, 100.123456 USDT × 1431 (each floored).
    expect(await text(page, 'balance-KRW')).toBe('1,000,000원');
    expect(await text(page, 'balance-ETH')).toBe('0.5 ETH');
    expect(await text(page, 'balance-XRP')).toBe('1,000 XRP');
    expect(await text(page, 'balance-USDT')).toBe('100.123456 USDT');
    expect(await text(page, 'krw-ETH')).toBe('2,200,520원');
    expect(await text(page, 'krw-XRP')).toBe('793,060원');
    expect(await text(page, 'krw-USDT')).toBe('143,276원');
    // The row's bold figure is what the member holds in won; the unit price is secondary.
    const weight = (id: string) => page.getByTestId(id).evaluate((el) => getComputedStyle(el).fontWeight);
    expect(await weight('krw-ETH')).toBe('700');
    expect(Number(await weight('price-ETH'))).toBeLessThan(700);
    expect(await page.getByTestId('token-ETH').textContent()).toContain('$3,075.50');
    expect(await page.getByTestId('token-XRP').textContent()).toContain('$0.55');
    expect(await text(page, 'summary-ETH')).toMatch(/ETH\s*53%/);
    expect(await page.locator('.home-bar-part').count()).toBe(4);
    expect(await page.locator('.token-icon[data-fallback]').count()).toBe(0);

    // Notices: published only, a tap opens the body.
    const notice = page.getByRole('button', { name: new RegExp(`^${title} 20\\d\\d`) });
    expect(await page.getByText(`${title} (비공개)`).count()).toBe(0);
    expect(await notice.getAttribute('aria-expanded')).toBe('false');
    await notice.click();
    expect(await notice.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('오늘 밤 12시부터 1시간 동안 점검합니다.').waitFor();
    expect(await page.getByText(`${title} 이전 3`).count()).toBe(0);
    await page.getByRole('button', { name: new RegExp(MSG.home.noticesMore) }).click();
    await page.getByText(`${title} 이전 3`).waitFor();
    await shot(page, 'home-sample');

    // 320 px: nothing overflows sideways.
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await shot(page, 'home-320');
    await context.close();
  });

  it('live provider: green badge and live totals, refreshed every 30 s without a reload', async () => {
    const m = await seededMember();
    const { page, context } = await e2e.newPage();
    await page.clock.install();
    await signIn(page, m.creds);
    await expect.poll(() => text(page, 'total-krw')).toBe('4,136,856원');
    expect(await badge(page)).toBe('sample');

    fake.set('ok');
    const live = await memberClient(e2e.server.url);
    await expect
      .poll(async () => (await live.client.get('/api/prices')).body.data.source, { timeout: 15_000 })
      .toBe('live');
    // The page asks again after 30 s (SPEC §9) and turns green with the provider's prices:
    // 0.5 ETH × 2000 × 1400 + 1000 XRP × 0.5 × 1400 + 100.123456 USDT × 1400 (floored) + 1,000,000.
    await page.clock.fastForward(30_000);
    await expect.poll(() => badge(page)).toBe('live');
    expect(await page.locator('.price-badge').textContent()).toBe(MSG.home.liveBadge);
    await expect.poll(() => text(page, 'total-krw')).toBe('3,240,172원');
    expect(await text(page, 'krw-ETH')).toBe('1,400,000원');
    expect(await text(page, 'krw-XRP')).toBe('700,000원');
    expect(await text(page, 'krw-USDT')).toBe('140,172원');
    expect(await page.getByTestId('token-ETH').textContent()).toContain('$2,000');
    await shot(page, 'home-live');
    await context.close();
    fake.set('reset');
  });

  it('tapping a token opens its asset page with the right numbers and buttons', async () => {
    const m = await seededMember();
    const { page, context } = await e2e.newPage();
    await signIn(page, m.creds);
    await page.getByTestId('token-ETH').click();
    await page.waitForURL('**/assets/ETH');
    await expect.poll(() => text(page, 'asset-total')).toBe('0.5 ETH');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('이더리움');
    expect(await text(page, 'asset-locked')).toBe('0.1 ETH');
    expect(await text(page, 'asset-held')).toBe('0.2 ETH');
    expect(await text(page, 'asset-available')).toBe('0.2 ETH');
    expect((await text(page, 'asset-latest-lock-end'))?.replaceAll('\u00a0', ' ')).toBe('2099. 12. 31.');
    const locks = page.locator('.lock-item');
    expect(await locks.count()).toBe(2);
    expect(await page.locator('.lock-item-expired').textContent()).toContain(MSG.assetDetail.lockExpired);
    // The active lock's reason names the hold beside 잠금, and in the lock list.
    expect(await page.locator('.asset-row-reason').first().textContent()).toBe('보호예수');
    expect(await page.locator('.lock-list').getByText('보호예수').count()).toBe(1);
    await shot(page, 'asset-eth');

    // 입금 goes to ETH's own deposit page; 출금 to ETH's own withdrawal.
    expect(await page.getByTestId('asset-deposit').getAttribute('href')).toBe('/assets/deposit/ETH');
    expect(await page.getByTestId('asset-withdraw').getAttribute('href')).toBe('/assets/withdraw?asset=ETH');
    await page.getByRole('link', { name: MSG.assetDetail.history }).click();
    await page.waitForURL('**/assets/history?asset=ETH');
    await page.goBack();
    await page.waitForURL('**/assets/ETH');
    await page.getByRole('button', { name: MSG.assetDetail.backLabel }).click();
    await page.waitForURL('**/main');

    // USDT keeps its decimals, trailing zeros trimmed; KRW is whole won and deposits through the KRW screen.
    await page.getByTestId('token-USDT').click();
    await expect.poll(() => text(page, 'asset-total')).toBe('100.123456 USDT');
    await page.goto('/assets/KRW');
    await expect.poll(() => text(page, 'asset-total')).toBe('1,000,000원');
    expect(await page.getByTestId('asset-deposit').getAttribute('href')).toBe('/assets/deposit-krw');
    await page.goto('/assets');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('KRW');
    await page.getByTestId('asset-total').waitFor();
    await shot(page, 'asset-krw');
    await context.close();
  });

  it('a token image that fails to load falls back to the placeholder', async () => {
    const m = await seededMember();
    const { page, context } = await e2e.newPage();
    expectFailure(page, /^response: GET \/tokens\/eth\.png → 404$/);
    await page.route('**/tokens/eth.png', (route) => route.fulfill({ status: 404, body: '' }));
    await signIn(page, m.creds);
    const icon = page.getByTestId('token-ETH').locator('img');
    await expect.poll(() => icon.getAttribute('src')).toBe('/tokens/placeholder.png');
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await context.close();
  });

  it('without a session the asset page goes to /login', async () => {
    const { page, context } = await e2e.newPage();
    // The first reads of the asset page start before the session is known; a visitor's are refused.
    expectFailure(page, /^response: GET \/api\/(balances|prices|prices\/history|withdrawals\/rules) → 401$/);
    await page.goto('/assets?asset=ETH');
    await page.waitForURL('**/login');
    await page.goto('/assets/XRP');
    await page.waitForURL('**/login');
    await context.close();
  });
});
