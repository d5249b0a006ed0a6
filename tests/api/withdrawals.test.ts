import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { Client, memberClient } from '../support/client';
import { expectFieldErrors } from '../support/field-errors';
import {
  addressFor,
  adjustBalance,
  available,
  krwWithdrawalBody as bank,
  btcAddress,
  erc20Address,
  expectLedgerOk,
  idemKey,
  trc20Address,
  withdrawalCount,
  xrpAddress,
} from '../support/money';
import { externalWithdrawalBody as external, withdrawalsFile } from '../support/withdrawals';

const { server, funded } = withdrawalsFile();

const W = MSG.withdraw;
const K = MSG.withdrawKrw;

describe('createKrwWithdrawal', () => {
  it('holds the amount of a pending bank withdrawal; fee 0, memo empty → null', async () => {
    const { client, id } = await funded('KRW', '50000');
    const r = await client.post('/api/withdrawals/krw', bank({ amount: '30000' }), {
      'idempotency-key': idemKey(),
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      member_id: id,
      currency: 'KRW',
      amount: '30000',
      fee: '0',
      final_amount: '30000',
      method: 'bank',
      network: null,
      recipient_id: null,
      recipient_address: null,
      bank_name: '신한은행',
      account_number: '110-123-456789',
      account_holder: '홍길동',
      memo: null,
      status: 'pending',
    });
    expect(await available(client, 'KRW')).toMatchObject({
      total: '50000',
      held: '30000',
      available: '20000',
    });
    const withMemo = await client.post('/api/withdrawals/krw', bank({ memo: ' 생활비 ' }));
    expect(withMemo.body.data.memo).toBe('생활비');
    await expectLedgerOk(server.db);
  });

  it('refuses more than the available balance with the amount in won', async () => {
    const { client } = await funded('KRW', '25000.5');
    const r = await client.post('/api/withdrawals/krw', bank({ amount: '26000' }));
    expect(r.status).toBe(409);
    expect(r.body.error?.message).toBe(K.availableExceeded('25,000'));
    expect(r.body.error?.fields).toEqual({ amount: K.availableExceeded('25,000') });
    expect((await client.post('/api/withdrawals/krw', bank({ amount: '15000' }))).status).toBe(201);
    const second = await client.post('/api/withdrawals/krw', bank({ amount: '15000' }));
    expect(second.body.error?.message).toBe(K.availableExceeded('10,000'));
  });

  it('active locks reduce what can be withdrawn', async () => {
    const { client, id } = await funded('KRW', '100000');
    await server.db.query(
      `INSERT INTO asset_locks (member_id, currency, locked_amount) VALUES ($1, 'krw', 80000)`,
      [id],
    );
    const r = await client.post('/api/withdrawals/krw', bank({ amount: '30000' }));
    expect(r.status).toBe(409);
    expect(r.body.error?.message).toBe(K.availableExceeded('20,000'));
  });

  it('checks every field with SPEC messages', async () => {
    const { client } = await funded('KRW', '1000000');
    await expectFieldErrors(
      (over) => client.post('/api/withdrawals/krw', bank(over)),
      [
        [{ amount: '9999' }, 'amount', K.minAmount],
        [{ amount: '12000.5' }, 'amount', K.amountInvalid],
        [{ amount: 'abc' }, 'amount', K.amountInvalid],
        [{ bank_name: '' }, 'bank_name', K.bankRequired],
        [{ bank_name: '스위스은행' }, 'bank_name', K.bankRequired],
        [{ account_number: '' }, 'account_number', K.accountNumberRequired],
        [{ account_number: '12-34' }, 'account_number', K.accountNumberInvalid],
        [{ account_holder: '' }, 'account_holder', K.holderRequired],
        [{ memo: 'm'.repeat(201) }, 'memo', K.memoTooLong],
      ],
    );
    const extra = await client.post('/api/withdrawals/krw', bank({ fee: '0' }));
    expect(extra.status).toBe(400);
    const anon = await new Client(server.url).post('/api/withdrawals/krw', bank());
    expect(anon.status).toBe(401);
  });
});

