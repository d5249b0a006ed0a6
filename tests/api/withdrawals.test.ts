import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { Client, memberClient } from '../support/client';
import { fileServer, ledgerCheckedAfterEach } from '../support/fixture';
import {
  addressFor,
  adjustBalance,
  available,
  btcAddress,
  erc20Address,
  expectLedgerOk,
  idemKey,
  krwWithdrawalBody,
  trc20Address,
  xrpAddress,
} from '../support/money';

const server = fileServer();
ledgerCheckedAfterEach(server);

const W = MSG.withdraw;
const K = MSG.withdrawKrw;

const external = (over: Record<string, unknown> = {}) => ({
  currency: 'USDT',
  amount: '10',
  method: 'external',
  recipient_address: trc20Address(),
  network: 'TRC20',
  ...over,
});
const bank = krwWithdrawalBody;

async function funded(currency: 'USDT' | 'ETH' | 'XRP' | 'KRW', amount: string) {
  const m = await memberClient(server.url);
  await adjustBalance(server.db, m.id, currency, amount);
  return m;
}

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
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: '9999' }, 'amount', K.minAmount],
      [{ amount: '12000.5' }, 'amount', K.amountInvalid],
      [{ amount: 'abc' }, 'amount', K.amountInvalid],
      [{ bank_name: '' }, 'bank_name', K.bankRequired],
      [{ bank_name: '스위스은행' }, 'bank_name', K.bankRequired],
      [{ account_number: '' }, 'account_number', K.accountNumberRequired],
      [{ account_number: '12-34' }, 'account_number', K.accountNumberInvalid],
      [{ account_holder: '' }, 'account_holder', K.holderRequired],
      [{ memo: 'm'.repeat(201) }, 'memo', K.memoTooLong],
    ];
    for (const [over, field, message] of cases) {
      const r = await client.post('/api/withdrawals/krw', bank(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.error?.fields?.[field], JSON.stringify(over)).toBe(message);
    }
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
    const r = await client.post('/api/withdrawals/crypto', external({ amount: '10.00000001' }));
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
    const cases: [Record<string, unknown>, string, string][] = [
      [{ recipient_address: x, destination_tag: '1' }, 'destination_tag', W.tagConflict],
      [{ recipient_address: classic, destination_tag: '4294967296' }, 'destination_tag', W.tagInvalid],
      [{ recipient_address: classic, destination_tag: '12a' }, 'destination_tag', W.tagInvalid],
      [{ recipient_address: trc20Address() }, 'recipient_address', W.xrpInvalid],
    ];
    for (const [over, field, message] of cases) {
      const r = await xrp(over);
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.error?.fields?.[field]).toBe(message);
    }
    const usdtTag = await m.client.post('/api/withdrawals/crypto', external({ destination_tag: '5' }));
    expect(usdtTag.status).toBe(400);
    expect(usdtTag.body.error?.fields?.destination_tag).toBe(W.tagOnlyXrp);
    expect((await available(m.client, 'XRP')).held).toBe('20');
  });

  it('checks the external fields, addresses and payout with SPEC messages', async () => {
    const { client } = await funded('USDT', '1000');
    const good = trc20Address();
    const broken = `${good.slice(0, 33)}${good[33] === 'a' ? 'b' : 'a'}`;
    const cases: [Record<string, unknown>, string, string][] = [
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
    ];
    for (const [over, field, message] of cases) {
      const r = await client.post('/api/withdrawals/crypto', external(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.error?.fields?.[field], JSON.stringify(over)).toBe(message);
    }
  });

  it('internal transfers need an existing other member, cost nothing and store the username', async () => {
    const { client, creds } = await funded('USDT', '50');
    const friend = await memberClient(server.url);
    const missing = await client.post('/api/withdrawals/crypto', {
      currency: 'USDT',
      amount: '5',
      method: 'internal',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields).toEqual({ recipient_id: W.recipientIdRequired });
    const unknown = await client.post('/api/withdrawals/crypto', {
      currency: 'USDT',
      amount: '5',
      method: 'internal',
      recipient_id: 'nobody_here_x',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toBe(W.recipientNotFound);
    const self = await client.post('/api/withdrawals/crypto', {
      currency: 'USDT',
      amount: '5',
      method: 'internal',
      recipient_id: creds.username.toUpperCase(),
    });
    expect(self.status).toBe(400);
    expect(self.body.error?.message).toBe(W.recipientSelf);
    const ok = await client.post('/api/withdrawals/crypto', {
      currency: 'USDT',
      amount: '5',
      method: 'internal',
      recipient_id: ` ${friend.creds.username.toUpperCase()} `,
      recipient_address: 'ignored',
      network: 'TRC20',
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({
      method: 'internal',
      fee: '0',
      final_amount: '5',
      recipient_id: friend.creds.username,
      recipient_address: null,
      network: null,
    });
  });

  it('20 parallel requests against one balance never hold more than is available', async () => {
    const { client, id } = await funded('USDT', '10');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post('/api/withdrawals/crypto', external({ amount: '2' }), { 'idempotency-key': idemKey() }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(5);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.error?.message).toBe(W.checkAvailable);
    }
    const state = await available(client, 'USDT');
    expect(state).toMatchObject({ total: '10', held: '10', available: '0' });
    const [sum] = await server.db.query<{ held: string }>(
      `SELECT sum(amount)::text AS held FROM withdrawals WHERE member_id = $1 AND status = 'pending'`,
      [id],
    );
    expect(Number(sum?.held)).toBe(10);
    await expectLedgerOk(server.db);
  });

  it('parallel requests of mixed sizes and both kinds still fit the balance', async () => {
    const { client, id } = await funded('KRW', '100000');
    await adjustBalance(server.db, id, 'USDT', '7');
    const results = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        client.post('/api/withdrawals/krw', bank({ amount: String(10000 + i * 1000) })),
      ),
      ...Array.from({ length: 10 }, () =>
        client.post('/api/withdrawals/crypto', external({ amount: '1.5' })),
      ),
    ]);
    const [held] = await server.db.query<{ krw: string; usdt: string }>(
      `SELECT COALESCE(sum(amount) FILTER (WHERE currency = 'KRW'), 0)::text AS krw,
              COALESCE(sum(amount) FILTER (WHERE currency = 'USDT'), 0)::text AS usdt
         FROM withdrawals WHERE member_id = $1 AND status = 'pending'`,
      [id],
    );
    expect(Number(held?.krw)).toBeLessThanOrEqual(100000);
    expect(Number(held?.usdt)).toBe(6);
    expect(results.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(4 + 6);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
  });

  it('an idempotent retry holds once', async () => {
    const { client, id } = await funded('USDT', '10');
    const key = idemKey();
    const body = external({ amount: '6' });
    const [a, b] = await Promise.all([
      client.post('/api/withdrawals/crypto', body, { 'idempotency-key': key }),
      client.post('/api/withdrawals/crypto', body, { 'idempotency-key': key }),
    ]);
    const c = await client.post('/api/withdrawals/crypto', body, { 'idempotency-key': key });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.data.id, b.body.data.id, c.body.data.id]).size).toBe(1);
    const rows = await server.db.query('SELECT 1 FROM withdrawals WHERE member_id = $1', [id]);
    expect(rows).toHaveLength(1);
    expect((await available(client, 'USDT')).available).toBe('4');
  });
});
