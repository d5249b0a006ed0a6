import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { Client, memberClient } from '../support/client';
import { ledgerFile } from '../support/fixture';
import {
  adjustBalance,
  expectLedgerOk,
  requestInternal,
  setDepositAddress,
  trc20Address,
  txid,
} from '../support/money';

const { server, admin } = ledgerFile();

const krwDeposit = (amount: string) => ({
  bank_name: '하나은행',
  account_number: '123-456789-01234',
  account_holder: '홍길동',
  amount,
  depositor_name: '홍길동',
});

describe('listHistory', () => {
  it('derives the history from requests, received transfers and adjustments, newest first', async () => {
    const me = await memberClient(server.url);
    const friend = await memberClient(server.url);
    const stranger = await memberClient(server.url);
    await setDepositAddress(server.db, me.id, trc20Address());
    await adjustBalance(server.db, me.id, 'KRW', '100000');
    await adjustBalance(server.db, friend.id, 'USDT', '20');

    const d1 = await me.client.post('/api/deposits/krw', krwDeposit('20000'));
    const d2 = await me.client.post('/api/deposits/crypto', {
      amount: '3.5',
      txid: txid(),
      sender_address: trc20Address(),
    });
    const w1 = await me.client.post('/api/withdrawals/krw', {
      amount: '15000',
      bank_name: '토스뱅크',
      account_number: '1000-1234-5678',
      account_holder: '홍길동',
      memo: '월세',
    });
    const t1 = await requestInternal(friend.client, me, 'USDT', '7');
    const t2 = await requestInternal(friend.client, me, 'USDT', '1');
    await stranger.client.post('/api/deposits/krw', krwDeposit('99000'));
    for (const r of [d1, d2, w1, t1, t2]) expect(r.status).toBe(201);

    await admin.client.post(`/api/admin/deposits/${d1.body.data.id}/approve`);
    await admin.client.post(`/api/admin/withdrawals/${w1.body.data.id}/reject`, { reason: '확인 불가' });
    await admin.client.post(`/api/admin/withdrawals/${t1.body.data.id}/approve`);
    await admin.client.post(`/api/admin/withdrawals/${t2.body.data.id}/reject`, { reason: '확인 불가' });

    const r = await me.client.get('/api/history');
    expect(r.status).toBe(200);
    expect(r.body.data.limit).toBe(100);
    const items = r.body.data.items as any[];
    const times = items.map((i) => Date.parse(i.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const summary = items.map((i) => [
      i.source,
      i.type,
      i.currency,
      i.amount,
      i.status,
      i.memo,
      i.counterparty,
    ]);
    expect(summary).toEqual([
      // The rejected transfer t2 is not shown to the recipient.
      ['transfer_in', 'deposit', 'USDT', '7', 'approved', null, friend.creds.username],
      ['withdrawal', 'withdraw', 'KRW', '15000', 'rejected', '월세', null],
      ['deposit', 'deposit', 'USDT', '3.5', 'pending', null, null],
      ['deposit', 'deposit', 'KRW', '20000', 'approved', null, null],
      ['adjustment', 'deposit', 'KRW', '100000', 'approved', null, null],
    ]);

    const deposits = await me.client.get('/api/history?type=deposit');
    expect((deposits.body.data.items as any[]).map((i) => i.source)).toEqual([
      'transfer_in',
      'deposit',
      'deposit',
      'adjustment',
    ]);
    const withdrawals = await me.client.get('/api/history?type=withdraw');
    expect((withdrawals.body.data.items as any[]).map((i) => i.source)).toEqual(['withdrawal']);

    // The sender sees both transfers as withdrawals with the recipient's name.
    const sent = await friend.client.get('/api/history?type=withdraw');
    expect((sent.body.data.items as any[]).map((i) => [i.amount, i.status, i.counterparty])).toEqual([
      ['1', 'rejected', me.creds.username],
      ['7', 'approved', me.creds.username],
    ]);
    // Nobody sees another member's rows.
    const theirs = await stranger.client.get('/api/history');
    expect((theirs.body.data.items as any[]).map((i) => i.amount)).toEqual(['99000']);
    await expectLedgerOk(server.db);
  });

  it('keeps only the latest 100 rows', async () => {
    const me = await memberClient(server.url);
    await server.db.query(
      `INSERT INTO deposits (member_id, currency, amount, bank_name, account_number, account_holder, depositor_name, created_at)
       SELECT $1, 'KRW', 10000 + g, 'b', '1234567890', 'h', 'd', now() - make_interval(mins => g)
         FROM generate_series(1, 105) g`,
      [me.id],
    );
    const r = await me.client.get('/api/history?type=all');
    const items = r.body.data.items as any[];
    expect(items).toHaveLength(100);
    expect(items[0].amount).toBe('10001');
    expect(items[99].amount).toBe('10100');
  });

  it('refuses an unknown type and anonymous callers', async () => {
    const me = await memberClient(server.url);
    const bad = await me.client.get('/api/history?type=transfer');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe(MSG.history.typeInvalid);
    const empty = await me.client.get('/api/history');
    expect(empty.body.data.items).toEqual([]);
    expect((await new Client(server.url).get('/api/history')).status).toBe(401);
  });

  it('every operation of this issue is in the OpenAPI document', async () => {
    const r = await new Client(server.url).get('/api/openapi.json');
    const doc = r.body as unknown as { paths: Record<string, Record<string, any>> };
    const ops = new Set<string>();
    for (const methods of Object.values(doc.paths)) {
      for (const op of Object.values(methods)) if (op.operationId) ops.add(op.operationId);
    }
    for (const id of [
      'createCryptoDeposit',
      'createKrwDeposit',
      'createCryptoWithdrawal',
      'createKrwWithdrawal',
      'listHistory',
      'getDepositAddress',
      'adminApproveDeposit',
      'adminRejectDeposit',
      'adminApproveWithdrawal',
      'adminRejectWithdrawal',
    ]) {
      expect(ops, id).toContain(id);
    }
    const create = doc.paths['/api/withdrawals/crypto']?.post;
    expect(JSON.stringify(create.parameters)).toContain('idempotency-key');
  });
});
