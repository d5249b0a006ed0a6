import { describe, expect, it } from 'vitest';
import type { Balances } from '../../src/shared/schemas/balances';
import { fund } from '../support/admin-fixtures';
import { type Client, memberClient } from '../support/client';
import { fileServer } from '../support/fixture';
import { expectBothStepsNeeded } from '../support/session-checks';

const server = fileServer();

/** A calendar date relative to today in Korea, as the service counts lock end dates. */
async function kstDate(days: number): Promise<string> {
  const [row] = await server.db.query<{ d: string }>(
    `SELECT to_char((now() AT TIME ZONE 'Asia/Seoul')::date + $1::int, 'YYYY-MM-DD') AS d`,
    [days],
  );
  return row!.d;
}

/** Locks are listed newest first; PGlite's clock can give two quick inserts one millisecond. */
let lockSeq = 0;
async function addLock(
  memberId: string,
  currency: string,
  amount: string,
  start: string | null,
  end: string | null,
  reason: string | null = null,
) {
  const [row] = await server.db.query<{ id: string }>(
    `INSERT INTO asset_locks (member_id, currency, locked_amount, lock_start_date, lock_end_date, reason, created_at)
     VALUES ($1, $2, $3::numeric, $4::date, $5::date, $6, clock_timestamp() + $7::int * interval '1 millisecond')
     RETURNING id::text AS id`,
    [memberId, currency, amount, start, end, reason, ++lockSeq],
  );
  return row!.id;
}

async function addWithdrawal(memberId: string, currency: string, amount: string, status: string) {
  await server.db.query(
    `INSERT INTO withdrawals (member_id, currency, amount, fee, final_amount, method, recipient_id, status)
     VALUES ($1, $2, $3::numeric, 0, $3::numeric, $4, $5, $6)`,
    currency === 'KRW'
      ? [memberId, currency, amount, 'bank', null, status]
      : [memberId, currency, amount, 'internal', 'someone', status],
  );
}

const balancesOf = async (client: Client) => {
  const res = await client.get<Balances>('/api/balances');
  expect(res.status).toBe(200);
  expect(res.body.error).toBeNull();
  return res.body.data!.items;
};

