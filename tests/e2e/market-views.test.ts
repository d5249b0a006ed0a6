import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { adminClient, memberClient } from '../support/client';
import { adjustBalance, krwWithdrawalBody, trc20Address, txid } from '../support/money';
import { type E2E, expectFailure, loginThroughUi, startE2E, submitPassword } from './support';

const SHOTS = process.env.SCREENSHOT_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const M = MSG.market;

/** Live prices as a refresh stores them, and XRP's recorded history: up 10 % over the last 24 h. */
async function liveMarket() {
  const db = e2e.server.db;
  await db.query(
    `INSERT INTO crypto_prices (symbol, price, korean_name, source, updated_at) VALUES
       ('ETHUSDT', 2000, '이더리움', 'test', now()), ('XRPUSDT', 0.55, '리플', 'test', now())
     ON CONFLICT (symbol) DO UPDATE SET price = EXCLUDED.price, source = EXCLUDED.source, updated_at = now()`,
  );
  await db.query(
    `INSERT INTO exchange_rates (from_currency, to_currency, rate, source, updated_at) VALUES ('USD', 'KRW', 1400, 'test', now())
     ON CONFLICT (from_currency, to_currency) DO UPDATE SET rate = 1400, source = 'test', updated_at = now()`,
  );
  // 700원 23 h ago rising to 770원 now (0.55 × 1400); a few days of older points for the week chart.
  await db.query(
    `INSERT INTO price_history (symbol, usd_price, krw_price, recorded_at)
     SELECT 'XRP', 0.5 + g * 0.002, 700 + g * 2.8, date_trunc('minute', now()) - make_interval(hours => 23) + make_interval(hours => g) + interval '3 seconds'
       FROM generate_series(0, 23) g
     ON CONFLICT DO NOTHING`,
  );
  await db.query(
    `INSERT INTO price_history (symbol, usd_price, krw_price, recorded_at)
     SELECT 'XRP', 0.45, 630, date_trunc('minute', now()) - make_interval(days => g) - interval '2 hours' + interval '3 seconds'
       FROM generate_series(2, 6) g
     ON CONFLICT DO NOTHING`,
  );
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('the member app as a market view', () => {
  it('home: won and USD prices, 24 h change in red, a sparkline; the asset chart changes period; the bottom bar', async () => {
    await liveMarket();
    const m = await memberClient(e2e.server.url);
    await adjustBalance(e2e.server.db, m.id, 'XRP', '1000');
    const { page, context } = await e2e.newPage();
    await loginThroughUi(page, m.creds);

    await expect.poll(() => page.getByTestId('price-XRP').textContent()).toBe('770원');
    expect(await page.getByTestId('usd-XRP').textContent()).toBe('$0.55');
    expect(await page.getByTestId('balance-XRP').textContent()).toBe('1,000 XRP');
    // Up since the oldest price of the last 24 h (700원): red, with its sign.
    await expect.poll(() => page.getByTestId('change-XRP').textContent()).toMatch(/^\+\d+\.\d%$/);
    expect(await page.getByTestId('change-XRP').getAttribute('class')).toContain('change-up');
    // The holding's own move in won beside the percent: 1,000 XRP × (770 − 700)원.
    expect(await page.getByTestId('change-won-XRP').textContent()).toBe('+70,000원');
    const spark = page.getByTestId('token-XRP').locator('svg.sparkline');
    expect(await spark.getAttribute('class')).toContain('change-up');
    expect(await spark.locator('path').getAttribute('d')).toMatch(/^M0/);
    expect(await page.getByTestId('total-change').textContent()).toMatch(
      /^24시간 \+[\d,]+원 \(\+\d+\.\d%\)$/,
    );
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, 'market-home');

    // The bottom bar: 홈 / 내역 / 마이.
    const nav = page.getByRole('navigation', { name: MSG.nav.label });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['홈', '내역', '마이']);

    // The asset page: price head, chart periods, 입금 / 출금 fixed at the bottom.
    await page.getByTestId('token-XRP').click();
    await page.waitForURL('**/assets/XRP');
    await page.getByTestId('price-chart').waitFor();
    const dayPoints = Number(await page.getByTestId('price-chart').getAttribute('data-points'));
    expect(dayPoints).toBeGreaterThanOrEqual(24);
    await page.getByRole('button', { name: M.periods['1w'] }).click();
    // The week is bucketed by 2 hours: the 24 hourly points become about 12, and the 5 older days appear.
    await expect
      .poll(async () => Number(await page.getByTestId('price-chart').getAttribute('data-points')))
      .not.toBe(dayPoints);
    const weekPoints = Number(await page.getByTestId('price-chart').getAttribute('data-points'));
    expect(weekPoints).toBeGreaterThanOrEqual(5 + 12);
    expect(weekPoints).toBeLessThan(dayPoints);
    await shot(page, 'market-asset');
    await page.getByRole('button', { name: M.periods['1m'] }).click();
    expect(await page.getByRole('button', { name: M.periods['1m'] }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // 입금 leads to XRP's own deposit page (the service address and the member's tag); 출금 to XRP's withdrawal.
    expect(await page.getByTestId('asset-deposit').getAttribute('href')).toBe('/assets/deposit/XRP');
    expect(await page.getByTestId('asset-withdraw').getAttribute('href')).toBe('/assets/withdraw?asset=XRP');
    const cta = await page.locator('.asset-cta').boundingBox();
    expect(cta!.y + cta!.height).toBeLessThanOrEqual(780 - 60);
    // USDT's 입금 opens USDT's own deposit page, at the top.
    await page.goto('/assets/USDT');
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.getByTestId('asset-deposit').click();
    await page.waitForURL('**/assets/deposit?asset=USDT');
    // The address changes before React shows the new screen (a transition); the screen it shows is at the top.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('history: the title follows the asset filter, rows grouped by day, a row opens its detail sheet', async () => {
    const m = await memberClient(e2e.server.url);
    const admin = await adminClient(e2e.server.url, e2e.server.db);
    await adjustBalance(e2e.server.db, m.id, 'KRW', '50000');
    await e2e.server.db.query(
      `INSERT INTO member_deposit_addresses (member_id, network, address) VALUES ($1, 'TRC20', $2)`,
      [m.id, trc20Address()],
    );
    const hash = txid();
    const dep = await m.client.post('/api/deposits/crypto', {
      amount: '3.5',
      txid: hash,
      sender_address: trc20Address(),
    });
    expect(dep.status).toBe(201);
    await admin.client.post(`/api/admin/deposits/${dep.body.data.id}/reject`, { reason: '입금 확인 불가' });

    const { page, context } = await e2e.newPage();
    await loginThroughUi(page, m.creds);
    await page.getByRole('navigation', { name: MSG.nav.label }).getByRole('link', { name: '내역' }).click();
    await page.waitForURL('**/assets/history');
    await page.getByRole('heading', { name: MSG.timeline.title(null) }).waitFor();
    await expect.poll(() => page.getByTestId('history-row').count()).toBe(2);
    expect(await page.locator('.history-day-title').first().textContent()).toMatch(
      /^\d+월\s\d+일\s\([일월화수목금토]\)$/,
    );

    await page.getByRole('button', { name: 'USDT', exact: true }).click();
    await page.getByRole('heading', { name: MSG.timeline.title('USDT') }).waitFor();
    await expect.poll(() => page.getByTestId('history-row').count()).toBe(1);
    const row = page.getByTestId('history-row');
    expect(await row.textContent()).toContain('반려');
    expect(await row.textContent()).not.toContain('실패');
    expect(await row.locator('.history-amount').textContent()).toBe('3.5 USDT');

    await row.click();
    const sheet = page.getByTestId('history-sheet');
    await sheet.waitFor();
    await shot(page, 'market-history-sheet');
    expect(await sheet.getByTestId('fact-txid').textContent()).toContain(hash);
    expect(await sheet.getByRole('link', { name: MSG.timeline.explorer }).getAttribute('href')).toContain(
      hash,
    );
    expect(await sheet.getByTestId('fact-network').textContent()).toContain('TRC20');
    expect(await sheet.getByTestId('fact-reason').textContent()).toContain('입금 확인 불가');
    expect(await sheet.getByTestId('fact-requested').textContent()).toMatch(
      /\d{4}\.\s\d+\.\s\d+\.\s오[전후]\s\d+:\d\d:\d\d/,
    );
    await sheet.getByRole('button', { name: MSG.timeline.close }).click();
    await sheet.waitFor({ state: 'detached' });

    // The type filter: won rows only as 원, in red for 입금.
    await page.getByRole('button', { name: 'KRW', exact: true }).click();
    await page.getByRole('heading', { name: MSG.timeline.title('KRW') }).waitFor();
    await expect.poll(() => page.getByTestId('history-row').count()).toBe(1);
    expect(await page.locator('.history-amount').textContent()).toBe('+50,000원');
    expect(await noSideScroll(page)).toBe(true);
    await context.close();
  });

  it('history: a rejected withdrawal shows the amount asked for and the reason, no fee and nothing received', async () => {
    const m = await memberClient(e2e.server.url);
    const admin = await adminClient(e2e.server.url, e2e.server.db);
    await adjustBalance(e2e.server.db, m.id, 'KRW', '80000');
    const w = await m.client.post(
      '/api/withdrawals/krw',
      krwWithdrawalBody({ amount: '50000', bank_name: '국민은행' }),
    );
    expect(w.status).toBe(201);
    const r = await admin.client.post(`/api/admin/withdrawals/${w.body.data.id}/reject`, {
      reason: '계좌 확인 필요',
    });
    expect(r.status).toBe(200);

    const { page, context } = await e2e.newPage();
    await loginThroughUi(page, m.creds);
    await page.goto('/assets/history?type=withdraw');
    await expect.poll(() => page.getByTestId('history-row').count()).toBe(1);
    await page.getByTestId('history-row').click();
    const sheet = page.getByTestId('history-sheet');
    await sheet.waitFor();
    await shot(page, 'market-history-rejected-withdrawal');
    expect(await sheet.getByTestId('fact-amount').textContent()).toBe(
      `${MSG.timeline.requestedAmount}50,000원`,
    );
    expect(await sheet.getByTestId('fact-reason').textContent()).toBe(
      `${MSG.timeline.rejectReason}계좌 확인 필요`,
    );
    expect(await sheet.getByTestId('fact-received').count()).toBe(0);
    expect(await sheet.getByTestId('fact-fee').count()).toBe(0);
    expect(await sheet.textContent()).not.toContain(MSG.timeline.received);
    await context.close();
  });

  it('my page: dark mode choice kept in this browser; the system choice follows prefers-color-scheme, in the same colours', async () => {
    const m = await memberClient(e2e.server.url);
    const { page, context } = await e2e.newPage();
    await loginThroughUi(page, m.creds);
    await page.goto('/mypage');
    await page.getByRole('button', { name: MSG.theme.dark }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    await page.getByRole('button', { name: MSG.theme.dark }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    const bg = () => page.evaluate(() => getComputedStyle(document.querySelector('.frame')!).backgroundColor);
    expect(await bg()).toBe('rgb(23, 25, 30)');
    // Every element's colours outside the mode switch itself (whose pressed button differs), as the
    // member's 다크 paints them.
    const colours = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((el) => !el.closest('fieldset.segmented'))
          .map((el) => {
            const s = getComputedStyle(el);
            return `${el.tagName}.${el.className}: ${s.color} / ${s.backgroundColor} / ${s.borderTopColor}`;
          }),
      );
    const chosen = await colours();
    await page.getByRole('button', { name: MSG.theme.system }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await bg()).toBe('rgb(23, 25, 30)');
    // The system's dark mode is the same palette (one palette for both ways in, decision 0393).
    expect(await colours()).toEqual(chosen);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await bg()).toBe('rgb(255, 255, 255)');
    await context.close();
  });

  it('an administrator lands on /admin and reaches the member view from there', async () => {
    const admin = await adminClient(e2e.server.url, e2e.server.db);
    const { page, context } = await e2e.newPage({ width: 1280, height: 800 });
    await loginThroughUi(page, admin.creds);
    await page.waitForURL('**/admin');
    await page.getByRole('link', { name: MSG.admin.toApp }).click();
    await page.waitForURL('**/main');
    await page.getByRole('link', { name: MSG.nav.admin }).click();
    await page.waitForURL('**/admin');
    await context.close();
  });

  it('a closed account is told so in the server’s words at sign-in', async () => {
    const m = await memberClient(e2e.server.url);
    await e2e.server.db.query('UPDATE members SET closed_at = now() WHERE id = $1', [m.id]);
    const { page, context } = await e2e.newPage();
    expectFailure(page, /^response: POST \/api\/login → 403$/);
    await submitPassword(page, m.creds.username, m.creds.password);
    await page.getByText(MSG.login.accountClosed).waitFor();
    expect(await page.getByText(MSG.login.unexpected).count()).toBe(0);
    await context.close();
  });
});
