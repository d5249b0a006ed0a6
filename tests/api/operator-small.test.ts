import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config';
import { startTestServer, type TestServer } from '../support/server';

/** Smaller operator matters: metrics that always have their series, what a restore leaves behind. */
let server: TestServer;
const TOKEN = 'operator-small-metrics-token';
beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await server?.close();
});

describe('metrics', () => {
  it('every pending-request series and every price age exists even when there is nothing to count', async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const [kind, currencies] of [
      ['deposits', ['KRW', 'USDT']],
      ['withdrawals', ['KRW', 'ETH', 'XRP', 'USDT']],
    ] as const) {
      for (const currency of currencies) {
        for (const name of ['wallet_pending_requests', 'wallet_pending_amount']) {
          expect(text, `${name} ${kind} ${currency}`).toMatch(
            new RegExp(`^${name}\\{kind="${kind}",currency="${currency}"\\} [0-9.e+]+$`, 'm'),
          );
        }
      }
    }
    // A price the server never stored reads +Inf (an alert on its age fires); a stored one its age.
    for (const symbol of ['ETHUSDT', 'XRPUSDT', 'USDKRW']) {
      expect(text, symbol).toMatch(
        new RegExp(
          `^wallet_price_age_seconds\\{symbol="${symbol}",source="[^"]+"\\} (\\+Inf|[0-9.e+-]+)$`,
          'm',
        ),
      );
    }
    const stored = await server.db.query<{ symbol: string }>(
      `SELECT symbol FROM crypto_prices UNION ALL SELECT from_currency || to_currency FROM exchange_rates`,
    );
    for (const symbol of ['ETHUSDT', 'XRPUSDT', 'USDKRW'].filter(
      (s) => !stored.some((r) => r.symbol === s),
    )) {
      expect(text).toContain(`wallet_price_age_seconds{symbol="${symbol}",source="none"} +Inf`);
    }
  });
});

describe('npm run restore -- --force', () => {
  it('what it moves aside beside the default data folder is ignored by git', () => {
    const moved = `data.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}/PG_VERSION`;
    const r = spawnSync('git', ['check-ignore', '-q', moved]);
    expect(r.status).toBe(0);
  });
});

describe('the client build', () => {
  it('drops the "use client" notices of packages, and keeps every other warning', () => {
    const config = (viteConfig as (env: { command: 'build'; mode: string }) => any)({
      command: 'build',
      mode: 'production',
    });
    const onwarn = config.build.rollupOptions.onwarn as (w: object, warn: (w: object) => void) => void;
    const shown: object[] = [];
    const directive = {
      code: 'MODULE_LEVEL_DIRECTIVE',
      id: '/app/node_modules/sonner/dist/index.mjs',
      message:
        'Module level directives cause errors when bundled, "use client" in "node_modules/sonner/dist/index.mjs" was ignored.',
    };
    onwarn(directive, (w) => shown.push(w));
    expect(shown).toEqual([]);
    const ours = {
      ...directive,
      id: '/app/src/client/main.tsx',
      message: 'Module level directives … "use strict" …',
    };
    onwarn(ours, (w) => shown.push(w));
    onwarn({ code: 'CIRCULAR_DEPENDENCY', message: 'x' }, (w) => shown.push(w));
    expect(shown).toHaveLength(2);
  });
});
