import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { fund, insertDeposit, insertWithdrawal } from '../support/admin-fixtures';
import { memberClient } from '../support/client';
import { fileAdmin, fileChecker, fileServer } from '../support/fixture';
import { proposeAndConfirm } from '../support/four-eyes';

const A = MSG.admin;
const server = fileServer();
const admin = fileAdmin(server);
/** The second administrator of two-person approval (decision 0160). */
const checker = fileChecker(server);

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('requests lists', () => {
  it('lists deposits newest first with the member’s email and username, filtered by status and member', async () => {
    const m = await memberClient(server.url);
    const oldest = await insertDeposit(server.db, m.id, { status: 'approved', createdAt: ago(30) });
    const middle = await insertDeposit(server.db, m.id, {
      currency: 'USDT',
      amount: '12.5',
      createdAt: ago(20),
    });
    const newest = await insertDeposit(server.db, m.id, { status: 'rejected', createdAt: ago(10) });

    const mine = await admin.client.get(`/api/admin/deposits?memberId=${m.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.items.map((d: { id: string }) => d.id)).toEqual([newest, middle, oldest]);
    expect(mine.body.data).toMatchObject({ total: 3, pendingTotal: 1, page: 1 });
    expect(mine.body.data.items[1]).toMatchObject({
      member_id: m.id,
      username: m.creds.username,
      email: m.creds.email,
      currency: 'USDT',
      amount: '12.5',
      status: 'pending',
      sender_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      processed_at: null,
    });
    expect(mine.body.data.items[0]).toMatchObject({
      currency: 'KRW',
      depositor_name: '홍길동',
      bank_name: '국민은행',
    });

    const pending = await admin.client.get(`/api/admin/deposits?memberId=${m.id}&status=pending`);
    expect(pending.body.data.items.map((d: { id: string }) => d.id)).toEqual([middle]);
    const paged = await admin.client.get(`/api/admin/deposits?memberId=${m.id}&page=2&pageSize=2`);
    expect(paged.body.data.items.map((d: { id: string }) => d.id)).toEqual([oldest]);

    const all = await admin.client.get('/api/admin/deposits?status=pending&pageSize=100');
    const times = all.body.data.items.map((d: { created_at: string }) => d.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.body.data.items.every((d: { status: string }) => d.status === 'pending')).toBe(true);
    expect(all.body.data.items.every((d: { username: string }) => d.username.length > 0)).toBe(true);
  });

  it('lists withdrawals with fee and expected payout', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { USDT: '100', KRW: '50000' });
    const ext = await insertWithdrawal(server.db, m.id, {
      currency: 'USDT',
      amount: '20',
      createdAt: ago(5),
    });
    const bank = await insertWithdrawal(server.db, m.id, {
      currency: 'KRW',
      amount: '30000',
      status: 'rejected',
      createdAt: ago(1),
    });
    const res = await admin.client.get(`/api/admin/withdrawals?memberId=${m.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((w: { id: string }) => w.id)).toEqual([bank, ext]);
    expect(res.body.data.items[1]).toMatchObject({
      currency: 'USDT',
      amount: '20',
      fee: '1',
      final_amount: '19',
      method: 'external',
      network: 'TRC20',
      username: m.creds.username,
      email: m.creds.email,
    });
    expect(res.body.data.items[0]).toMatchObject({
      method: 'bank',
      bank_name: '신한은행',
      status: 'rejected',
    });
    expect(res.body.data.pendingTotal).toBe(1);
  });

  it('refuses a bad status or member filter in Korean', async () => {
    const bad = await admin.client.get('/api/admin/withdrawals?status=done');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe(A.statusInvalid);
    const badId = await admin.client.get('/api/admin/deposits?memberId=abc');
    expect(badId.status).toBe(400);
    expect(badId.body.error?.message).toBe(A.idInvalid);
    const unknown = await admin.client.get(`/api/admin/deposits?memberId=${randomUUID()}`);
    expect(unknown.body.data).toMatchObject({ items: [], total: 0, pendingTotal: 0 });
  });
});

describe('notices', () => {
  it('creates, edits, publishes and deletes notices, each with an audit entry', async () => {
    const created = await admin.client.post('/api/admin/notices', {
      title: '  점검 안내  ',
      body: '내일 02시 점검',
    });
    expect(created.status).toBe(201);
    const n = created.body.data;
    expect(n).toMatchObject({
      title: '점검 안내',
      body: '내일 02시 점검',
      published: false,
      created_by: admin.id,
    });

    // Publishing it is confirmed by a second administrator (decision 0401).
    const edited = await proposeAndConfirm(
      admin.client,
      checker.client,
      'PUT',
      `/api/admin/notices/${n.id}`,
      {
        title: '서버 점검 안내',
        body: '내일 02시부터 03시까지 점검합니다.',
        published: true,
      },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ id: n.id, title: '서버 점검 안내', published: true });
    const [row] = await server.db.query<{ published: boolean }>(
      'SELECT published FROM notices WHERE id = $1',
      [n.id],
    );
    expect(row!.published).toBe(true);

    const listed = await admin.client.get('/api/admin/notices?pageSize=100');
    expect(listed.body.data.items.map((x: { id: string }) => x.id)).toContain(n.id);

    const audit = await admin.client.get(`/api/admin/audit?targetId=${n.id}`);
    expect(audit.body.data.items.map((e: { action: string }) => e.action)).toEqual([
      'notice.update',
      'notice.create',
    ]);
    expect(audit.body.data.items[0]).toMatchObject({
      target_type: 'notice',
      before: { title: '점검 안내', published: false },
      after: { title: '서버 점검 안내', published: true },
    });

    const del = await admin.client.call('DELETE', `/api/admin/notices/${n.id}`);
    expect(del.status).toBe(200);
    expect(await server.db.query('SELECT 1 FROM notices WHERE id = $1', [n.id])).toHaveLength(0);
    for (const id of [n.id, 'nope']) {
      const again = await admin.client.call('DELETE', `/api/admin/notices/${id}`);
      expect(again.status).toBe(404);
      expect(again.body.error?.message).toBe(A.noticeNotFound);
    }
    const put = await admin.client.call('PUT', `/api/admin/notices/${randomUUID()}`, { title: 'x' });
    expect(put.status).toBe(404);
  });

  it('requires a title and limits lengths', async () => {
    for (const [body, message] of [
      [{ title: '   ' }, A.noticeTitleRequired],
      [{ body: '내용만' }, A.noticeTitleRequired],
      [{ title: 'x'.repeat(201) }, A.noticeTitleTooLong],
      [{ title: '제목', body: 'x'.repeat(5001) }, A.noticeBodyTooLong],
    ] as const) {
      const res = await admin.client.post('/api/admin/notices', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.message).toBe(message);
    }
    const extra = await admin.client.post('/api/admin/notices', { title: '제목', pinned: true });
    expect(extra.status).toBe(400);
  });
});

