// `npm run screenshots`: pictures of the main screens at 360 px for the README, taken from the real app;
// `npm run screenshots -- --desk` takes only the administrator's (10, 11).
// Builds the client, starts the real server on an in-memory PGlite, feeds it prices from a local stand-in
// of the price provider (no internet needed), seeds a member through the API and the administrator API,
// then drives Debian's Chromium through the screens and writes docs/screenshots/*.png.
// Korean text needs a CJK font on the machine: apt-get install -y fonts-noto-cjk.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { loadConfig } from '../src/server/config';
import { startServer } from '../src/server/start-server';
import { MSG } from '../src/shared/messages';
import { CHROMIUM } from '../tests/e2e/support';
import { insertDeposit, insertXrpDeposit } from '../tests/support/admin-fixtures';
import { startFakePriceProvider } from '../tests/support/fake-price-provider';
import { showcaseOn } from '../tests/support/showcase';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs/screenshots');
const PHONE = { width: 360, height: 780 };
const ADMIN = { username: 'admin_demo', password: 'adminpass123', pin: '123456' };
const DESK_ONLY = process.argv.includes('--desk');

/** The screen as a phone shows it when scrolled through: the whole page, the bottom bar at the bottom. */
async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.spinner, .loading-overlay'));
  await page.evaluate(() => document.fonts.ready);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: PHONE.width, height: Math.max(PHONE.height, height) });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(outDir, `${name}.png`), animations: 'disabled', caret: 'hide' });
  await page.setViewportSize(PHONE);
  console.log(`  docs/screenshots/${name}.png`);
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await page.locator('h1').first().waitFor({ state: 'attached' });
}

/** One form field: its label, the value, how a member enters it (`fill` unless named). */
type Field = [label: string, value: string, how?: 'type' | 'select'];

/** Fills a form as a member does (amounts typed key by key, options chosen), then leaves its last field. */
async function fillIn(page: Page, fields: Field[]) {
  for (const [label, value, how] of fields) {
    const field = page.getByLabel(label);
    if (how === 'type') await field.pressSequentially(value);
    else if (how === 'select') await field.selectOption(value);
    else await field.fill(value);
  }
  await page.getByLabel(fields.at(-1)![0]).blur();
}

const D = MSG.depositKrw;
const W = MSG.withdraw;
const K = MSG.withdrawKrw;
/** A withdrawal form is ready once it shows the available balance in `unit`. */
const available = (unit: string) => (page: Page) =>
  page.getByTestId('available-balance').filter({ hasText: unit }).waitFor();

/** The member's screens after the home screen: where, what to wait for, what to type in before the picture. */
const MEMBER_SCREENS: {
  name: string;
  url: string;
  ready?: (page: Page) => Promise<void>;
  fields?: Field[];
}[] = [
  { name: '03-asset-usdt', url: '/assets?asset=USDT' },
  {
    name: '04-deposit-usdt',
    url: '/assets/deposit',
    ready: (page) => page.getByRole('img', { name: MSG.depositScreen.qrLabel('USDT') }).waitFor(),
  },
  {
    name: '05-deposit-krw',
    url: '/assets/deposit-krw',
    fields: [[D.amountLabel, '1500000', 'type']],
  },
  {
    name: '06-withdraw-crypto',
    url: '/assets/withdraw?asset=USDT',
    // The steps up to the amount: the address-book entry, then 다음.
    ready: async (page) => {
      await page.getByTestId('wd-addresses').getByRole('button').first().click();
      await page.getByRole('button', { name: MSG.steps.next, exact: true }).click();
      await available('USDT')(page);
    },
    fields: [[`${W.amountLabel} (USDT)`, '250', 'type']],
  },
  {
    name: '07-withdraw-krw',
    url: '/assets/withdraw-krw',
    ready: available('원'),
    fields: [[K.amountLabel, '300000', 'type']],
  },
  { name: '08-history', url: '/assets/history' },
  { name: '09-mypage', url: '/mypage' },
];

const PRICES = { ETH: '3075.50', XRP: '0.5542', USDT: '1' } as const;
const USD_KRW = 1380;

/**
 * A month of hourly prices behind the current ones, so the home's sparklines, its 24 h changes and the asset
 * page's chart show a market rather than a flat line: the same curve on every run (a rise over the last day
 * for ETH, a fall for XRP, USDT steady), ending at the fake provider's prices.
 */
async function seedPriceHistory(db: { query(sql: string, params?: unknown[]): Promise<unknown[]> }) {
  const shape = { ETH: [0.023, 0.012, 1.1], XRP: [-0.014, 0.018, 2.3], USDT: [0, 0.0004, 0.4] } as const;
  const rows: [string, string, string, string][] = [];
  for (const [symbol, [dayChange, wave, phase]] of Object.entries(shape)) {
    const last = Number(PRICES[symbol as keyof typeof PRICES]);
    for (let h = 1; h <= 30 * 24; h++) {
      const trend =
        1 - (dayChange * Math.min(h, 24)) / 24 - 0.0006 * Math.max(h - 24, 0) * Math.sign(dayChange);
      const ripple = wave * (Math.sin(h / 4 + phase) - Math.sin(phase) + 0.6 * Math.sin(h / 31 + phase));
      const usd = (last * (trend + ripple)).toFixed(8);
      const at = new Date(Date.now() - h * 3_600_000).toISOString();
      rows.push([symbol, usd, (Number(usd) * USD_KRW).toFixed(8), at]);
    }
  }
  await db.query(
    `INSERT INTO price_history (symbol, usd_price, krw_price, recorded_at)
     SELECT * FROM unnest($1::text[], $2::numeric[], $3::numeric[], $4::timestamptz[])`,
    [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3])],
  );
}