describe('createCryptoWithdrawal', () => {
  it('computes the fee and payout on the server for every currency', async () => {
    const m = await memberClient(server.url);
    await adjustBalance(server.db, m.id, 'USDT', '100');
    await adjustBalance(server.db, m.id, 'ETH', '1');
    await adjustBalance(server.db, m.id, 'XRP', '50');
    const cases = [
      ['USDT', 'TRC20', '10', '1', '9'],
      ['ETH', 'ERC20', '0.5', '0.002', '0.498'],
      ['XRP', 'XRPL', '20.25', '0.25', '20'],
    ] as const;
    for (const [currency, network, amount, fee, payout] of cases) {
      const r = await m.client.post(
        '/api/withdrawals/crypto',
        external({ currency, amount, network, recipient_address: addressFor(network) }),
      );
      expect(r.status).toBe(201);
      expect(r.body.data).toMatchObject({
        currency,
        amount,
        fee,
        final_amount: payout,
        method: 'external',
        network,
        destination_tag: null,
      });
      expect((await available(m.client, currency)).held).toBe(amount);
    }
    const erc = await m.client.post(
      '/api/withdrawals/crypto',
      external({ amount: '5', network: 'ERC20', recipient_address: erc20Address() }),
    );
    expect(erc.status).toBe(201);
    expect(erc.body.data).toMatchObject({
      network: 'ERC20',
      fee: '1',
      final_amount: '4',
      recipient_id: null,
    });
    // A client's fee is never trusted: the field is refused.
    const withFee = await m.client.post('/api/withdrawals/crypto', external({ fee: '0' }));
    expect(withFee.status).toBe(400);
  });

  it('refuses more than the available balance, and BTC (never held)', async () => {
    const { client } = await funded('USDT', '10');
    const r = await client.post('/api/withdrawals/crypto', external({ amount: '10.000001' }));
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: W.checkAvailable });
    const btc = await client.post(
      '/api/withdrawals/crypto',
      external({ currency: 'BTC', amount: '0.01', network: 'BTC', recipient_address: btcAddress() }),
    );
    expect(btc.status).toBe(409);
    expect(btc.body.error?.message).toBe(W.checkAvailable);
    expect((await available(client, 'BTC')).available).toBe('0');
    expect((await client.post('/api/withdrawals/crypto', external({ amount: '10' }))).status).toBe(201);
    expect((await available(client, 'USDT')).available).toBe('0');
  });

  it('refuses XRP or ETH over TRC20 to a Tron address (TRC20 carries neither), holding nothing', async () => {
    const m = await memberClient(server.url);
    await adjustBalance(server.db, m.id, 'XRP', '50');
    await adjustBalance(server.db, m.id, 'ETH', '1');
    const cases = [
      ['XRP', '10', 'TRC20', '리플 네트워크'],
      ['ETH', '0.5', 'TRC20', '이더리움 네트워크'],
      ['XRP', '10', 'ERC20', '리플 네트워크'],
      ['ETH', '0.5', 'XRPL', '이더리움 네트워크'],
    ] as const;
    for (const [currency, amount, network, allowed] of cases) {
      const r = await m.client.post(
        '/api/withdrawals/crypto',
        external({ currency, amount, network, recipient_address: addressFor(network) }),
      );
      expect(r.status, `${currency} over ${network}`).toBe(400);
      expect(r.body.error?.fields?.network).toBe(W.networkNotAllowed(currency, allowed));
      expect((await available(m.client, currency)).held).toBe('0');
    }
    const usdtOnXrpl = await m.client.post(
      '/api/withdrawals/crypto',
      external({ network: 'XRPL', recipient_address: xrpAddress() }),
    );
    expect(usdtOnXrpl.status).toBe(400);
    const [{ n }] = (await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM withdrawals WHERE member_id = $1',
      [m.id],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('XRP: stores the destination tag; an X-address is stored as its classic address and tag', async () => {
    const m = await memberClient(server.url);
    await adjustBalance(server.db, m.id, 'XRP', '100');
    const xrp = (over: Record<string, unknown>) =>
      m.client.post('/api/withdrawals/crypto', external({ currency: 'XRP', network: 'XRPL', ...over }));
    const classic = xrpAddress();
    const tagged = await xrp({ recipient_address: classic, destination_tag: '4294967295' });
    expect(tagged.status).toBe(201);
    expect(tagged.body.data).toMatchObject({ recipient_address: classic, destination_tag: '4294967295' });
    // ripple-address-codec's published vector: this X-address is rGWrZy… with tag 4294967295.
    const x = 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi';
    const fromX = await xrp({ recipient_address: x });
    expect(fromX.status).toBe(201);
    expect(fromX.body.data).toMatchObject({
      recipient_address: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf',
      destination_tag: '4294967295',
    });
    await expectFieldErrors(
      (over) => xrp(over),
      [
        [{ recipient_address: x, destination_tag: '1' }, 'destination_tag', W.tagConflict],
        [{ recipient_address: classic, destination_tag: '4294967296' }, 'destination_tag', W.tagInvalid],
        [{ recipient_address: classic, destination_tag: '12a' }, 'destination_tag', W.tagInvalid],
        [{ recipient_address: trc20Address() }, 'recipient_address', W.xrpInvalid],
      ],
    );
    const usdtTag = await m.client.post('/api/withdrawals/crypto', external({ destination_tag: '5' }));
    expect(usdtTag.status).toBe(400);
    expect(usdtTag.body.error?.fields?.destination_tag).toBe(W.tagOnlyXrp);
    expect((await available(m.client, 'XRP')).held).toBe('20');
  });

  it('checks the external fields, addresses and payout with SPEC messages', async () => {
    const { client } = await funded('USDT', '1000');
    const good = trc20Address();
    const broken = `${good.slice(0, 33)}${good[33] === 'a' ? 'b' : 'a'}`;
    await expectFieldErrors(
      (over) => client.post('/api/withdrawals/crypto', external(over)),
      [
        [{ recipient_address: '' }, 'recipient_address', W.recipientAddressRequired],
        [{ recipient_address: undefined }, 'recipient_address', W.recipientAddressRequired],
        [{ network: undefined }, 'network', W.networkRequired],
        [{ network: 'BEP20' }, 'network', W.networkRequired],
        [{ recipient_address: broken }, 'recipient_address', W.trc20Invalid],
        [{ recipient_address: erc20Address() }, 'recipient_address', W.trc20Invalid],
        [{ network: 'ERC20' }, 'recipient_address', W.erc20Invalid],
        [{ amount: '1' }, 'amount', W.payoutNotPositive],
        [{ amount: '0' }, 'amount', W.amountPositive],
        [{ amount: '' }, 'amount', W.amountInvalid],
        [{ amount: '1.000000001' }, 'amount', W.amountDecimals],
        [{ currency: 'DOGE' }, 'currency', W.currencyInvalid],
        [{ method: 'bank' }, 'method', W.methodInvalid],
      ],
    );
  });
});

describe('external withdrawal decimals per network', () => {
  // XRP moves in drops and USDT has 6 decimals on TRC20 and ERC20: an amount with more can never be sent
  // nor matched by the payout check, so it is refused before anything is held.
  it.each([
    ['XRP', 'XRPL', xrpAddress, '10.0000001'],
    ['USDT', 'TRC20', trc20Address, '10.0000001'],
    ['USDT', 'ERC20', erc20Address, '10.00000001'],
  ] as const)(
    '%s over %s with more than 6 decimals is a 400 at the amount and holds nothing',
    async (currency, network, address, amount) => {
      const m = await funded(currency, '100');
      const res = await m.client.post(
        '/api/withdrawals/crypto',
        external({ currency, amount, network, recipient_address: address() }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error?.fields?.amount).toBe(W.amountDecimalsFor(currency, 6));
      expect(await withdrawalCount(server.db, m.id)).toBe(0);
      expect(await available(m.client, currency)).toMatchObject({ held: '0', available: '100' });
    },
  );

  it('6 decimals on XRP and 8 on ETH are taken, fee and payout included', async () => {
    const x = await funded('XRP', '100');
    const xrp = await x.client.post(
      '/api/withdrawals/crypto',
      external({ currency: 'XRP', amount: '10.000001', network: 'XRPL', recipient_address: xrpAddress() }),
    );
    expect(xrp.status).toBe(201);
    expect(xrp.body.data).toMatchObject({ amount: '10.000001', fee: '0.25', final_amount: '9.750001' });
    const e = await funded('ETH', '1');
    const eth = await e.client.post(
      '/api/withdrawals/crypto',
      external({
        currency: 'ETH',
        amount: '0.10000001',
        network: 'ERC20',
        recipient_address: erc20Address(),
      }),
    );
    expect(eth.status).toBe(201);
  });
});