describe('getBalances', () => {
  it('gives total, active locks, pending withdrawals, available, latest lock end and the lock list', async () => {
    const { client, id } = await memberClient(server.url);
    await fund(server.db, id, { KRW: '1000000', ETH: '1.5', XRP: '100', USDT: '50.5' });
    const yesterday = await kstDate(-1);
    const today = await kstDate(0);
    const in30 = await kstDate(30);
    const in10 = await kstDate(10);
    const expired = await addLock(id, 'eth', '0.25', '2000-01-01', '2000-01-31', '만료된 잠금');
    const endsYesterday = await addLock(id, 'eth', '0.05', null, yesterday);
    const active30 = await addLock(id, 'eth', '0.5', today, in30, '보호예수');
    const active10 = await addLock(id, 'eth', '0.1', null, in10);
    const openEnded = await addLock(id, 'usdt', '10', today, null);
    const endsToday = await addLock(id, 'usdt', '0.5', null, today);
    await addWithdrawal(id, 'ETH', '0.2', 'pending');
    await addWithdrawal(id, 'ETH', '0.3', 'approved');
    await addWithdrawal(id, 'ETH', '0.4', 'rejected');
    await addWithdrawal(id, 'KRW', '10000', 'pending');
    await server.db.query(
      `INSERT INTO withdrawals (member_id, currency, amount, fee, final_amount, method, network, recipient_address)
       VALUES ($1, 'USDT', 5, 1, 4, 'external', 'TRC20', 'Txyz')`,
      [id],
    );

    const items = await balancesOf(client);
    expect(items.map((b) => b.currency)).toEqual(['KRW', 'ETH', 'XRP', 'USDT', 'BTC']);
    const by = Object.fromEntries(items.map((b) => [b.currency, b]));

    expect(by.KRW).toEqual({
      currency: 'KRW',
      total: '1000000',
      locked: '0',
      held: '10000',
      available: '990000',
      latest_lock_end_date: null,
      locks: [],
    });
    expect(by.ETH).toMatchObject({
      total: '1.5',
      locked: '0.6', // 0.5 + 0.1: the expired locks no longer count
      held: '0.2', // only the pending withdrawal
      available: '0.7',
      latest_lock_end_date: in30,
    });
    expect(by.ETH!.locks).toEqual([
      { id: active10, amount: '0.1', start_date: null, end_date: in10, reason: null, active: true },
      { id: active30, amount: '0.5', start_date: today, end_date: in30, reason: '보호예수', active: true },
      {
        id: endsYesterday,
        amount: '0.05',
        start_date: null,
        end_date: yesterday,
        reason: null,
        active: false,
      },
      {
        id: expired,
        amount: '0.25',
        start_date: '2000-01-01',
        end_date: '2000-01-31',
        reason: '만료된 잠금',
        active: false,
      },
    ]);
    // A lock holds through its end date; one without an end date holds until removed.
    expect(by.USDT).toMatchObject({
      total: '50.5',
      locked: '10.5',
      held: '5',
      available: '35',
      latest_lock_end_date: today,
    });
    expect(by.USDT!.locks.map((l) => [l.id, l.active])).toEqual([
      [endsToday, true],
      [openEnded, true],
    ]);
    expect(by.XRP).toMatchObject({ total: '100', locked: '0', held: '0', available: '100' });
    expect(by.BTC).toEqual({
      currency: 'BTC',
      total: '0',
      locked: '0',
      held: '0',
      available: '0',
      latest_lock_end_date: null,
      locks: [],
    });
  });

  it('never shows available below zero when locks exceed the balance', async () => {
    const { client, id } = await memberClient(server.url);
    await fund(server.db, id, { XRP: '10' });
    await addLock(id, 'xrp', '8', null, null);
    await addWithdrawal(id, 'XRP', '5', 'pending');
    const xrp = (await balancesOf(client)).find((b) => b.currency === 'XRP')!;
    expect(xrp).toMatchObject({ total: '10', locked: '8', held: '5', available: '0' });
  });

  it("shows only the session member's own balances and locks", async () => {
    const a = await memberClient(server.url);
    const b = await memberClient(server.url);
    await fund(server.db, a.id, { ETH: '3' });
    await addLock(a.id, 'eth', '1', null, null);
    const bItems = await balancesOf(b.client);
    expect(bItems.every((x) => x.total === '0' && x.locks.length === 0)).toBe(true);
    // A member id in the query is not a way to read someone else's balances.
    const res = await b.client.get(`/api/balances?member_id=${a.id}`);
    if (res.status === 200) expect(res.body.data.items.every((x: any) => x.total === '0')).toBe(true);
    else expect(res.status).toBe(400);
  });

  it('a fresh member has zero everywhere', async () => {
    const { client } = await memberClient(server.url);
    const items = await balancesOf(client);
    expect(items.map((b) => [b.total, b.available])).toEqual(Array(5).fill(['0', '0']));
  });

  it('needs a member who passed both steps', async () => {
    await expectBothStepsNeeded(server.url, '/api/balances');
  });

  it('appears in the OpenAPI document with getPrices and listNotices', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId?: string; summary?: string }>>;
    };
    expect(doc.paths['/api/balances']?.get?.operationId).toBe('getBalances');
    expect(doc.paths['/api/prices']?.get?.operationId).toBe('getPrices');
    expect(doc.paths['/api/notices']?.get?.operationId).toBe('listNotices');
    for (const p of ['/api/balances', '/api/prices', '/api/notices'])
      expect(doc.paths[p]?.get?.summary).toMatch(/[가-힣]/);
  });
});
