import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeposit } from '../support/admin-fixtures';
import { type Client, memberClient } from '../support/client';
import { adjustBalance, expectLedgerOk, idemKey, trc20Address } from '../support/money';
import { startTestServer, type TestServer } from '../support/server';

/**
 * DAXA's holds after KRW deposits (decision 0350), on PGlite and (DATABASE_URL) PostgreSQL. Sample prices:
 * 1 USDT = 1,431 KRW. The first approved KRW deposit holds external crypto withdrawals 72 h; each later one
 * holds its won value 24 h; held value cannot leave by internal transfer either.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    KRW_FIRST_DEPOSIT_HOLD_HOURS: '72',
    KRW_DEPOSIT_WITHDRAWAL_DELAY_HOURS: '24',
  });
});
afterAll(async () => {
  await server?.close();
});

async function member(usdt: string) {
  const m = await memberClient(server.url);
  m.client.addressBookPin = null;
  await adjustBalance(server.db, m.id, 'USDT', usdt);
  const reg = await m.client.post('/api/withdrawal-addresses', {
    network: 'TRC20',
    address: trc20Address(),
    label: '내 지갑',
    wallet_kind: 'own',
    second_password: m.creds.pin,
  });
  expect(reg.status).toBe(201);
  return { ...m, addressId: reg.body.data.id as string, address: reg.body.data.address as string };
}
const external = (client: Client, m: { addressId: string; address: string }, amount: string) =>
  client.post(
    '/api/withdrawals/crypto',
    {
      currency: 'USDT',
      amount,
      method: 'external',
      network: 'TRC20',
      recipient_address: m.address,
      address_id: m.addressId,
    },
    { 'idempotency-key': idemKey() },
  );
const internal = (client: Client, to: string, amount: string) =>
  client.post(
    '/api/withdrawals/crypto',
    { currency: 'USDT', amount, method: 'internal', recipient_id: to },
    { 'idempotency-key': idemKey() },
  );
async function approvedKrwDeposit(memberId: string, amount: string, hoursAgo: number) {
  const id = await insertDeposit(server.db, memberId, { status: 'approved', amount });
  await server.db.query(
    `UPDATE deposits SET processed_at = now() - make_interval(hours => $2) WHERE id = $1`,
    [id, hoursAgo],
  );
}
const rules = async (client: Client) => (await client.get('/api/withdrawals/rules')).body.data;

describe('DAXA holds after KRW deposits', () => {
  it('the first KRW deposit holds every external crypto withdrawal for 72 hours', async () => {
    const m = await member('100');
    const friend = await memberClient(server.url);
    await approvedKrwDeposit(m.id, '50000', 48); // 48 h ago: still inside 72 h
    const r = await rules(m.client);
    expect(r.krw_first_deposit_hold_hours).toBe(72);
    const until = new Date(r.krw_deposit_hold_until).getTime();
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(until - Date.now()).toBeLessThan(24.1 * 3600_000);
    expect(r.krw_deposit_holds).toEqual([
      { amount_krw: '50000', until: r.krw_deposit_hold_until, first: true },
    ]);
    expect(r.krw_deposit_held_krw).toBe('50000');
    // 100 USDT = 143,100 KRW; 50,000 held.
    expect(r.krw_deposit_free_krw).toBe('93100');

    const refused = await external(m.client, m, '2');
    expect(refused.status).toBe(400);
    expect(refused.body.error!.fields!.method).toMatch(
      /첫 원화 입금 후 72시간.*\d{4}\.\s\d{1,2}\.\s\d{1,2}\.\s오[전후]\s\d{1,2}:\d{2}부터 출금할 수 있어요/,
    );
    // An internal transfer may move the free part (65 USDT = 93,015 KRW), not the held value.
    const tooMuch = await internal(m.client, friend.creds.username, '66');
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error!.fields!.amount).toMatch(
      /^\[원화 입금 후 출금 지연\] 최근 원화 입금액 50,000원/,
    );
    expect((await internal(m.client, friend.creds.username, '65')).status).toBe(201);
    expect((await rules(m.client)).krw_deposit_free_krw).toBe('85'); // 35 USDT = 50,085 KRW
  });

  it('a later KRW deposit holds only its won value for 24 hours; the rest stays free; then all is free', async () => {
    const m = await member('100');
    await approvedKrwDeposit(m.id, '10000', 100); // the first, past its 72 h
    await approvedKrwDeposit(m.id, '20000', 30); // a later one, past its 24 h
    await approvedKrwDeposit(m.id, '71550', 1); // a later one, holding 71,550 KRW = 50 USDT until 23 h from now
    const r = await rules(m.client);
    expect(r.krw_deposit_hold_until).toBeNull();
    expect(r.krw_deposit_holds).toHaveLength(1);
    expect(r.krw_deposit_holds[0]).toMatchObject({ amount_krw: '71550', first: false });
    expect(new Date(r.krw_deposit_holds[0].until).getTime() - Date.now()).toBeGreaterThan(22.9 * 3600_000);
    expect(r.krw_deposit_free_krw).toBe('71550');

    const over = await external(m.client, m, '50.01');
    expect(over.status).toBe(400);
    expect(over.body.error!.fields!.amount).toMatch(
      /71,550원.*\d{4}\.\s\d{1,2}\.\s\d{1,2}\.\s오[전후]\s\d{1,2}:\d{2}까지.*원화 환산 71,550원까지/,
    );
    expect((await external(m.client, m, '50')).status).toBe(201);
    expect((await rules(m.client)).krw_deposit_free_krw).toBe('0');
    const none = await external(m.client, m, '2');
    expect(none.body.error!.fields!.amount).toMatch(/원화 환산 0원까지/);

    // The hold ends: everything is free again.
    await server.db.query(
      `UPDATE deposits SET processed_at = processed_at - interval '24 hours' WHERE member_id = $1`,
      [m.id],
    );
    const after = await rules(m.client);
    expect(after.krw_deposit_holds).toEqual([]);
    expect(after.krw_deposit_held_krw).toBe('0');
    expect((await external(m.client, m, '10')).status).toBe(201);
    await expectLedgerOk(server.db);
  });

  it('50 parallel withdrawals and transfers against a partly held balance never take more than the free part', async () => {
    const m = await member('100'); // 143,100 KRW
    const friend = await memberClient(server.url);
    await approvedKrwDeposit(m.id, '5000', 100);
    await approvedKrwDeposit(m.id, '100000', 2); // free: 43,100 KRW = 15 × 2 USDT (2,862 KRW) and a rest
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0 ? external(m.client, m, '2') : internal(m.client, friend.creds.username, '2'),
      ),
    );
    const created = results.filter((r) => r.status === 201).length;
    expect(results.every((r) => r.status === 201 || r.status === 400)).toBe(true);
    expect(created).toBe(15);
    const [sum] = await server.db.query<{ total: string }>(
      `SELECT COALESCE(sum(amount), 0)::text AS total FROM withdrawals WHERE member_id = $1 AND status <> 'rejected'`,
      [m.id],
    );
    expect(Number(sum!.total)).toBe(30);
  });
});
