import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FX_FEED_URL, DEFAULT_PRICE_FEED_URL, loadConfig } from '../../src/server/config';
import type { PriceFeedConfig } from '../../src/server/config-sections';
import { createPriceRefresher, type RefresherLog } from '../../src/server/prices/price-refresher';
import type { PriceHistory } from '../../src/shared/schemas/price-history';
import type { Prices } from '../../src/shared/schemas/prices';
import { memberClient } from '../support/client';
import { startFakePriceProvider } from '../support/fake-price-provider';
import { fileServer, late } from '../support/fixture';
import { startTestServer } from '../support/server';
import { expectBothStepsNeeded } from '../support/session-checks';

// These tests share the price tables (global by nature) and run one after another within this file;
// each one sets the state it needs. No other test file writes prices.
const LIVE = { eth: '2000.12345678', xrp: '0.5', krw: '1400.25' };

const fake = late(
  () => startFakePriceProvider(LIVE),
  (f) => f.close(),
);
// A database of its own: the price tables are global, and other files read prices while this one changes them.
const server = fileServer({}, { ownDatabase: true });
const member = late(async () => (await memberClient(server.url)).client);

const clearPrices = async (db = server.db) => {
  await db.query('DELETE FROM crypto_prices');
  await db.query('DELETE FROM exchange_rates');
  await db.query('DELETE FROM price_refresh_claims');
};

const getPrices = async (client = member) => {
  const res = await client.get<Prices>('/api/prices');
  expect(res.status).toBe(200);
  return res.body.data!;
};
const item = (p: Prices, symbol: string) => p.items.find((i) => i.symbol === symbol)!;

/** A refresher of our own code driven by hand, against the fake provider; its log is kept. */
function refresher(over: Partial<PriceFeedConfig> = {}) {
  const logs: { level: 'warn' | 'info'; obj: Record<string, unknown>; msg: string }[] = [];
  const log: RefresherLog = {
    warn: (obj, msg) => logs.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
    info: (obj, msg) => logs.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
  };
  const feed: PriceFeedConfig = {
    feedUrl: fake.tickerUrl,
    fxUrl: fake.fxUrl,
    intervalMs: 0, // every tick may claim: these tests tick on purpose
    timeoutMs: 400,
    staleSeconds: server.config.prices.staleSeconds,
    ...over,
  };
  return { r: createPriceRefresher(server.db, feed, log), logs };
}

const expectSample = (p: Prices) => {
  expect(p.source).toBe('sample');
  expect(p.usd_krw).toEqual({ rate: '1431', source: 'sample', updated_at: null });
  expect(p.items.map((i) => [i.symbol, i.price, i.krw_price, i.source])).toEqual([
    ['ETH', '3075.5', '4401040.5', 'sample'],
    ['XRP', '0.5542', '793.0602', 'sample'],
    ['USDT', '1', '1431', 'sample'],
  ]);
};

const expectLive = (p: Prices) => {
  expect(p.source).toBe('live');
  expect(p.usd_krw.rate).toBe('1400.25');
  expect(p.usd_krw.source).toBe('live');
  expect(p.items.map((i) => [i.symbol, i.pair, i.price, i.krw_price, i.source])).toEqual([
    ['ETH', 'ETHUSDT', '2000.12345678', '2800672.870356195', 'live'],
    ['XRP', 'XRPUSDT', '0.5', '700.125', 'live'],
    ['USDT', 'USDT', '1', '1400.25', 'live'],
  ]);
  for (const i of p.items) expect(Date.now() - Date.parse(i.updated_at!)).toBeLessThan(60_000);
};

beforeEach(() => {
  fake.set('ok');
});

describe('getPrices', () => {
  it('needs a member who passed both steps', async () => {
    await expectBothStepsNeeded(server.url, '/api/prices');
  });

  it('serves the built-in sample prices (SPEC §9) while nothing was ever fetched', async () => {
    await clearPrices();
    const p = await getPrices();
    expectSample(p);
    expect(p.items.map((i) => i.korean_name)).toEqual(['이더리움', '리플', '테더']);
    expect(p.stale_after_seconds).toBe(300);
  });
});

