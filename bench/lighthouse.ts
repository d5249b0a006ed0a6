/**
 * Lighthouse 12 (mobile: its default Moto G Power emulation and simulated slow 4G) on /login and on /main
 * with a member's session, served by the real server from the production build, in Debian's Chromium
 * (`CHROME_PATH` to use another). Each route is audited `runs` times in a fresh Chromium; medians.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median } from './lib';

export interface LighthouseRow {
  route: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  scores: number[];
  /**
   * Lighthouse's own measure of the host's CPU (`lhr.environment.benchmarkIndex`), median of the runs: runs on
   * different hosts compared. Lighthouse warns below 1,000 that its 4× slowdown overshoots (docs/throttling.md).
   * Absent in reports older than this field.
   */
  benchmarkIndex?: number;
  benchmarkIndexes?: number[];
}

export const CHROME = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => !!p && existsSync(p),
);

interface Sample {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  benchmarkIndex: number;
}

/**
 * Chromium's own omnibox pages, which it loads at start even headless (Chromium 156: two `browser_ui`
 * targets, chrome://omnibox-popup.top-chrome/, each a renderer running Lit and some 200 scripts while the
 * audited page loads). On a 2-core machine they take CPU from the page under audit. They are switched off with
 * the background work chrome-launcher's default flags switch off, in the same `--disable-features` list (Chromium
 * reads only the last one given); `BENCH_LIGHTHOUSE_CHROME_UI=keep` leaves them on, to compare.
 */
const CHROME_UI_FEATURES =
  process.env.BENCH_LIGHTHOUSE_CHROME_UI === 'keep' ? '' : ',WebUIOmniboxPopup,WebUIOmniboxAimPopup';
const CHROME_FLAGS = [
  ...chromeLauncher.Launcher.defaultFlags().map((f) =>
    f.startsWith('--disable-features=') ? `${f}${CHROME_UI_FEATURES}` : f,
  ),
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
];

async function auditOnce(origin: string, route: string, cookie: string | undefined): Promise<Sample> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME!,
    ignoreDefaultFlags: true,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(`${origin}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`lighthouse gave no result for ${route}`);
    const { lhr } = result;
    // BENCH_LIGHTHOUSE_DUMP=<folder>: every run's full report is kept there, to read its long tasks.
    const dump = process.env.BENCH_LIGHTHOUSE_DUMP;
    if (dump) {
      mkdirSync(dump, { recursive: true });
      writeFileSync(path.join(dump, `${route.replace(/\W+/g, '_')}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const final = new URL(lhr.finalDisplayedUrl).pathname;
    if (final !== route) throw new Error(`${route} ended on ${final}: is the session valid?`);
    const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      fcp: num('first-contentful-paint'),
      benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? Number.NaN),
    };
  } finally {
    chrome.kill();
  }
}

export async function runLighthouse(
  origin: string,
  routes: { route: string; cookie?: string }[],
  runs: number,
  log: (line: string) => void,
): Promise<LighthouseRow[]> {
  if (!CHROME) throw new Error('Chromium not found: apt-get install chromium (or set CHROME_PATH)');
  const rows: LighthouseRow[] = [];
  for (const { route, cookie } of routes) {
    const samples: Sample[] = [];
    for (let i = 0; i < runs; i++) {
      // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP on a busy machine): that run
      // is made again, up to twice.
      for (let attempt = 1; ; attempt++) {
        try {
          samples.push(await auditOnce(origin, route, cookie));
          break;
        } catch (err) {
          if (attempt >= 3) throw err;
          log(`lighthouse ${route} run ${i + 1}: ${(err as Error).message}; again`);
        }
      }
      const s = samples.at(-1)!;
      log(
        `lighthouse ${route} run ${i + 1}: ${s.score} (LCP ${s.lcp.toFixed(0)} ms, TBT ${s.tbt.toFixed(0)} ms, CLS ${s.cls.toFixed(3)}, host benchmarkIndex ${s.benchmarkIndex})`,
      );
    }
    rows.push({
      route,
      score: median(samples.map((s) => s.score)),
      lcpMs: median(samples.map((s) => s.lcp)),
      tbtMs: median(samples.map((s) => s.tbt)),
      cls: median(samples.map((s) => s.cls)),
      fcpMs: median(samples.map((s) => s.fcp)),
      scores: samples.map((s) => s.score),
      benchmarkIndex: median(samples.map((s) => s.benchmarkIndex)),
      benchmarkIndexes: samples.map((s) => s.benchmarkIndex),
    });
  }
  return rows;
}
