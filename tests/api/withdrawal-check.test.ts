import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { Client, newMemberCreds, signupBody } from '../support/client';
import { adjustBalance, trc20Address, xrpAddress } from '../support/money';
import { external, register, rulesFile, sleep, WAIT_USABLE_MS, withdraw } from '../support/withdrawal-rules';

/**
 * The withdrawal's check before the confirmation sheet (POST …/check: the request's own code, rolled back,
 * and the second-password attempts left), an exchange's XRP address without its tag, and the session a
 * sign-up opens.
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
    expect((await check(external(address))).body).toEqual({
      data: { ok: true, second_password: { attempts_left: 5, attempts_max: 5 } },
      error: null,
    });
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

  it("says how many second-password attempts are left, from the member's own counter only", async () => {
    const m = await member();
    const other = await member();
    const reg = await register(m.client, m.creds.pin);
    const address = reg.body.data.address as string;
    const otherReg = await register(other.client, other.creds.pin);
    await sleep(WAIT_USABLE_MS);
    const attempts = async (c: typeof m, body: unknown) =>
      (await c.client.post('/api/withdrawals/crypto/check', body)).body.data?.second_password;
    const wrong = m.creds.pin === '000000' ? '111111' : '000000';
    const refused = await withdraw(m.client, { ...external(address), second_password: wrong });
    expect(refused.body.error!.fields!.second_password).toBe(R.secondPasswordWrong(4));
    expect(await attempts(m, external(address))).toEqual({ attempts_left: 4, attempts_max: 5 });
    // Another member's count is their own.
    expect(await attempts(other, external(otherReg.body.data.address as string))).toEqual({
      attempts_left: 5,
      attempts_max: 5,
    });
    // A right PIN leaves the failures of the window counted, as the lockout counts them.
    expect((await withdraw(m.client, external(address))).status).toBe(201);
    expect(await attempts(m, external(address))).toEqual({ attempts_left: 4, attempts_max: 5 });
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

  it("an exchange's XRP entry saved without a tag is refused for a withdrawal; an own wallet's is sent", async () => {
    const m = await member();
    await adjustBalance(server.db, m.id, 'XRP', '100');
    // Entries saved before the address book asked for the tag: one named an exchange, one the member's own.
    const saved = async (kind: 'own' | 'exchange') => {
      const address = xrpAddress();
      const [row] = await server.db.query<{ id: string }>(
        `INSERT INTO withdrawal_addresses (member_id, network, address, address_key, label, wallet_kind, exchange, usable_at)
         VALUES ($1, 'XRPL', $2, $2, '예전 주소', $3, $4, now()) RETURNING id::text AS id`,
        [m.id, address, kind, kind === 'exchange' ? 'upbit' : null],
      );
      return { address, id: row!.id };
    };
    const exchange = await saved('exchange');
    const own = await saved('own');
    const xrp = (to: { address: string; id: string }, over: Record<string, unknown> = {}) =>
      external(to.address, { currency: 'XRP', network: 'XRPL', amount: '5', address_id: to.id, ...over });
    for (const path of ['/api/withdrawals/crypto/check', '/api/withdrawals/crypto']) {
      const r =
        path === '/api/withdrawals/crypto'
          ? await withdraw(m.client, xrp(exchange))
          : await m.client.post(path, xrp(exchange));
      expect(r.status, path).toBe(400);
      expect(r.body.error).toMatchObject({
        message: R.xrpExchangeNoTag,
        fields: { address_id: R.xrpExchangeNoTag },
      });
    }
    // The member's own wallet may go without a tag, but not when they name an exchange as the receiver.
    const named = await m.client.post(
      '/api/withdrawals/crypto/check',
      xrp(own, { travel_rule_exchange: 'bithumb', travel_rule_name: '김수취' }),
    );
    expect(named.body.error!.fields).toEqual({ travel_rule_exchange: R.xrpExchangeNoTag });
    expect((await withdraw(m.client, xrp(own))).status).toBe(201);
    expect(await count(m.id)).toBe(1);
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

  it("is a sign-in of the sign-in log: one row, the member's own", async () => {
    const c = newMemberCreds();
    const client = new Client(server.url);
    expect((await client.post('/api/signup', signupBody(c))).status).toBe(201);
    const log = await client.get<{ items: { kind: string; success: boolean }[] }>(
      '/api/profile/sign-in-activity',
    );
    expect(log.body.data!.items.map((e) => [e.kind, e.success])).toEqual([['login', true]]);
  });
});