describe('the refresher started by the server', () => {
  it('fetches from the configured providers at start and every interval, and serves live prices', async () => {
    const live = await startTestServer({
      DATABASE_URL: server.config.databaseUrl ?? '',
      PRICE_REFRESH: 'true',
      PRICE_FEED_URL: fake.tickerUrl,
      FX_FEED_URL: fake.fxUrl,
      PRICE_REFRESH_MS: '200',
      PRICE_FETCH_TIMEOUT_MS: '500',
    });
    try {
      await clearPrices(live.db);
      const client = (await memberClient(live.url)).client;
      await expect.poll(async () => (await getPrices(client)).source, { timeout: 10_000 }).toBe('live');
      expectLive(await getPrices(client));
      const rows = await live.db.query<{
        symbol: string;
        price: string;
        source: string;
        korean_name: string;
      }>(`SELECT symbol, price::text AS price, source, korean_name FROM crypto_prices ORDER BY symbol`);
      expect(rows).toEqual([
        {
          symbol: 'ETHUSDT',
          price: '2000.12345678',
          source: new URL(fake.base).host,
          korean_name: '이더리움',
        },
        { symbol: 'XRPUSDT', price: '0.50000000', source: new URL(fake.base).host, korean_name: '리플' },
      ]);
      // It keeps refreshing: a new provider value shows up without a restart.
      fake.state.values.eth = '2100';
      await expect
        .poll(async () => item(await getPrices(client), 'ETH').price, { timeout: 10_000 })
        .toBe('2100');
    } finally {
      fake.state.values.eth = LIVE.eth;
      await live.close();
    }
    // After close nothing asks the provider any more.
    const hits = fake.state.hits.ticker;
    await new Promise((r) => setTimeout(r, 500));
    expect(fake.state.hits.ticker).toBe(hits);
  });

  it('is off with PRICE_REFRESH=false and uses public no-key providers by default', () => {
    const c = loadConfig({});
    expect(c.prices).toMatchObject({
      refresh: true,
      feedUrl: DEFAULT_PRICE_FEED_URL,
      fxUrl: DEFAULT_FX_FEED_URL,
      intervalMs: 30_000,
      staleSeconds: 300,
    });
    expect(decodeURIComponent(new URL(c.prices.feedUrl).search)).toBe('?symbols=["ETHUSDT","XRPUSDT"]');
    expect(loadConfig({ PRICE_REFRESH: 'false' }).prices.refresh).toBe(false);
    expect(() => loadConfig({ PRICE_FEED_URL: 'ftp://example.com/x' })).toThrow();
    expect(() => loadConfig({ FX_FEED_URL: 'not a url' })).toThrow();
  });
});

