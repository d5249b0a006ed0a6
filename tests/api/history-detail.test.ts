import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import type { HistoryItem } from '../../src/shared/schemas/history';
import { memberClient } from '../support/client';
import { ledgerFile } from '../support/fixture';
import { adjustBalance, idemKey, setDepositAddress, trc20Address, txid, xrpAddress } from '../support/money';
import { insertUsableAddress } from '../support/withdrawal-book';

const { server, admin } = ledgerFile();

describe('listHistory: one asset, and what a row’s detail sheet shows', () => {
  it('lists only the asked asset and carries address, network, tag, TXID, times and the rejection reason', async () => {
    const me = await memberClient(server.url);
    const depositAddress = trc20Address();
    await setDepositAddress(server.db, me.id, depositAddress);
    await adjustBalance(server.db, me.id, 'XRP', '100');
    await adjustBalance(server.db, me.id, 'KRW', '50000');
    const to = xrpAddress();
    await insertUsableAddress(server.db, me.id, 'XRPL', to);

    const hash = txid();
    const usdt = await me.client.post('/api/deposits/crypto', {
      amount: '3.5',
      txid: hash,
      sender_address: trc20Address(),
    });
    const xrp = await me.client.post(
      '/api/withdrawals/crypto',
      {
        currency: 'XRP',
        amount: '20',
        method: 'external',
        network: 'XRPL',
        recipient_address: to,
        destination_tag: '12345',
      },
      { 'idempotency-key': idemKey() },
    );
    expect([usdt.status, xrp.status]).toEqual([201, 201]);
    const rejected = await admin.client.post(`/api/admin/withdrawals/${xrp.body.data.id}/reject`, {
      reason: '수신 주소 확인 불가',
    });
    expect(rejected.status).toBe(200);

    const only = await me.client.get('/api/history?asset=XRP');
    expect(only.status).toBe(200);
    const items = only.body.data.items as HistoryItem[];
    expect(items.map((i) => [i.source, i.currency, i.amount])).toEqual([
      ['withdrawal', 'XRP', '20'],
      ['adjustment', 'XRP', '100'],
    ]);
    const w = items[0]!;
    expect(w).toMatchObject({
      status: 'rejected',
      network: 'XRPL',
      address: to,
      destination_tag: '12345',
      fee: '0.25',
      final_amount: '19.75',
      reject_reason: '수신 주소 확인 불가',
      txid: null,
    });
    expect(Date.parse(w.processed_at!)).toBeGreaterThanOrEqual(Date.parse(w.created_at));

    const usdtRows = (await me.client.get('/api/history?asset=USDT&type=deposit')).body.data
      .items as HistoryItem[];
    expect(usdtRows).toHaveLength(1);
    expect(usdtRows[0]).toMatchObject({
      source: 'deposit',
      txid: hash,
      network: 'TRC20',
      address: depositAddress,
      processed_at: null,
      reject_reason: null,
    });
    // The won rows are not in another asset's list; an adjustment has no request facts.
    const krw = (await me.client.get('/api/history?asset=KRW')).body.data.items as HistoryItem[];
    expect(krw.map((i) => [i.source, i.currency, i.network, i.address])).toEqual([
      ['adjustment', 'KRW', null, null],
    ]);
  });

  it('refuses an unknown asset in Korean', async () => {
    const me = await memberClient(server.url);
    const bad = await me.client.get('/api/history?asset=DOGE');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe(MSG.timeline.assetInvalid);
  });
});
