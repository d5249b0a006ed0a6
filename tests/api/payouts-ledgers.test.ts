import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectLedgerOk, trc20Address, xrpAddress } from '../support/money';
import { approvedPayout, payoutRow, payoutsFile } from '../support/payouts';

// Payouts on TRON (USDT) and the XRP Ledger (XRP, with its destination tag) confirmed against local
// stand-ins shaped like their APIs: paid from the hot wallet, to the address (and tag), exactly the amount.
const HOT_XRP = xrpAddress();
const { tron, xrpl, TOKEN, HOT_TRON, server, admin, round } = payoutsFile({
  PAYOUT_HOT_WALLET_XRPL: HOT_XRP,
});
const approved = async (body: Parameters<typeof approvedPayout>[2]) =>
  (await approvedPayout(server, admin, body)).id;
const statusOf = (id: string) => payoutRow(admin, id);
const record = async (id: string, txid: string) =>
  expect((await admin.client.post(`/api/admin/withdrawals/${id}/payout`, { txid })).status).toBe(200);

describe('payouts on TRON and the XRP Ledger', () => {
  it('USDT on TRON: confirmed when 19 blocks deep from the hot wallet; another sender or amount is flagged', async () => {
    const to = trc20Address();
    const [good, wrongFrom, wrongAmount] = await Promise.all(
      [0, 1, 2].map(() =>
        approved({ currency: 'USDT' as const, amount: '11', network: 'TRC20', recipient_address: to }),
      ),
    );
    const send = (from: string, value: bigint) => tron.pay({ token: TOKEN, from, to, value, block: 1000 });
    await record(good!, send(HOT_TRON, 10_000_000n));
    await record(wrongFrom!, send(trc20Address(), 10_000_000n));
    await record(wrongAmount!, send(HOT_TRON, 9_000_000n));
    tron.setHead(1005);
    await round();
    expect((await statusOf(good!))?.payout_status).toBe('recorded');
    tron.setHead(1020);
    await round();
    expect(await statusOf(good!)).toMatchObject({ payout_status: 'confirmed' });
    expect(await statusOf(wrongFrom!)).toMatchObject({
      payout_status: 'mismatch',
      detail: '보낸 주소가 핫월렛이 아님',
    });
    expect(await statusOf(wrongAmount!)).toMatchObject({ payout_status: 'mismatch', detail: '금액 불일치' });
    await expectLedgerOk(server.db);
  });

  it('XRP: the delivered amount to the address and its tag from the hot wallet; a wrong tag or a partial payment is flagged', async () => {
    const to = xrpAddress();
    const body = {
      currency: 'XRP' as const,
      amount: '5',
      network: 'XRPL',
      recipient_address: to,
      destination_tag: '77',
    };
    const [good, wrongTag, partial, unknown] = await Promise.all([0, 1, 2, 3].map(() => approved(body)));
    const ledger = 5000;
    await record(good!, xrpl.pay({ from: HOT_XRP, to, amount: '4750000', tag: 77, ledger }));
    await record(wrongTag!, xrpl.pay({ from: HOT_XRP, to, amount: '4750000', tag: 78, ledger }));
    await record(
      partial!,
      xrpl.pay({ from: HOT_XRP, to, amount: '4750000', delivered: '1000', tag: 77, ledger }),
    );
    await record(unknown!, randomBytes(32).toString('hex'));
    xrpl.setValidated(ledger - 1);
    await round();
    expect((await statusOf(good!))?.payout_status).toBe('recorded');
    xrpl.setValidated(ledger);
    await round();
    expect(await statusOf(good!)).toMatchObject({ payout_status: 'confirmed' });
    expect(await statusOf(wrongTag!)).toMatchObject({
      payout_status: 'mismatch',
      detail: '데스티네이션 태그 불일치',
    });
    expect(await statusOf(partial!)).toMatchObject({ payout_status: 'mismatch', detail: '금액 불일치' });
    expect(await statusOf(unknown!)).toMatchObject({ payout_status: 'recorded', detail: '트랜잭션 없음' });
    await expectLedgerOk(server.db);
  });
});