describe('a bad provider never breaks getPrices', () => {
  it('keeps the last good value through garbage, HTTP 500, timeouts and resets, logging each reason once', async () => {
    await clearPrices();
    const { r, logs } = refresher();
    expect((await r.tick())?.prices).toBe('ok');
    expectLive(await getPrices());

    for (const mode of ['garbage', 'http500', 'timeout', 'reset'] as const) {
      fake.set(mode);
      const started = Date.now();
      const first = await r.tick();
      const second = await r.tick();
      expect(Date.now() - started).toBeLessThan(3_000); // the timeout (400 ms) bounds a hanging provider
      expect(first?.claimed).toBe(true);
      expect(second?.prices).toBe(first?.prices);
      expectLive(await getPrices());
    }
    const warnings = logs.filter((l) => l.level === 'warn');
    // Two feeds × four kinds of failure, each logged once although each happened twice.
    expect(warnings).toHaveLength(8);
    expect(warnings.map((w) => `${w.obj.provider}: ${w.obj.reason}`)).toEqual([
      'prices: response is not JSON',
      'fx: response is not JSON',
      'prices: HTTP 500',
      'fx: HTTP 500',
      'prices: timeout after 400 ms',
      'fx: timeout after 400 ms',
      expect.stringMatching(/^prices: unreachable \(/),
      expect.stringMatching(/^fx: unreachable \(/),
    ]);

    // Recovery is logged once too.
    fake.set('ok');
    await r.tick();
    await r.tick();
    expect(logs.filter((l) => l.level === 'info').map((l) => l.obj.provider)).toEqual(['prices', 'fx']);
    await r.stop();
    expect(await r.tick()).toBeNull();
  });

  it('falls back to the sample prices once the last good value is stale', async () => {
    await clearPrices();
    const { r } = refresher();
    await r.tick();
    expectLive(await getPrices());
    fake.set('http500');
    await r.tick();
    const stale = server.config.prices.staleSeconds + 1;
    await server.db.query(`UPDATE crypto_prices SET updated_at = now() - make_interval(secs => $1)`, [stale]);
    await server.db.query(`UPDATE exchange_rates SET updated_at = now() - make_interval(secs => $1)`, [
      stale,
    ]);
    expectSample(await getPrices());
    // The provider answers again: live at the next refresh.
    fake.set('ok');
    await r.tick();
    expectLive(await getPrices());
  });

  it('serves what is usable: a price without a rate, a missing pair, an implausible rate', async () => {
    await clearPrices();
    const { r } = refresher();
    fake.set('partial');
    const outcome = await r.tick();
    expect(outcome?.prices).toBe('missing XRPUSDT in the response');
    expect(outcome?.fx).toBe('provider result error');
    let p = await getPrices();
    expect(p.source).toBe('sample');
    expect(p.usd_krw.rate).toBe('1431');
    // ETH's live USD price is served, but valued at the sample rate it is not a live KRW value.
    expect(item(p, 'ETH')).toMatchObject({ price: '2000.12345678', source: 'sample' });
    expect(item(p, 'XRP')).toMatchObject({ price: '0.5542', source: 'sample', updated_at: null });

    fake.set('ok', 'fx');
    fake.state.values.krw = '0.0007'; // an inverted rate: refused
    expect((await r.tick())?.fx).toBe('implausible KRW rate 0.0007');
    expect((await getPrices()).usd_krw.source).toBe('sample');
    fake.state.values.krw = LIVE.krw;
    await r.tick();
    p = await getPrices();
    expect(item(p, 'ETH').source).toBe('live');
    expect(item(p, 'USDT').source).toBe('live');
    expect(item(p, 'XRP').source).toBe('sample');
    expect(p.source).toBe('sample');
  });

  it('only one instance refreshes at a time', async () => {
    await clearPrices();
    const a = refresher({ intervalMs: 60_000 });
    const b = refresher({ intervalMs: 60_000 });
    const hits = fake.state.hits.ticker;
    const outcomes = await Promise.all([a.r.tick(), b.r.tick()]);
    expect(outcomes.filter((o) => o?.claimed)).toHaveLength(1);
    expect(fake.state.hits.ticker - hits).toBe(1);
    // Within the interval nobody refreshes again.
    expect((await b.r.tick())?.claimed).toBe(false);
    expectLive(await getPrices());
  });
});

describe('the price history kept from the refreshes', () => {
  it('records each live price as served, never the sample, and serves it with the 24 h base', async () => {
    await clearPrices();
    const [{ since } = { since: '' }] = await server.db.query<{ since: string }>(
      'SELECT clock_timestamp()::text AS since',
    );
    const recorded = async () =>
      server.db.query<{ symbol: string; usd: string; krw: string }>(
        `SELECT symbol, usd_price::text AS usd, krw_price::text AS krw FROM price_history
          WHERE recorded_at >= $1::timestamptz ORDER BY recorded_at, symbol`,
        [since],
      );
    // Both providers down and nothing stored: the sample is served, and nothing is recorded.
    fake.set('http500');
    const { r } = refresher();
    await r.tick();
    expect(await recorded()).toEqual([]);

    fake.set('ok');
    await r.tick();
    const rows = await recorded();
    expect(rows).toEqual([
      { symbol: 'ETH', usd: '2000.12345678', krw: '2800672.87035620' },
      { symbol: 'USDT', usd: '1.00000000', krw: '1400.25000000' },
      { symbol: 'XRP', usd: '0.50000000', krw: '700.12500000' },
    ]);

    const res = await member.get<PriceHistory>('/api/prices/history?period=1d&symbol=ETH');
    expect(res.status).toBe(200);
    const eth = res.body.data!.items;
    expect(eth.map((s) => s.symbol)).toEqual(['ETH']);
    const last = eth[0]!.points.at(-1)!;
    expect([last.usd_price, last.krw_price]).toEqual(['2000.12345678', '2800672.8703562']);
    expect(eth[0]!.base_24h).not.toBeNull();
    await r.stop();
  });
});
