// What each screen of the built SPA makes the browser download, from Vite's manifest
// (dist/client/.vite/manifest.json): the entry chunk, the screen's lazy chunk and every chunk they import
// statically, each counted once. Used by scripts/check-size.mjs (CI budget) and bench/ (the report).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';

/** The screens with a budget: what a member's phone loads first. 1 kB = 1000 bytes, as Vite reports. */
export const BUDGETS = [
  { route: '/login', screen: 'src/client/features/auth/login-page.tsx', maxGzipKb: 130 },
  // The administrator's catalogues (admin, chain verdicts, proposals) live outside the entry since
  // shared/messages/member.ts (lint keeps member screens on it): /main 132.9 → 127.2 kB.
  { route: '/main', screen: 'src/client/features/home/home-page.tsx', maxGzipKb: 130 },
];

/** gzip at the level the build's precompressed copies use (what the server sends). */
export const gzipSize = (buf) => gzipSync(buf, { level: constants.Z_BEST_COMPRESSION }).length;

export function readManifest(distDir) {
  return JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
}

/** The JavaScript files a screen loads: the entry (index.html) plus the screen, with their static imports. */
export function filesOf(manifest, screen) {
  const seen = new Set();
  const files = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest: is the screen still lazy-loaded?`);
    files.push(chunk.file);
    for (const k of chunk.imports ?? []) visit(k);
  };
  visit('index.html');
  if (screen) visit(screen);
  return files.filter((f) => f.endsWith('.js'));
}

/** Bytes and gzip bytes of the JavaScript of every lazy screen (and of the entry alone). */
export function screenSizes(distDir) {
  const manifest = readManifest(distDir);
  const cache = new Map();
  const size = (file) => {
    if (!cache.has(file)) {
      const buf = readFileSync(path.join(distDir, file));
      cache.set(file, { bytes: buf.length, gzip: gzipSize(buf) });
    }
    return cache.get(file);
  };
  const screens = [
    null,
    ...Object.keys(manifest)
      .filter((k) => manifest[k].isDynamicEntry)
      .sort(),
  ];
  return screens.map((screen) => {
    const files = filesOf(manifest, screen);
    const sum = files.reduce(
      (acc, f) => {
        const s = size(f);
        return { bytes: acc.bytes + s.bytes, gzip: acc.gzip + s.gzip };
      },
      { bytes: 0, gzip: 0 },
    );
    return { screen: screen ?? 'index.html (entry only)', files, ...sum };
  });
}
