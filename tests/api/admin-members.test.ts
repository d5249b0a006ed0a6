import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { fund, insertDeposit, insertWithdrawal } from '../support/admin-fixtures';
import { memberClient } from '../support/client';
import { fileAdmin, fileServer } from '../support/fixture';
import { uniqueName } from '../support/server';

const A = MSG.admin;
const server = fileServer();
const admin = fileAdmin(server);

const list = (query: string) => admin.client.get(`/api/admin/members?${query}`);
const usernames = (res: { body: any }) => res.body.data.items.map((m: { username: string }) => m.username);

describe('member list and search', () => {
  it('finds members by any part of username, email or name, in any case, exact matches first', async () => {
    const stem = uniqueName('s').slice(0, 12);
    const exact = await memberClient(server.url, { username: stem, email: `${stem}@example.com` });
    const longer = await memberClient(server.url, {
      username: `${stem}x`,
      email: `${stem}x@example.com`,
      fullName: '김검색',
    });
    const byEmail = await memberClient(server.url, { email: `zz_${stem}_zz@example.org` });

    const res = await list(`q=${stem.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(3);
    // The exact username match leads, then the rest newest first.
    expect(usernames(res)).toEqual([exact.creds.username, byEmail.creds.username, longer.creds.username]);
    const item = res.body.data.items[0];
    expect(item).toMatchObject({
      id: exact.id,
      email: exact.creds.email,
      full_name: '홍길동',
      is_admin: false,
      bank_verified: null,
    });
    expect(item.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    expect(usernames(await list(`q=${encodeURIComponent(`zz_${stem}_zz@example.org`)}`))).toEqual([
      byEmail.creds.username,
    ]);
    const byName = await list(`q=${encodeURIComponent(`${stem}x`)}`);
    expect(usernames(byName)).toEqual([longer.creds.username]);
    expect(usernames(await list(`q=${encodeURIComponent(' 김검색 ')}`))).toContain(longer.creds.username);
  });

  it('treats % and _ in the search text literally', async () => {
    const stem = uniqueName('p').slice(0, 10);
    const m = await memberClient(server.url, { email: `${stem}_lit@example.com` });
    await memberClient(server.url, { email: `${stem}xlit@example.com` });
    const underscore = await list(`q=${encodeURIComponent(`${stem}_lit`)}`);
    expect(usernames(underscore)).toEqual([m.creds.username]);
    const percent = await list(`q=${encodeURIComponent(`${stem}%lit`)}`);
    expect(percent.body.data.total).toBe(0);
    expect(percent.body.data.items).toEqual([]);
  });

  it('pages newest first with a total, searched or not', async () => {
    const stem = uniqueName('g').slice(0, 10);
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await memberClient(server.url, { username: `${stem}${i}` })).creds.username);
    const newestFirst = [...made].reverse();
    const p1 = await list(`q=${stem}&page=1&pageSize=2`);
    const p2 = await list(`q=${stem}&page=2&pageSize=2`);
    const p3 = await list(`q=${stem}&page=3&pageSize=2`);
    const p4 = await list(`q=${stem}&page=4&pageSize=2`);
    expect(p1.body.data).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect([...usernames(p1), ...usernames(p2), ...usernames(p3)]).toEqual(newestFirst);
    expect(p4.body.data).toMatchObject({ total: 5, items: [] });

    const all = await list('page=1&pageSize=3');
    expect(all.body.data.items).toHaveLength(3);
    expect(all.body.data.total).toBeGreaterThanOrEqual(6);
    const times = all.body.data.items.map((m: { created_at: string }) => m.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('refuses bad paging and over-long searches in Korean', async () => {
    for (const [query, message] of [
      ['page=0', A.pageInvalid],
      ['page=abc', A.pageInvalid],
      ['pageSize=101', A.pageSizeInvalid],
      [`q=${'a'.repeat(101)}`, A.searchTooLong],
    ] as const) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error?.message).toBe(message);
    }
    const unknown = await list('sort=name');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toContain(MSG.common.unknownField);
  });
});

describe('member detail', () => {
  it('shows profile, balances (total, locked, held, available), bank account, address, locks and requests', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { USDT: '100.5', KRW: '20000' });
    await server.db.query(
      `INSERT INTO asset_locks (member_id, currency, locked_amount, reason) VALUES ($1, 'usdt', 30, '테스트')`,
      [m.id],
    );
    await insertWithdrawal(server.db, m.id, { currency: 'USDT', amount: '10.5' });
    await insertDeposit(server.db, m.id, { currency: 'KRW', amount: '10000' });
    await server.db.query(
      `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder) VALUES ($1, '국민은행', '1234567890', '홍길동')`,
      [m.id],
    );
    const res = await admin.client.get(`/api/admin/members/${m.id}`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.member).toMatchObject({
      id: m.id,
      username: m.creds.username,
      email: m.creds.email,
      full_name: '홍길동',
      contact: '010-1234-5678',
      is_admin: false,
      has_second_password: true,
      deposit_addresses: { TRC20: null, ERC20: null },
    });
    expect(d.member).not.toHaveProperty('password_hash');
    expect(d.balances).toEqual([
      { currency: 'KRW', total: '20000', locked: '0', held: '0', available: '20000' },
      { currency: 'ETH', total: '0', locked: '0', held: '0', available: '0' },
      { currency: 'XRP', total: '0', locked: '0', held: '0', available: '0' },
      { currency: 'USDT', total: '100.5', locked: '30', held: '10.5', available: '60' },
    ]);
    expect(d.bank_account).toMatchObject({
      bank_name: '국민은행',
      account_number: '1234567890',
      is_verified: false,
    });
    expect(d.locks).toHaveLength(1);
    expect(d.locks[0]).toMatchObject({
      currency: 'usdt',
      locked_amount: '30',
      reason: '테스트',
      active: true,
    });
    expect(d.deposits).toHaveLength(1);
    expect(d.deposits[0]).toMatchObject({
      currency: 'KRW',
      amount: '10000',
      status: 'pending',
      username: m.creds.username,
    });
    expect(d.withdrawals[0]).toMatchObject({
      currency: 'USDT',
      amount: '10.5',
      fee: '1',
      final_amount: '9.5',
    });
    expect(d.pending).toEqual({ deposits: 1, withdrawals: 1 });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', "1' OR '1'='1"]) {
      const res = await admin.client.get(`/api/admin/members/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(res.body.error?.message).toBe(A.memberNotFound);
    }
  });
});
