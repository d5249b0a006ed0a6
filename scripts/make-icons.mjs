// Renders public/icons/icon.svg to the PNG sizes of the web app manifest, and each token image
// public/tokens/*.svg to the PNG the app shows (components/token-icon.tsx), with Debian's Chromium.
// The app shows PNGs: the browser decodes a PNG off the main thread, where an SVG image is opened as a
// document of its own on it (decision 0216).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const icons = path.resolve(import.meta.dirname, '../public/icons');
const tokens = path.resolve(import.meta.dirname, '../public/tokens');
/** A token image is shown at 40 CSS px at most: 120 px is sharp at a device pixel ratio of 3. */
const TOKEN_PX = 120;
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});

async function render(svg, file, size, pad) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inner = Math.round(size * (1 - 2 * pad));
  await page.setContent(
    `<body style="margin:0;background:${pad ? '#1e66d0' : 'transparent'};display:grid;place-items:center;width:${size}px;height:${size}px">` +
      svg
        .replace(/<svg ([^>]*?)width="\d+" height="\d+"/, '<svg $1')
        .replace('<svg ', `<svg width="${inner}" height="${inner}" `) +
      '</body>',
  );
  await page.screenshot({ path: file, omitBackground: !pad });
  await page.close();
}

const icon = readFileSync(path.join(icons, 'icon.svg'), 'utf8');
for (const [name, size, pad] of [
  ['icon-192.png', 192, 0],
  ['icon-512.png', 512, 0],
  ['icon-maskable-512.png', 512, 0.1],
  ['apple-touch-icon.png', 180, 0],
]) {
  await render(icon, path.join(icons, name), size, pad);
}
for (const name of readdirSync(tokens).filter((f) => f.endsWith('.svg'))) {
  const svg = readFileSync(path.join(tokens, name), 'utf8');
  await render(svg, path.join(tokens, name.replace(/\.svg$/, '.png')), TOKEN_PX, 0);
}
await browser.close();
console.log('icons written to', icons, 'and', tokens);
