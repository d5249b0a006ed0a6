import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import type { PriceHistory } from '../../src/shared/schemas/price-history';
import { Client, memberClient, newMemberCreds, signupBody } from '../support/client';
import { startTestServer, type TestServer } from '../support/server';

// Rows are seeded hours and days in the past, where no refresh of another test file (which records at
// now()) can land in the same time bucket; assertions name the seeded rows only.
let server: TestServer;
let member: Client;
beforeAll(async () => {
  server = await startTestServer();
  member = (await memberClient(server.url)).client;
});
afterAll(async () => {
  await server?.close();
});

/** A recorded XRP price `hours` ago, at a time no other row of this test shares. */
const seed = (hours: number, usd: string, krw: string) =>
  server.db.query(
    `INSERT INTO price_history (symbol, usd_price, krw_price, recorded_at)
     VALUES ('XRP', $1::numeric, $2::numeric, date_trunc('minute', now()) - make_interval(mins => $3::int) + interval '7 seconds')
     ON CONFLICT DO NOTHING`,
    [usd, krw, Math.round(hours * 60)],
  );

/** A recorded XRP price `minute` minutes into the 15-minute bucket that began 23.5 to 23.75 h ago. */
const seedInBucket = (minute: number, usd: string, krw: string) =>
  server.db.query(
    `INSERT INTO price_history (symbol, usd_price, krw_price, recorded_at)
     VALUES ('XRP', $1::numeric, $2::numeric,
             date_bin('15 minutes', now() - interval '23 hours 30 minutes', timestamptz '2000-01-01 00:00+00')
               + make_interval(mins => $3::int) + interval '7 seconds')
     ON CONFLICT DO NOTHING`,
    [usd, krw, minute],
  );

const history = async (query: string) => {
  const res = await member.get<PriceHistory>(`/api/prices/history${query}`);
  expect(res.status).toBe(200);
  return res.body.data!;
};

describe('getPriceHistory', () => {
  it('buckets each period (the last price of a bucket), oldest first, with the 24 h base', async () => {
    // Two prices in one 15-minute bucket 23.5 to 23.75 h ago, the later one winning: placed from the
    // bucket's start, so no bucket edge falls between them whatever the minute the test runs at.
    await seedInBucket(1, '0.5', '700');
    await seedInBucket(2, '0.51', '714');
    await seed(12, '0.52', '728');
    await seed(3 * 24, '0.4', '560');
    await seed(20 * 24, '0.3', '420');
    await seed(40 * 24, '0.2', '280'); // beyond every period

    const day = await history('?period=1d&symbol=XRP');
    expect(day.period).toBe('1d');
    const xrp = day.items[0]!;
    const krw = xrp.points.map((p) => p.krw_price);
    const times = xrp.points.map((p) => Date.parse(p.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(krw).toContain('714');
    expect(krw).not.toContain('700');
    expect(krw).toContain('728');
    expect(krw).not.toContain('560');
    // The base of the 24 h change is the oldest price recorded within them.
    expect(xrp.base_24h?.krw_price).toBe('700');

    const week = (await history('?period=1w&symbol=XRP')).items[0]!.points.map((p) => p.krw_price);
    expect(week).toContain('560');
    expect(week).not.toContain('420');
    const month = (await history('?period=1m&symbol=XRP')).items[0]!.points.map((p) => p.krw_price);
    expect(month).toContain('420');
    expect(month).not.toContain('280');
    for (const points of [week, month]) expect(points.length).toBeLessThanOrEqual(120);
  });

  it('defaults to a day of every asset', async () => {
    const all = await history('');
    expect(all.period).toBe('1d');
    expect(all.items.map((s) => s.symbol)).toEqual(['ETH', 'XRP', 'USDT']);
  });

  it('refuses a bad period or asset in Korean, and callers without both steps', async () => {
    const bad = await member.get('/api/prices/history?period=1y');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe(MSG.market.periodInvalid);
    const krw = await member.get('/api/prices/history?symbol=KRW');
    expect(krw.status).toBe(400);
    expect(krw.body.error?.message).toBe(MSG.market.symbolInvalid);
    expect((await new Client(server.url).get('/api/prices/history')).status).toBe(401);
    const half = new Client(server.url);
    const c = newMemberCreds();
    await half.post('/api/signup', signupBody(c));
    await half.post('/api/login', { email: c.username, password: c.password });
    expect((await half.get('/api/prices/history')).status).toBe(401);
  });

  it('is in the OpenAPI document, with its query and view', async () => {
    const doc = (await new Client(server.url).get('/api/openapi.json')).body as unknown as {
      paths: Record<string, Record<string, { operationId?: string; parameters?: { name: string }[] }>>;
    };
    const op = doc.paths['/api/prices/history']?.get;
    expect(op?.operationId).toBe('getPriceHistory');
    expect(op?.parameters?.map((p) => p.name).sort()).toEqual(['period', 'symbol']);
  });
});
