import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { adminClient, Client, memberClient } from '../support/client';
import { ledgerFile } from '../support/fixture';
import {
  adjustBalance,
  available,
  expectLedgerOk,
  requestInternal,
  transferPair,
  trc20Address,
} from '../support/money';

const { server, admin } = ledgerFile();

const balanceOf = async (memberId: string, currency: string) => {
  const rows = await server.db.query<{ balance: string }>(
    'SELECT balance::text AS balance FROM balances WHERE member_id = $1 AND currency = $2',
    [memberId, currency],
  );
  return rows[0] ? rows[0].balance.replace(/\.?0+$/, '') : null;
};
const ledgerOf = (withdrawalId: string) =>
  server.db.query<{ member_id: string; amount: string; kind: string }>(
    `SELECT member_id::text AS member_id, amount::text AS amount, kind FROM ledger_entries
      WHERE withdrawal_id = $1 ORDER BY id`,
    [withdrawalId],
  );

async function pendingExternal(amount = '10', balance = '25') {
  const m = await memberClient(server.url);
  await adjustBalance(server.db, m.id, 'USDT', balance);
  const r = await m.client.post('/api/withdrawals/crypto', {
    currency: 'USDT',
    amount,
    method: 'external',
    recipient_address: trc20Address(),
    network: 'TRC20',
  });
  expect(r.status).toBe(201);
  return { ...m, withdrawalId: r.body.data.id as string };
}

