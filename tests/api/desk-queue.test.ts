import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { fund, insertDeposit, insertWithdrawal, insertXrpDeposit } from '../support/admin-fixtures';
import { memberClient } from '../support/client';
import { fileAdmin, fileChecker, fileServer } from '../support/fixture';
import { trc20Address } from '../support/money';

// The desk's one queue (GET /api/admin/queue) and the rule that a rejection always says why.
const Q = MSG.deskQueue;
const server = fileServer({}, { ownDatabase: true });
const a = fileAdmin(server);
const b = fileChecker(server);

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const ids = (r: any): string[] => r.body.data?.items.map((i: { id: string }) => i.id) ?? r.body.error;
const statusOf = async (table: 'deposits' | 'withdrawals', id: string) => {
  const [row] = await server.db.query<{ status: string }>(`SELECT status FROM ${table} WHERE id = $1`, [id]);
  return row?.status;
};

describe('GET /api/admin/queue', () => {
  it('lists pending deposits and withdrawals with won value, filters by type, asset, age, value and proposal, sorts', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { USDT: '1000', KRW: '5000000' });
    const oldKrw = await insertDeposit(server.db, m.id, { amount: '30000', createdAt: hoursAgo(30) });
    const bigKrw = await insertDeposit(server.db, m.id, { amount: '100000000', createdAt: hoursAgo(2) });
    const usdtOut = await insertWithdrawal(server.db, m.id, { currency: 'USDT', amount: '100' });
    await insertDeposit(server.db, m.id, { amount: '70000', status: 'approved' });

    const all = await a.client.get('/api/admin/queue');
    expect(all.status).toBe(200);
    expect(ids(all)).toEqual([oldKrw, bigKrw, usdtOut]);
    expect(all.body.data.total).toBe(3);
    const row = all.body.data.items[0];
    expect(row).toMatchObject({ kind: 'deposit', currency: 'KRW', amount: '30000', krw_value: '30000' });
    expect(row.username).toBe(m.creds.username);
    expect(row.proposal).toBeNull();
    expect(Number(all.body.data.items[2].krw_value)).toBeGreaterThan(0);

    expect(ids(await a.client.get('/api/admin/queue?type=withdrawal'))).toEqual([usdtOut]);
    expect(ids(await a.client.get('/api/admin/queue?currency=USDT'))).toEqual([usdtOut]);
    expect(ids(await a.client.get('/api/admin/queue?min_age=1440'))).toEqual([oldKrw]);
    expect(ids(await a.client.get('/api/admin/queue?min_krw=1000000'))).toEqual([bigKrw]);
    expect(ids(await a.client.get('/api/admin/queue?sort=age&direction=asc'))).toEqual([
      usdtOut,
      bigKrw,
      oldKrw,
    ]);
    const page = await a.client.get('/api/admin/queue?limit=1&offset=1');
    expect(ids(page)).toEqual([bigKrw]);
    expect(page.body.data.total).toBe(3);
    const byValue = ids(await a.client.get('/api/admin/queue?sort=krw&direction=desc'));
    expect(byValue[0]).toBe(bigKrw);
    expect(byValue.at(-1)).toBe(oldKrw);
    expect(ids(await a.client.get('/api/admin/queue?verdict=none&type=deposit'))).toEqual([oldKrw, bigKrw]);

    // A large deposit's approval is a proposal: the row names its proposer, for both administrators.
    const proposed = await a.client.post(`/api/admin/deposits/${bigKrw}/approve`, {});
    expect(proposed.status).toBe(202);
    const open = await a.client.get('/api/admin/queue?proposal=open');
    expect(ids(open)).toEqual([bigKrw]);
    expect(open.body.data.items[0].proposal).toMatchObject({
      proposed_by_username: a.creds.username,
      mine: true,
    });
    const seen = await b.client.get('/api/admin/queue?proposal=open');
    expect(seen.body.data.items[0].proposal).toMatchObject({
      proposed_by_username: a.creds.username,
      mine: false,
    });
    expect(ids(await a.client.get('/api/admin/queue?proposal=none'))).toEqual([oldKrw, usdtOut]);
  });

  it('is for administrators only', async () => {
    const m = await memberClient(server.url);
    const r = await m.client.get('/api/admin/queue');
    expect(r.status).toBe(403);
  });

  it('answers a bad query with a Korean 400', async () => {
    for (const [query, message] of [
      ['type=transfer', Q.typeInvalid],
      ['currency=BTC', Q.currencyInvalid],
      ['sort=random', Q.sortInvalid],
      ['verdict=maybe', Q.verdictInvalid],
      ['proposal=closed', Q.proposalInvalid],
      ['min_age=-5', Q.minAgeInvalid],
      ['min_krw=abc', Q.minKrwInvalid],
      ['direction=up', Q.directionInvalid],
      ['limit=0', Q.limitInvalid],
    ] as const) {
      const r = await a.client.get(`/api/admin/queue?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.error?.message, query).toContain(message);
    }
  });
});

describe('a rejection needs a reason', () => {
  it('refuses a deposit or withdrawal rejection without a non-blank reason and changes nothing', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { USDT: '500' });
    const dep = await insertDeposit(server.db, m.id, { amount: '40000' });
    const out = await insertWithdrawal(server.db, m.id, { currency: 'USDT', amount: '50' });
    for (const [path, table, id] of [
      ['deposits', 'deposits', dep],
      ['withdrawals', 'withdrawals', out],
    ] as const) {
      for (const body of [undefined, {}, { reason: '' }, { reason: '   ' }]) {
        const r = await a.client.post(`/api/admin/${path}/${id}/reject`, body);
        expect(r.status).toBe(400);
        expect(r.body.error?.message).toBe(Q.rejectReasonRequired);
        expect(await statusOf(table, id)).toBe('pending');
      }
      const audit = await server.db.query('SELECT 1 FROM audit_log WHERE target_id = $1', [id]);
      expect(audit).toHaveLength(0);
      const ok = await a.client.post(`/api/admin/${path}/${id}/reject`, { reason: '입금자명 불일치' });
      expect(ok.status).toBe(200);
      expect(await statusOf(table, id)).toBe('rejected');
    }
  });
});

describe('the address-book age of a withdrawal', () => {
  it('says how long ago the member registered the address and how long before the request', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { USDT: '500' });
    const [entry] = await server.db.query<{ id: string }>(
      `INSERT INTO withdrawal_addresses (member_id, network, address, address_key, label, wallet_kind, created_at,
                                         usable_at)
       VALUES ($1, 'TRC20', $2, $2, '거래소 지갑', 'own', now() - interval '30 hours', now() - interval '30 hours')
       RETURNING id::text AS id`,
      [m.id, trc20Address()],
    );
    const booked = await insertWithdrawal(server.db, m.id, {
      currency: 'USDT',
      amount: '30',
      createdAt: hoursAgo(4),
    });
    await server.db.query('UPDATE withdrawals SET address_book_id = $2 WHERE id = $1', [booked, entry!.id]);
    const unbooked = await insertWithdrawal(server.db, m.id, { currency: 'USDT', amount: '31' });
    const dep = await insertDeposit(server.db, m.id, { amount: '10000' });
    const items = (await a.client.get('/api/admin/queue?limit=200')).body.data.items as {
      id: string;
      address_book: { age_seconds: number; before_request_seconds: number } | null;
    }[];
    const book = items.find((i) => i.id === booked)?.address_book;
    // 30 hours ago, 26 hours before the request (a minute's slack for a slow run).
    expect(book?.age_seconds).toBeGreaterThanOrEqual(30 * 3600);
    expect(book?.age_seconds).toBeLessThan(30 * 3600 + 60);
    expect(book?.before_request_seconds).toBeGreaterThan(26 * 3600 - 60);
    expect(book?.before_request_seconds).toBeLessThanOrEqual(26 * 3600);
    expect(items.find((i) => i.id === unbooked)?.address_book).toBeNull();
    expect(items.find((i) => i.id === dep)?.address_book).toBeNull();
  });
});

describe('an XRP deposit on the queue', () => {
  it('carries the tag the payment came with, and whether the chain shows it is the member’s', async () => {
    const m = await memberClient(server.url);
    const tagged = await insertXrpDeposit(server.db, m.id, { tag: 4_294_967_295, beforeAssignment: false });
    const untagged = await insertXrpDeposit(server.db, m.id, { tag: null, beforeAssignment: true });
    const krw = await insertDeposit(server.db, m.id, { amount: '20000' });
    const items = (await a.client.get('/api/admin/queue?limit=200')).body.data.items as {
      id: string;
      kind: string;
      tag: string | null;
      before_assignment: boolean;
      chain: { verdict: string } | null;
    }[];
    const row = (id: string) => items.find((i) => i.id === id);
    expect(row(tagged)).toMatchObject({
      tag: '4294967295',
      before_assignment: false,
      chain: { verdict: 'match' },
    });
    expect(row(untagged)).toMatchObject({ tag: null, before_assignment: true, chain: { verdict: 'match' } });
    expect(row(krw)).toMatchObject({ tag: null, before_assignment: false, chain: null });
    for (const w of items.filter((i) => i.kind === 'withdrawal')) expect(w.before_assignment).toBe(false);
    // Only the member's word says whose it is: one administrator's approval is a proposal, whatever its size.
    const approve = await a.client.post(`/api/admin/deposits/${untagged}/approve`, {});
    expect(approve.status).toBe(202);
    expect(approve.body.data.proposal.lines).toContain(MSG.guards.unattributedLine);
  });
});
