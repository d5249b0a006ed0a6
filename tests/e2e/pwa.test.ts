import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from '../support/client';
import { secondAdmin } from '../support/four-eyes';
import { startTestServer, type TestServer } from '../support/server';
import { type Showcase, seedShowcase } from '../support/showcase';
import { MEMBER_SCREENS, openScreen } from './screens';
import { CHROMIUM, signIn } from './support';

/**
 * Installable: the web app manifest (Korean name, icons, theme colour, standalone) passes Chromium's own
 * installability check, the service worker controls the page, a repeat load takes the shell from the
 * cache, the shell opens offline, and no API response (balances, history, prices) is ever cached.
 *
 * Chromium does not offer installation in an incognito profile, so this suite runs its own persistent
 * profile (a temporary folder) instead of the shared browser of the other suites.
 */

let server: TestServer;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
let profile: string;
let rich: Showcase;

beforeAll(async () => {
  if (!CHROMIUM)
    throw new Error('Chromium not found: apt-get install chromium-headless-shell (or set CHROME_PATH)');
  server = await startTestServer();
  const admin = await adminClient(server.url, server.db);
  rich = await seedShowcase(server.url, admin.client, {}, (await secondAdmin(server.url, server.db)).client);
  profile = mkdtempSync(path.join(tmpdir(), 'wallet-pwa-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    viewport: { width: 360, height: 780 },
    locale: 'ko-KR',
    baseURL: server.url,
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(10_000);
  cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
});
afterAll(async () => {
  await context?.close();
  await server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** Every cached request URL, across the service worker's caches. */
const cachedUrls = () =>
  page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) out.push(new URL(req.url).pathname);
    }
    return out;
  });

/** Where each response of the next navigation came from: 'network', 'cache-storage', or 'direct'. */
async function sourcesOf(load: () => Promise<unknown>) {
  const seen = new Map<string, string>();
  const onResponse = (e: {
    response: { url: string; fromServiceWorker?: boolean; serviceWorkerResponseSource?: string };
  }) => {
    const where = e.response.fromServiceWorker ? (e.response.serviceWorkerResponseSource ?? 'sw') : 'direct';
    seen.set(new URL(e.response.url).pathname, where);
  };
  cdp.on('Network.responseReceived', onResponse);
  await load();
  await page.waitForLoadState('networkidle');
  cdp.off('Network.responseReceived', onResponse);
  return seen;
}

describe('the web app manifest', () => {
  it('names the app in Korean, is standalone, has a theme colour and PNG icons of 192 and 512 px', async () => {
    const res = await fetch(`${server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    const m = (await res.json()) as Record<string, any>;
    expect(m.name).toBe('코인 월렛');
    expect(m.short_name).toMatch(/^[가-힣 ]+$/);
    expect(m.lang).toBe('ko');
    expect(m.display).toBe('standalone');
    expect(m.start_url).toBe('/main');
    expect(m.scope).toBe('/');
    expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    // The page's theme-color meta matches the manifest's.
    const html = readFileSync('dist/client/index.html', 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${m.theme_color}"`);
    expect(html).toContain('<html lang="ko">');

    const sizes = new Map<string, string[]>();
    for (const icon of m.icons as { src: string; sizes: string; type: string; purpose?: string }[]) {
      const r = await fetch(`${server.url}${icon.src}`);
      expect(r.status, icon.src).toBe(200);
      if (icon.type !== 'image/png') continue;
      const png = Buffer.from(await r.arrayBuffer());
      expect(png.subarray(1, 4).toString(), icon.src).toBe('PNG');
      const size = `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
      expect(size, icon.src).toBe(icon.sizes);
      sizes.set(icon.purpose ?? 'any', [...(sizes.get(icon.purpose ?? 'any') ?? []), size]);
    }
    expect(sizes.get('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes.get('maskable')).toEqual(['512x512']);
  });

  it('passes Chromium: the manifest parses without error and the app is installable', async () => {
    await page.goto('/login');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  });
});

describe('the service worker', () => {
  it('registers and controls the page', async () => {
    await page.goto('/login');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.url}/`);
    await page.reload();
    const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
    expect(controller).toBe(`${server.url}/sw.js`);
  });

  it("keeps every member screen's build files at install, never the administrator's page", async () => {
    await page.goto('/login');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<
      string,
      { file: string; isDynamicEntry?: boolean }
    >;
    const screens = Object.values(manifest)
      .filter((c) => c.isDynamicEntry)
      .map((c) => `/${c.file}`);
    const member = screens.filter((f) => !f.startsWith('/assets/admin-'));
    expect(member.length).toBeGreaterThan(5);
    const cached = await cachedUrls();
    expect(cached).toEqual(expect.arrayContaining(member));
    expect(cached.filter((u) => u.startsWith('/assets/admin-'))).toEqual([]);
  });

  it('serves a repeat load of the shell from its cache; API calls always go to the server', async () => {
    await page.goto('/login');
    const sources = await sourcesOf(() => page.reload());
    const built = [...sources].filter(([p]) => /^\/assets\/.+\.(js|css)$/.test(p));
    expect(built.length).toBeGreaterThanOrEqual(2); // the entry script and the style sheet
    for (const [p, where] of built) expect(where, p).toBe('cache-storage');
    for (const [p, where] of sources) if (p.startsWith('/api/')) expect(where, p).toBe('direct');
    // The page itself comes from the network (a new build is picked up at once).
    expect(sources.get('/login')).toBe('network');
  });

  it('never caches an API response, whatever screens a member opens', async () => {
    await signIn(page, rich.member, server.url);
    for (const screen of MEMBER_SCREENS.filter((s) => !s.act)) await openScreen(page, screen);
    // A GET that the page makes itself is not kept either.
    const balances = await page.evaluate(async () => {
      const r = await fetch('/api/balances');
      return r.status;
    });
    expect(balances).toBe(200);
    const cached = await cachedUrls();
    expect(cached).toContain('/');
    expect(cached.filter((u) => u.startsWith('/api'))).toEqual([]);
    // Nor an app route under /assets/ mistaken for a build file.
    expect(cached.filter((u) => /^\/assets\/[^.]+$/.test(u))).toEqual([]);
  });

  it('opens the shell without a network, from the cached page', async () => {
    await context.setOffline(true);
    try {
      const sources = await sourcesOf(() => page.goto('/main').catch(() => null));
      expect(sources.get('/main')).toBe('cache-storage'); // the service worker's cached page
      if (process.env.PWA_SHOT) await page.screenshot({ path: process.env.PWA_SHOT });
      await page.locator('.app-title').first().waitFor();
      expect(await page.locator('.app-title').first().textContent()).toBe('코인 월렛');
    } finally {
      await context.setOffline(false);
    }
  });
});
