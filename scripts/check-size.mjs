// `npm run check:size`: fails when the JavaScript that /login or /main loads exceeds its gzip budget.
// Run after `vite build` (CI: .ci/run). Prints every screen so a growing chunk shows before it fails.
import path from 'node:path';
import { BUDGETS, screenSizes } from './bundle-size.mjs';

const distDir = path.resolve(import.meta.dirname, '../dist/client');
const kb = (n) => (n / 1000).toFixed(1);

let sizes;
try {
  sizes = screenSizes(distDir);
} catch (err) {
  console.error(`check:size: ${err.message}\n(build first: npx vite build)`);
  process.exit(2);
}

console.log('JavaScript per screen (entry + lazy screen + their imports), kB = 1000 bytes');
console.log(`${'screen'.padEnd(58)} ${'raw'.padStart(8)} ${'gzip'.padStart(8)}  budget`);
let failed = 0;
for (const s of sizes) {
  const budget = BUDGETS.find((b) => b.screen === s.screen);
  const over = budget && s.gzip > budget.maxGzipKb * 1000;
  if (over) failed++;
  const mark = budget ? `${over ? 'OVER' : 'ok'} ≤ ${budget.maxGzipKb} (${budget.route})` : '';
  console.log(`${s.screen.padEnd(58)} ${kb(s.bytes).padStart(8)} ${kb(s.gzip).padStart(8)}  ${mark}`);
}
for (const b of BUDGETS) {
  if (!sizes.some((s) => s.screen === b.screen)) {
    console.error(`check:size: ${b.screen} (${b.route}) is not a lazy screen of the build`);
    failed++;
  }
}
if (failed) {
  console.error(`check:size: ${failed} budget(s) exceeded`);
  process.exit(1);
}
console.log('check:size: every budget met');