async function login(page: Page, creds: { username: string; password: string; pin: string }) {
  await open(page, '/login');
  await page.getByLabel(MSG.login.usernameLabel).fill(creds.username);
  await page.getByLabel(MSG.login.passwordLabel, { exact: true }).fill(creds.password);
  await page.getByRole('button', { name: MSG.login.submit, exact: true }).click();
  await page.waitForURL('**/second-factor');
  await page.getByLabel(MSG.secondFactor.label).fill(creds.pin);
  await page.getByRole('button', { name: MSG.secondFactor.submit }).click();
  await page.waitForURL(/\/(main|admin)$/);
}

/** The member's screens at 360 px: login, home, then MEMBER_SCREENS. */
async function memberScreens(
  browser: Browser,
  baseURL: string,
  member: { username: string; password: string; pin: string },
) {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    baseURL,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    console.log('taking screenshots…');
    await open(page, '/login');
    await shot(page, '01-login');

    await login(page, member);
    await page.getByText(MSG.home.liveBadge).waitFor({ timeout: 20_000 });
    await shot(page, '02-home');

    for (const screen of MEMBER_SCREENS) {
      await open(page, screen.url);
      await screen.ready?.(page);
      if (screen.fields) await fillIn(page, screen.fields);
      await shot(page, screen.name);
    }
  } finally {
    await context.close();
  }
}

/**
 * The administrator's desk at 1280 px: the queue it opens on, with the drawer of an XRP payment the member
 * claimed without its tag, then the member's detail. A won deposit and that claim wait beside the
 * showcase's withdrawal (seeded in the database: no ledger is reached from here).
 */
async function deskScreens(
  browser: Browser,
  server: { url: string; db: Parameters<typeof insertDeposit>[0] },
  member: { id: string; username: string },
) {
  await insertDeposit(server.db, member.id, { amount: '2500000' });
  const claim = await insertXrpDeposit(server.db, member.id, {
    tag: null,
    beforeAssignment: true,
    amount: '1200',
  });
  const context = await browser.newContext({
    viewport: { width: 1280, height: 860 },
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    baseURL: server.url,
    serviceWorkers: 'block',
  });
  try {
    const desk = await context.newPage();
    await login(desk, ADMIN);
    await open(desk, '/admin');
    const row = desk.locator(`tr[data-request-id="${claim}"]`);
    await row.getByRole('button', { name: member.username }).click();
    await desk
      .locator(`aside[data-request-id="${claim}"]`)
      .getByRole('region', { name: MSG.deskQueue.drawer.balances })
      .waitFor();
    await desk.waitForLoadState('networkidle');
    await desk.screenshot({ path: path.join(outDir, '10-admin.png'), animations: 'disabled' });
    console.log('  docs/screenshots/10-admin.png');
    await open(desk, '/admin?tab=members');
    await desk.getByLabel(MSG.admin.list.search).fill(member.username);
    await desk.locator('.adm-member-pick', { hasText: member.username }).click();
    await desk
      .getByRole('region', { name: MSG.admin.info.title, exact: true })
      .getByText(member.username, { exact: true })
      .waitFor();
    await desk.waitForLoadState('networkidle');
    await desk.screenshot({ path: path.join(outDir, '11-admin-member.png'), animations: 'disabled' });
    console.log('  docs/screenshots/11-admin-member.png');
  } finally {
    await context.close();
  }
}

async function main() {
  if (!CHROMIUM)
    throw new Error('Chromium not found: apt-get install chromium-headless-shell (or set CHROME_PATH)');
  mkdirSync(outDir, { recursive: true });
  console.log('building the client…');
  await build({ root, logLevel: 'warn' });

  const prices = await startFakePriceProvider({ eth: PRICES.ETH, xrp: PRICES.XRP, krw: String(USD_KRW) });
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const config = loadConfig({
    ...env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    STATIC_DIR: path.join(root, 'dist/client'),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_SECOND_PASSWORD: ADMIN.pin,
    PRICE_REFRESH: 'true',
    PRICE_FEED_URL: prices.tickerUrl,
    FX_FEED_URL: prices.fxUrl,
    BANK_FORM_URL: 'https://forms.example.com/bank-account',
    // Demo data seeded by one administrator: balance edits and locks in one step.
    FOUR_EYES_ADMIN_EDITS: 'false',
    // A demo server in memory: the administrator who seeds it is not enrolled in one-time codes.
    ADMIN_TOTP_REQUIRED: 'false',
    // The showcase member withdraws to an address registered a moment before, after a KRW deposit: the
    // waiting times of the withdrawal rules are off for the demo, as in the tests.
    WITHDRAWAL_ADDRESS_DELAY_HOURS: '0',
    KRW_DEPOSIT_WITHDRAWAL_DELAY_HOURS: '0',
    KRW_FIRST_DEPOSIT_HOLD_HOURS: '0',
    // TRON's connection set, so the USDT deposit page shows the address (a closed local port: the demo
    // checks nothing on chain).
    TRON_API_URL: 'http://127.0.0.1:9',
  });
  const server = await startServer(config, { memory: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    // Seeded by two administrators enrolled in one-time codes (balance edits are proposals of two).
    const { member } = await showcaseOn(server);
    await seedPriceHistory(server.db);

    if (!DESK_ONLY) await memberScreens(browser, server.url, member);
    await deskScreens(browser, server, member);
  } finally {
    await browser.close();
    await server.close();
    await prices.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
