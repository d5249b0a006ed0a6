import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { chainRound, fileChainServer, fileEthNode } from '../support/chain-server';
import type { memberClient } from '../support/client';
import { fileAdmin } from '../support/fixture';
import { erc20Address, expectLedgerOk } from '../support/money';
import { approvedPayout } from '../support/payouts';

/**
 * Payouts tracked to a confirmed TXID (decision 0352) on a local Hardhat node: approved external
 * withdrawals are 출금 처리 중, exported as a batch, their TXIDs recorded (by hand, by import, never one TXID
 * twice), confirmed on chain against amount, address and hot wallet, then 출금 완료 in the member's history.
 */
const node = fileEthNode();
const server = fileChainServer(node, () => ({
  PAYOUT_HOT_WALLET_ERC20: node.owner,
  PAYOUT_CONFIRM_HOURS: '1',
}));
const admin = fileAdmin(server);

const round = () => chainRound(server, 'payouts');

async function approvedWithdrawal(amount = '11') {
  const address = erc20Address();
  const body = { currency: 'USDT' as const, amount, network: 'ERC20', recipient_address: address };
  return { ...(await approvedPayout(server, admin, body)), address };
}
const historyItem = async (m: Awaited<ReturnType<typeof memberClient>>, id: string) =>
  (
    (await m.client.get('/api/history?type=withdraw')).body.data.items as { id: string; payout?: unknown }[]
  ).find((i) => i.id === id);

describe('payouts', () => {
  it('exports the batch, records the TXID, confirms it on chain and shows the member 출금 완료 with its link', async () => {
    const { m, id, address } = await approvedWithdrawal();
    expect((await historyItem(m, id))?.payout).toEqual({
      status: 'processing',
      txid: null,
      explorer_url: null,
    });

    const batch = await admin.client.get('/api/admin/payouts/batch');
    expect(batch.body.data.items).toContainEqual({
      id,
      currency: 'USDT',
      network: 'ERC20',
      address,
      tag: null,
      amount: '10',
      fee: '1',
      previous_txid: null,
    });
    const csv = await fetch(`${server.url}/api/admin/payouts/batch.csv`, {
      headers: { cookie: [...admin.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    // Excel's Korean reading: UTF-8 with its byte-order mark, as every CSV of the desk.
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toContain(`${id},USDT,ERC20,${address},,10,1,\r\n`);
    // Members are refused; the administrator's bad TXID is refused with its reason.
    expect((await m.client.get('/api/admin/payouts/batch')).status).toBe(403);
    const bad = await admin.client.post(`/api/admin/withdrawals/${id}/payout`, { txid: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.fields!.txid).toBe(MSG.payouts.txidInvalid('ERC20'));

    const { hash } = await node.transfer(address, '10');
    const rec = await admin.client.post(`/api/admin/withdrawals/${id}/payout`, { txid: hash });
    expect(rec.status).toBe(200);
    expect((await admin.client.post(`/api/admin/withdrawals/${id}/payout`, { txid: hash })).status).toBe(409);
    const other = await approvedWithdrawal();
    const reused = await admin.client.post(`/api/admin/withdrawals/${other.id}/payout`, { txid: hash });
    expect(reused.status).toBe(409);
    expect(reused.body.error!.message).toBe(MSG.payouts.txidUsed);

    await round();
    expect((await historyItem(m, id))?.payout).toMatchObject({ status: 'processing' });
    await node.mine(12);
    await round();
    const done = (await admin.client.get('/api/admin/payouts?filter=all')).body.data.items.find(
      (r: { id: string }) => r.id === id,
    );
    expect(done).toMatchObject({ payout_status: 'confirmed', txid: hash, overdue: false });
    expect((await historyItem(m, id))?.payout).toEqual({
      status: 'completed',
      txid: hash,
      explorer_url: `https://etherscan.io/tx/${hash}`,
    });
    await expectLedgerOk(server.db);
  });

  it('a payout of the wrong amount, to the wrong address or from another wallet is flagged, never completed', async () => {
    const wrongAmount = await approvedWithdrawal();
    const wrongTo = await approvedWithdrawal();
    const notHot = await approvedWithdrawal();
    const a = await node.transfer(wrongAmount.address, '9');
    const b = await node.transfer(erc20Address(), '10');
    const c = await node.transfer(notHot.address, '10', { from: node.pauper, gas: 100_000n });
    const imported = await admin.client.post('/api/admin/payouts/import', {
      items: [
        { id: wrongAmount.id, txid: a.hash },
        { id: wrongTo.id, txid: b.hash },
        { id: notHot.id, txid: c.hash },
        { id: 'not-an-id', txid: a.hash },
      ],
    });
    expect(imported.status).toBe(200);
    expect(imported.body.data.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true, true, false]);
    await node.mine(12);
    await round();
    const rows = (await admin.client.get('/api/admin/payouts?filter=open')).body.data.items as {
      id: string;
      payout_status: string;
      detail: string | null;
    }[];
    const of = (id: string) => rows.find((r) => r.id === id);
    expect(of(wrongAmount.id)).toMatchObject({ payout_status: 'mismatch', detail: '금액 불일치' });
    expect(of(wrongTo.id)).toMatchObject({ payout_status: 'mismatch', detail: '받는 주소 불일치' });
    expect(of(notHot.id)?.payout_status).toBe('mismatch');
    expect((await historyItem(wrongAmount.m, wrongAmount.id))?.payout).toMatchObject({
      status: 'processing',
    });
  });

  it('an approved withdrawal without a confirmed payout past the set time is flagged overdue', async () => {
    const { id } = await approvedWithdrawal();
    await server.db.query(`UPDATE withdrawals SET processed_at = now() - interval '2 hours' WHERE id = $1`, [
      id,
    ]);
    const row = (await admin.client.get('/api/admin/payouts?filter=unpaid')).body.data.items.find(
      (r: { id: string }) => r.id === id,
    );
    expect(row).toMatchObject({ payout_status: 'processing', overdue: true });
  });

  it('an approved withdrawal without its decision time (written outside the desk) is listed and flagged from its creation', async () => {
    const { m } = await approvedWithdrawal();
    const [row] = await server.db.query<{ id: string }>(
      `INSERT INTO withdrawals (member_id, currency, amount, fee, final_amount, method, network, recipient_address,
                                status, created_at)
       VALUES ($1, 'USDT', 11, 1, 10, 'external', 'ERC20', $2, 'approved', now() - interval '2 hours')
       RETURNING id::text AS id`,
      [m.id, erc20Address()],
    );
    for (const filter of ['unpaid', 'open', 'all']) {
      const list = await admin.client.get(`/api/admin/payouts?filter=${filter}`);
      expect(list.status).toBe(200);
      expect(list.body.data.items.find((r: { id: string }) => r.id === row!.id)).toMatchObject({
        approved_at: null,
        overdue: true,
      });
    }
  });

  it('one TXID recorded for 20 withdrawals at once pays exactly one', async () => {
    const ws = await Promise.all(Array.from({ length: 20 }, () => approvedWithdrawal()));
    const { hash } = await node.transfer(ws[0]!.address, '10');
    const answers = await Promise.all(
      ws.map((w) => admin.client.post(`/api/admin/withdrawals/${w.id}/payout`, { txid: hash })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
  });
});
