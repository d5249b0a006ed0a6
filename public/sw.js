// Service worker: keeps the app shell (the page, the hashed JS/CSS, icons) for fast repeat loads.
// It never stores an /api response: balances, prices and history always come from the server.
// The build (vite-plugin-pwa, vite.config.ts) puts the member screens' build files where
// `self.__WB_MANIFEST` stands; served unbuilt (`vite` in development) the list is empty.
const BUILD_FILES = (self.__WB_MANIFEST ?? []).map((entry) => `/${entry.url.replace(/^\//, '')}`);
/** A name per build: the build files' names carry their content hash, so a new build is a new cache. */
const VERSION = BUILD_FILES.length > 0 ? hashOf(BUILD_FILES.join('\n')) : 'dev';
const SHELL_CACHE = `shell-${VERSION}`;
const SHELL = ['/', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon.svg'];
/** Build files kept at most besides the precached ones (files fetched later, oldest dropped first). */
const MAX_BUILD_FILES = 30;

/** FNV-1a, 32 bits, in hex: enough to tell one build's list of file names from another's. */
function hashOf(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

const isApi = (url) => url.pathname === '/api' || url.pathname.startsWith('/api/');
// Vite's hashed output (/assets/index-3f9a1c.js). The app's own routes under /assets/ (/assets/deposit)
// have no file extension and are navigations, handled before this is asked.
const isBuildFile = (url) => /^\/assets\/[^/]+\.[a-z0-9]+$/i.test(url.pathname);
const isStatic = (url) =>
  url.pathname.startsWith('/icons/') ||
  url.pathname.startsWith('/tokens/') ||
  url.pathname === '/manifest.webmanifest';

/** The build files a page links to (a dev build without BUILD_FILES): cached at install. */
function linkedBuildFiles(html) {
  const found = new Set();
  for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) found.add(m[1]);
  return [...found];
}

async function precache() {
  const cache = await caches.open(SHELL_CACHE);
  await cache.addAll(SHELL);
  const page = await cache.match('/');
  // Every member screen's files, so a repeat visit and any screen opened later need no network for them.
  if (BUILD_FILES.length > 0) await cache.addAll(BUILD_FILES);
  else if (page) await cache.addAll(linkedBuildFiles(await page.text()));
}

async function trimBuildFiles(cache) {
  const precached = new Set(BUILD_FILES);
  const keys = (await cache.keys()).filter((r) => {
    const url = new URL(r.url);
    return isBuildFile(url) && !precached.has(url.pathname);
  });
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_BUILD_FILES)).map((r) => cache.delete(r)));
}

const cacheable = (res) =>
  res.ok && res.type === 'basic' && !/no-store/i.test(res.headers.get('cache-control') ?? '');

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL_CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin || isApi(url)) return; // never cached

  // Pages: the network first (a new build is picked up at once), the cached shell when offline.
  if (req.mode === 'navigate') {
    event.respondWith(
      fetch(req)
        .then((res) => {
          if (cacheable(res)) {
            const copy = res.clone();
            event.waitUntil(caches.open(SHELL_CACHE).then((c) => c.put('/', copy)));
          }
          return res;
        })
        .catch(() => caches.match('/').then((hit) => hit || Response.error())),
    );
    return;
  }

  // Hashed build files never change under one name: the cache first.
  if (isBuildFile(url)) {
    event.respondWith(
      caches.match(req).then(
        (hit) =>
          hit ||
          fetch(req).then((res) => {
            // A missing build file is answered with the page (SPA fallback): never keep that.
            const type = res.headers.get('content-type') ?? '';
            if (cacheable(res) && !type.startsWith('text/html')) {
              const copy = res.clone();
              event.waitUntil(
                caches.open(SHELL_CACHE).then((c) => c.put(req, copy).then(() => trimBuildFiles(c))),
              );
            }
            return res;
          }),
      ),
    );
    return;
  }

  // Icons, token images, the manifest: from the cache at once, refreshed in the background.
  if (isStatic(url)) {
    event.respondWith(
      caches.open(SHELL_CACHE).then((cache) =>
        cache.match(req).then((hit) => {
          const refresh = fetch(req).then((res) => {
            if (cacheable(res)) event.waitUntil(cache.put(req, res.clone()));
            return res;
          });
          if (hit) {
            event.waitUntil(refresh.catch(() => {}));
            return hit;
          }
          return refresh;
        }),
      ),
    );
  }
});