describe('audit log', () => {
  it('pages newest first, records who, what, target, before, after, when and from where', async () => {
    const m = await memberClient(server.url);
    for (const v of ['1', '2', '3']) {
      await proposeAndConfirm(admin.client, checker.client, 'PUT', `/api/admin/members/${m.id}/balances`, {
        xrp: v,
      });
    }
    const p1 = await admin.client.get(`/api/admin/audit?targetId=${m.id}&pageSize=2`);
    const p2 = await admin.client.get(`/api/admin/audit?targetId=${m.id}&pageSize=2&page=2`);
    expect(p1.body.data.total).toBe(3);
    const afters = [...p1.body.data.items, ...p2.body.data.items].map(
      (e: { after: { XRP: string } }) => e.after.XRP,
    );
    expect(afters).toEqual(['3', '2', '1']);
    const e = p1.body.data.items[0];
    expect(e).toMatchObject({
      actor_id: admin.id,
      actor_username: admin.creds.username,
      action: 'member.balances.set',
      target_type: 'member',
      target_id: m.id,
      before: { XRP: '2' },
      ip: '127.0.0.1',
    });
    expect(Date.now() - Date.parse(e.created_at)).toBeLessThan(60_000);
    const everything = await admin.client.get('/api/admin/audit');
    expect(everything.body.data.items.length).toBeGreaterThan(0);
    expect(everything.body.data.pageSize).toBe(30);
  });
});

describe('ledger check', () => {
  it('reports a consistent ledger, and every mismatch once a balance moved without its entry', async () => {
    const ok = await admin.client.get('/api/admin/ledger/verify');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ ok: true, mismatches: [], negativeBalances: [] });
    expect(ok.body.data.checkedBalances).toBeGreaterThan(0);
    // Tampering is simulated only on the private in-memory database: PostgreSQL is shared by parallel tests.
    if (server.db.kind !== 'pglite') return;
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { ETH: '1' });
    await server.db.query(
      `UPDATE balances SET balance = balance + 0.5 WHERE member_id = $1 AND currency = 'ETH'`,
      [m.id],
    );
    const bad = await admin.client.get('/api/admin/ledger/verify');
    expect(bad.body.data.ok).toBe(false);
    expect(bad.body.data.mismatches).toEqual([
      { member_id: m.id, currency: 'ETH', balance: '1.50000000', ledger_sum: '1.00000000' },
    ]);
    await server.db.query(
      `UPDATE balances SET balance = balance - 0.5 WHERE member_id = $1 AND currency = 'ETH'`,
      [m.id],
    );
  });
});
