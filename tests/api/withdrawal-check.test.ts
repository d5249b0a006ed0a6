import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { Client, newMemberCreds, signupBody } from '../support/client';
import { trc20Address, xrpAddress } from '../support/money';
import { external, register, rulesFile, sleep, WAIT_USABLE_MS } from '../support/withdrawal-rules';

/**
 * The withdrawal's check before the confirmation sheet (POST …/check: the request's own code, rolled back),
 * an exchange's XRP address without its tag, and the session a sign-up opens.
 */
const R = MSG.wrules;
const { server, member } = rulesFile();
const count = async (memberId: string) =>
  (
    await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM withdrawals WHERE member_id = $1', [
      memberId,
    ])
  )[0]!.n;

describe('the withdrawal check', () => {
  it('meets every rule the request would meet, at its field, without the second password; writes nothing', async () => {
    const m = await member();
    const reg = await register(m.client, m.creds.pin, { wallet_kind: 'exchange', exchange: 'upbit' });
    const address = reg.body.data.address as string;
    const check = (body: unknown) => m.client.post('/api/withdrawals/crypto/check', body);

    // The address book's waiting period, then the travel rule from 14,310원 (10 USDT), then the daily limit.
    const waiting = await check(external(address));
    expect(waiting.status).toBe(400);
    expect(waiting.body.error!.fields!.recipient_address).toMatch(/^\[출금 주소 대기 시간\]/);
    await sleep(WAIT_USABLE_MS);
    expect((await check(external(address))).body).toEqual({ data: { ok: true }, error: null });
    const travel = await check(external(address, { amount: '10' }));
    expect(travel.status).toBe(400);
    expect(travel.body.error!.fields).toEqual({
      travel_rule_name: R.travelNameRequired('14,310'),
      travel_rule_exchange: R.travelExchangeRequired('14,310'),
    });
    const named = { amount: '10', travel_rule_name: '김수취', travel_rule_exchange: 'upbit' };
    expect((await check(external(address, named))).status).toBe(200);
    const limit = await check(external(address, { ...named, amount: '70' }));
    expect(limit.body.error!.fields!.amount).toMatch(/^\[1일 출금 한도\]/);
    // Above the balance and below the KRW minimum: the same refusals as the request's.
    const over = await check(external(address, { ...named, amount: '5000' }));
    expect(over.body.error!.fields!.amount).toBe(MSG.withdraw.checkAvailable);
    const krw = await m.client.post('/api/withdrawals/krw/check', { amount: '5000' });
    expect(krw.status).toBe(400);
    expect(krw.body.error!.fields!.amount).toBeTruthy();
    expect(await count(m.id)).toBe(0);
  });

  it('is for a signed-in member only', async () => {
    const r = await new Client(server.url).post('/api/withdrawals/crypto/check', external(trc20Address()));
    expect(r.status).toBe(401);
  });
});

describe('XRP destination tags in the address book', () => {
  it("an exchange's XRP address needs its tag; the member's own wallet may go without", async () => {
    const m = await member();
    const xrp = { network: 'XRPL', address: xrpAddress() };
    const exchange = await register(m.client, m.creds.pin, {
      ...xrp,
      wallet_kind: 'exchange',
      exchange: 'upbit',
    });
    expect(exchange.status).toBe(400);
    expect(exchange.body.error!.fields!.destination_tag).toBe(MSG.withdraw.tagRequiredExchange);
    const tagged = await register(m.client, m.creds.pin, {
      ...xrp,
      destination_tag: '12345',
      wallet_kind: 'exchange',
      exchange: 'upbit',
    });
    expect(tagged.status).toBe(201);
    expect((await register(m.client, m.creds.pin, { network: 'XRPL', address: xrpAddress() })).status).toBe(
      201,
    );
  });
});

describe('sign-up', () => {
  it('ends signed in: the answer carries the full session and its cookie opens a member route', async () => {
    const c = newMemberCreds();
    const client = new Client(server.url);
    const s = await client.post('/api/signup', signupBody(c));
    expect(s.status).toBe(201);
    expect(s.body.data.session).toMatchObject({ stage: 'full', user: { username: c.username } });
    expect((await client.get('/api/balances')).status).toBe(200);
  });
});