describe('adminApproveWithdrawal / adminRejectWithdrawal', () => {
  it('approving an external withdrawal debits the full amount once and ends the hold', async () => {
    const m = await pendingExternal('10', '25');
    expect(await available(m.client, 'USDT')).toMatchObject({ held: '10', available: '15' });
    const r = await admin.client.post(`/api/admin/withdrawals/${m.withdrawalId}/approve`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 'approved',
      amount: '10',
      fee: '1',
      final_amount: '9',
      processed_by: admin.id,
    });
    expect(await balanceOf(m.id, 'USDT')).toBe('15');
    expect(await available(m.client, 'USDT')).toMatchObject({ total: '15', held: '0', available: '15' });
    expect(await ledgerOf(m.withdrawalId)).toEqual([
      { member_id: m.id, amount: '-10.00000000', kind: 'withdrawal' },
    ]);
    const [audit] = await server.db.query<{ action: string; after: any }>(
      'SELECT action, after FROM audit_log WHERE target_id = $1',
      [m.withdrawalId],
    );
    expect(audit).toMatchObject({
      action: 'withdrawal.approve',
      after: { status: 'approved', balance_after: '15' },
    });
    for (const d of ['approve', 'reject']) {
      const again = await admin.client.post(`/api/admin/withdrawals/${m.withdrawalId}/${d}`, {
        reason: '확인 불가',
      });
      expect(again.status).toBe(409);
      expect(again.body.error?.message).toBe(MSG.approval.notPending);
    }
    await expectLedgerOk(server.db);
  });

  it('rejecting releases the hold without a ledger entry', async () => {
    const m = await pendingExternal('10', '25');
    const r = await admin.client.post(`/api/admin/withdrawals/${m.withdrawalId}/reject`, {
      reason: '주소 확인 필요',
    });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('rejected');
    expect(await available(m.client, 'USDT')).toMatchObject({ total: '25', held: '0', available: '25' });
    expect(await ledgerOf(m.withdrawalId)).toEqual([]);
    await expectLedgerOk(server.db);
  });

  it('a KRW bank withdrawal approval debits KRW', async () => {
    const m = await memberClient(server.url);
    await adjustBalance(server.db, m.id, 'KRW', '30000');
    const w = await m.client.post('/api/withdrawals/krw', {
      amount: '12000',
      bank_name: '우리은행',
      account_number: '1002-123-456789',
      account_holder: '홍길동',
    });
    const r = await admin.client.post(`/api/admin/withdrawals/${w.body.data.id}/approve`);
    expect(r.status).toBe(200);
    expect(await balanceOf(m.id, 'KRW')).toBe('18000');
    await expectLedgerOk(server.db);
  });

  it('approving an internal transfer debits the sender and credits the recipient in one transaction', async () => {
    const { sender, recipient } = await transferPair(server, 'ETH', '2', '0.5');
    const w = await requestInternal(sender.client, recipient, 'ETH', '1.25');
    expect(w.status).toBe(201);
    // Nothing arrives before approval, and the recipient cannot spend it.
    expect(await balanceOf(recipient.id, 'ETH')).toBe('0.5');
    const r = await admin.client.post(`/api/admin/withdrawals/${w.body.data.id}/approve`);
    expect(r.status).toBe(200);
    expect(await balanceOf(sender.id, 'ETH')).toBe('0.75');
    expect(await balanceOf(recipient.id, 'ETH')).toBe('1.75');
    const ledger = await ledgerOf(w.body.data.id);
    expect(ledger).toEqual([
      { member_id: sender.id, amount: '-1.25000000', kind: 'transfer_out' },
      { member_id: recipient.id, amount: '1.25000000', kind: 'transfer_in' },
    ]);
    expect(ledger.reduce((s, e) => s + Number(e.amount), 0)).toBe(0);
    expect(await available(recipient.client, 'ETH')).toMatchObject({ available: '1.75' });
    await expectLedgerOk(server.db);
  });

  it('an internal transfer without a recipient member cannot be approved, only rejected', async () => {
    const sender = await memberClient(server.url);
    await adjustBalance(server.db, sender.id, 'XRP', '10');
    // Members are never deleted (migration 009 refuses it); a row written without its recipient link (as
    // by a faulty import) is the one way left to lose it.
    await expect(server.db.query('DELETE FROM members WHERE id = $1', [sender.id])).rejects.toThrow(
      /permanent record/,
    );
    const [w] = await server.db.query<{ id: string }>(
      `INSERT INTO withdrawals (member_id, currency, amount, fee, final_amount, method, recipient_id)
       VALUES ($1, 'XRP', 3, 0, 3, 'internal', 'nobody') RETURNING id::text AS id`,
      [sender.id],
    );
    const r = await admin.client.post(`/api/admin/withdrawals/${w!.id}/approve`);
    expect(r.status).toBe(409);
    expect(r.body.error?.message).toBe(MSG.approval.recipientMissing);
    expect(await balanceOf(sender.id, 'XRP')).toBe('10');
    expect(
      (await admin.client.post(`/api/admin/withdrawals/${w!.id}/reject`, { reason: '확인 불가' })).status,
    ).toBe(200);
    await expectLedgerOk(server.db);
  });

  it('a request the balance no longer covers is refused with the requested and current amounts', async () => {
    const m = await memberClient(server.url);
    await adjustBalance(server.db, m.id, 'USDT', '3');
    // A row written past the hold check (as by a faulty import): approval still never overdraws.
    const [row] = await server.db.query<{ id: string }>(
      `INSERT INTO withdrawals (member_id, currency, amount, fee, final_amount, method, network, recipient_address)
       VALUES ($1, 'USDT', 5, 1, 4, 'external', 'TRC20', $2) RETURNING id::text AS id`,
      [m.id, trc20Address()],
    );
    const r = await admin.client.post(`/api/admin/withdrawals/${row!.id}/approve`);
    expect(r.status).toBe(409);
    expect(r.body.error?.message).toBe(MSG.approval.insufficient('5', '3'));
    const [status] = await server.db.query<{ status: string }>(
      'SELECT status FROM withdrawals WHERE id = $1',
      [row!.id],
    );
    expect(status?.status).toBe('pending');
    expect(await balanceOf(m.id, 'USDT')).toBe('3');
    await expectLedgerOk(server.db);
  });

  it('an approval racing a rejection of the same request: exactly one wins', async () => {
    const admin2 = await adminClient(server.url, server.db);
    for (let i = 0; i < 5; i++) {
      const m = await pendingExternal('5', '5');
      const [a, b] = await Promise.all([
        admin.client.post(`/api/admin/withdrawals/${m.withdrawalId}/approve`),
        admin2.client.post(`/api/admin/withdrawals/${m.withdrawalId}/reject`, { reason: '확인 불가' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const approved = a.status === 200;
      expect(await balanceOf(m.id, 'USDT')).toBe(approved ? '0' : '5');
      expect(await ledgerOf(m.withdrawalId)).toHaveLength(approved ? 1 : 0);
      expect(await available(m.client, 'USDT')).toMatchObject({ held: '0', available: approved ? '0' : '5' });
    }
    // Many approvals of one internal transfer move the money once.
    const { sender, recipient } = await transferPair(server, 'USDT', '8');
    const w = await requestInternal(sender.client, recipient, 'USDT', '8');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => admin.client.post(`/api/admin/withdrawals/${w.body.data.id}/approve`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await balanceOf(sender.id, 'USDT')).toBe('0');
    expect(await balanceOf(recipient.id, 'USDT')).toBe('8');
    await expectLedgerOk(server.db);
  });

  it('is refused to members (even the requester) and anonymous callers; unknown ids are 404', async () => {
    const m = await pendingExternal();
    const other = await memberClient(server.url);
    for (const c of [m.client, other.client]) {
      const r = await c.post(`/api/admin/withdrawals/${m.withdrawalId}/approve`);
      expect(r.status).toBe(403);
      const j = await c.post(`/api/admin/withdrawals/${m.withdrawalId}/reject`);
      expect(j.status).toBe(403);
    }
    expect(
      (await new Client(server.url).post(`/api/admin/withdrawals/${m.withdrawalId}/reject`)).status,
    ).toBe(401);
    for (const id of [randomUUID(), 'abc']) {
      const r = await admin.client.post(`/api/admin/withdrawals/${id}/approve`);
      expect(r.status).toBe(404);
      expect(r.body.error?.message).toBe(MSG.approval.withdrawalNotFound);
    }
    const long = await admin.client.post(`/api/admin/withdrawals/${m.withdrawalId}/reject`, {
      reason: 'x'.repeat(201),
    });
    expect(long.status).toBe(400);
    expect(long.body.error?.message).toBe(MSG.approval.reasonTooLong);
    const [row] = await server.db.query<{ status: string }>('SELECT status FROM withdrawals WHERE id = $1', [
      m.withdrawalId,
    ]);
    expect(row?.status).toBe('pending');
  });
});
