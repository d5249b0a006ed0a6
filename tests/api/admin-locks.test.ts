import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { fund, insertWithdrawal } from '../support/admin-fixtures';
import { memberClient } from '../support/client';
import { fileAdmin, fileChecker, fileServer } from '../support/fixture';
import { byTwo } from '../support/four-eyes';

const A = MSG.admin;
const server = fileServer();
const admin = fileAdmin(server);
const checker = fileChecker(server);
/** A balance or lock change: proposed by `admin`, confirmed by `checker` (two-person approval). */
const asAdmins = byTwo(admin, checker);

describe('asset locks', () => {
  const lockUrl = (id: string, lockId?: string) =>
    `/api/admin/members/${id}/locks${lockId ? `/${lockId}` : ''}`;
  const createLock = (id: string, body: unknown) => asAdmins('POST', lockUrl(id), body);
  const updateLock = (id: string, lockId: string, body: unknown) =>
    asAdmins('PUT', lockUrl(id, lockId), body);

  it('adds a lock (USDT by default) with optional dates and reason, and counts it as locked', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { USDT: '100' });
    const res = await createLock(m.id, { locked_amount: '30.5' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      currency: 'usdt',
      locked_amount: '30.5',
      lock_start_date: null,
      lock_end_date: null,
      reason: null,
      active: true,
    });
    const dated = await createLock(m.id, {
      currency: 'USDT',
      locked_amount: '10',
      lock_start_date: '2030-01-01',
      lock_end_date: '2030-06-30',
      reason: '  이벤트 보상 잠금  ',
    });
    expect(dated.status).toBe(201);
    expect(dated.body.data).toMatchObject({
      lock_start_date: '2030-01-01',
      lock_end_date: '2030-06-30',
      reason: '이벤트 보상 잠금',
    });
    const detail = await admin.client.get(`/api/admin/members/${m.id}`);
    const usdt = detail.body.data.balances.find((b: { currency: string }) => b.currency === 'USDT');
    expect(usdt).toMatchObject({ total: '100', locked: '40.5', available: '59.5' });
    const audit = await admin.client.get(`/api/admin/audit?targetId=${m.id}`);
    expect(audit.body.data.items[0]).toMatchObject({
      action: 'lock.create',
      after: { lock_id: dated.body.data.id, locked_amount: '10', currency: 'usdt' },
    });
  });

  it('refuses an amount that is not greater than 0, bad dates, an end before the start, a long reason', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { USDT: '100', KRW: '100000' });
    for (const [body, message] of [
      [{ locked_amount: '0' }, A.lockAmountInvalid],
      [{ locked_amount: '-5' }, A.lockAmountInvalid],
      [{ locked_amount: 'abc' }, A.lockAmountInvalid],
      [{ locked_amount: '5.' }, A.lockAmountInvalid],
      [{ locked_amount: '0.000' }, A.lockAmountInvalid],
      [{ locked_amount: '' }, A.lockAmountInvalid],
      [{}, A.lockAmountInvalid],
      [{ locked_amount: '1.123456789' }, A.cryptoDecimals],
      [{ currency: 'krw', locked_amount: '1.5' }, A.krwWhole],
      [{ currency: 'btc', locked_amount: '1' }, A.unsupportedCurrency],
      [{ locked_amount: '1', lock_start_date: '2030-02-30' }, A.dateInvalid],
      [{ locked_amount: '1', lock_end_date: '20300101' }, A.dateInvalid],
      [{ locked_amount: '1', lock_start_date: '2030-05-02', lock_end_date: '2030-05-01' }, A.lockDateOrder],
      [{ locked_amount: '1', reason: 'x'.repeat(201) }, A.reasonTooLong],
    ] as const) {
      const res = await createLock(m.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.message, JSON.stringify(body)).toBe(message);
    }
    const sameDay = await createLock(m.id, {
      currency: 'krw',
      locked_amount: '1000.00',
      lock_start_date: '2030-05-01',
      lock_end_date: '2030-05-01',
      reason: '',
    });
    expect(sameDay.status).toBe(201);
    expect(sameDay.body.data).toMatchObject({ currency: 'krw', locked_amount: '1000', reason: null });
    const blankDates = await createLock(m.id, {
      locked_amount: '1',
      lock_start_date: '',
      lock_end_date: null,
    });
    expect(blankDates.body.data).toMatchObject({ lock_start_date: null, lock_end_date: null });
  });

  it('refuses (409) a lock above the available balance: total − other active locks − pending withdrawals', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { USDT: '100' });
    await insertWithdrawal(server.db, m.id, { currency: 'USDT', amount: '20' });
    // An expired lock holds nothing.
    await server.db.query(
      `INSERT INTO asset_locks (member_id, currency, locked_amount, lock_end_date) VALUES ($1, 'usdt', 500, DATE '2001-01-01')`,
      [m.id],
    );
    const first = await createLock(m.id, { locked_amount: '50' });
    expect(first.status).toBe(201);
    const over = await createLock(m.id, { locked_amount: '30.00000001' });
    expect(over.status).toBe(409);
    expect(over.body.error?.message).toBe(
      A.lockExceedsAvailable(A.failed.lockAdd, 'USDT', '30.00000001', '30'),
    );
    expect((await createLock(m.id, { locked_amount: '30' })).status).toBe(201);
    // Another currency has its own balance.
    const eth = await createLock(m.id, { currency: 'eth', locked_amount: '0.1' });
    expect(eth.status).toBe(409);
    expect(eth.body.error?.message).toBe(A.lockExceedsAvailable(A.failed.lockAdd, 'ETH', '0.1', '0'));
    // A lock that has already ended holds nothing, so it may be recorded whatever the balance.
    expect((await createLock(m.id, { locked_amount: '999', lock_end_date: '2001-01-01' })).status).toBe(201);
  });

  it('edits a lock measuring it against the balance without the lock itself', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { USDT: '100' });
    const a = (await createLock(m.id, { locked_amount: '60' })).body.data;
    const b = (await createLock(m.id, { locked_amount: '30' })).body.data;
    // 100 − 30 (the other lock) = 70 may be locked by `a`.
    const grow = await updateLock(m.id, a.id, { locked_amount: '70', reason: '증액' });
    expect(grow.status).toBe(200);
    expect(grow.body.data).toMatchObject({ id: a.id, locked_amount: '70', reason: '증액' });
    const over = await updateLock(m.id, a.id, { locked_amount: '70.5' });
    expect(over.status).toBe(409);
    expect(over.body.error?.message).toBe(A.lockExceedsAvailable(A.failed.lockEdit, 'USDT', '70.5', '70'));
    // Moving a lock to another currency measures it there.
    const moved = await updateLock(m.id, b.id, { currency: 'krw', locked_amount: '1' });
    expect(moved.status).toBe(409);
    const audit = await admin.client.get(`/api/admin/audit?targetId=${m.id}`);
    expect(audit.body.data.items[0]).toMatchObject({
      action: 'lock.update',
      before: { lock_id: a.id, locked_amount: '60', reason: null },
      after: { lock_id: a.id, locked_amount: '70', reason: '증액' },
    });
  });

  it('deletes a lock, and never touches another member’s lock (404)', async () => {
    const m = await memberClient(server.url);
    const other = await memberClient(server.url);
    await fund(server.db, m.id, { USDT: '10' });
    await fund(server.db, other.id, { USDT: '10' });
    const lock = (await createLock(m.id, { locked_amount: '5' })).body.data;
    const foreign = (await createLock(other.id, { locked_amount: '5' })).body.data;
    for (const path of [lockUrl(m.id, foreign.id), lockUrl(m.id, randomUUID()), lockUrl(m.id, 'nope')]) {
      const put = await asAdmins('PUT', path, { locked_amount: '1' });
      expect(put.status).toBe(404);
      expect(put.body.error?.message).toBe(A.lockNotFound);
      expect((await asAdmins('DELETE', path)).status).toBe(404);
    }
    const res = await asAdmins('DELETE', lockUrl(m.id, lock.id));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deleted: true, id: lock.id });
    expect(await server.db.query('SELECT 1 FROM asset_locks WHERE id = $1', [lock.id])).toHaveLength(0);
    expect(await server.db.query('SELECT 1 FROM asset_locks WHERE id = $1', [foreign.id])).toHaveLength(1);
    const audit = await admin.client.get(`/api/admin/audit?targetId=${m.id}`);
    expect(audit.body.data.items[0]).toMatchObject({ action: 'lock.delete', before: { lock_id: lock.id } });
  });

  it('is race-free: concurrent locks never lock more than the balance', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { XRP: '100' });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => createLock(m.id, { currency: 'xrp', locked_amount: '30' })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
  });
});
