import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { Client, memberClient, newMemberCreds, signupBody } from '../support/client';
import { cryptoDepositBody as crypto, depositsFile } from '../support/deposits';
import { expectFieldErrors } from '../support/field-errors';
import {
  erc20Address,
  expectLedgerOk,
  idemKey,
  setDepositAddress,
  trc20Address,
  txid,
  xrpAddress,
} from '../support/money';

const D = MSG.deposit;
const { server, memberWithAddress } = depositsFile();

describe('deposit address', () => {
  it('is null with the admin chat link until one is assigned, then the assigned address', async () => {
    const { client, id } = await memberClient(server.url);
    const none = await client.get('/api/deposit-address');
    expect(none.status).toBe(200);
    // No chain connection is set in this file: the page says TRC20 deposits cannot be taken now.
    expect(none.body.data).toEqual({
      currency: 'USDT',
      address: null,
      network: 'TRC20',
      chat_url: 'https://chat.example.com/admin',
      origin: null,
      qr_value: null,
      connected: false,
      min_confirmations: 19,
    });
    const address = trc20Address();
    await setDepositAddress(server.db, id, address);
    const some = await client.get('/api/deposit-address');
    expect(some.body.data).toEqual({
      currency: 'USDT',
      address,
      network: 'TRC20',
      chat_url: 'https://chat.example.com/admin',
      origin: 'operator',
      qr_value: address,
      connected: false,
      min_confirmations: 19,
    });
    // Each network has its own address: ERC20 has none yet, then its own.
    const noErc = await client.get('/api/deposit-address?network=ERC20');
    expect(noErc.body.data).toMatchObject({ address: null, network: 'ERC20' });
    const erc = erc20Address();
    await setDepositAddress(server.db, id, erc);
    expect((await client.get('/api/deposit-address?network=ERC20')).body.data).toMatchObject({
      address: erc,
      network: 'ERC20',
    });
    expect((await client.get('/api/deposit-address?network=TRC20')).body.data.address).toBe(address);
    const bad = await client.get('/api/deposit-address?network=XRPL');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe(D.networkInvalid);
  });

  it('needs a full session', async () => {
    const anon = new Client(server.url);
    expect((await anon.get('/api/deposit-address')).status).toBe(401);
    const c = newMemberCreds();
    const half = new Client(server.url);
    await half.post('/api/signup', signupBody(c));
    await half.post('/api/login', { email: c.username, password: c.password });
    const r = await half.get('/api/deposit-address');
    expect(r.status).toBe(401);
    expect(r.body.error?.message).toBe(MSG.common.secondStepRequired);
  });
});

describe('createCryptoDeposit', () => {
  it('creates a pending USDT deposit to the assigned address, fee 0, amount canonical', async () => {
    const { client, id, address } = await memberWithAddress();
    const body = crypto({ amount: '0012.50000000' });
    const r = await client.post('/api/deposits/crypto', body, { 'idempotency-key': idemKey() });
    expect(r.status).toBe(201);
    expect(r.body.error).toBeNull();
    expect(r.body.data).toMatchObject({
      member_id: id,
      currency: 'USDT',
      amount: '12.5',
      fee: '0',
      final_amount: '12.5',
      status: 'pending',
      network: 'TRC20',
      deposit_address: address,
      txid: body.txid,
      sender_address: body.sender_address,
      processed_at: null,
    });
    expect(r.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(r.body.data.created_at)).not.toBeNaN();
    // A request changes no balance.
    const ledger = await server.db.query('SELECT 1 FROM ledger_entries WHERE member_id = $1', [id]);
    expect(ledger).toHaveLength(0);
    await expectLedgerOk(server.db);
  });

  it('is refused without an assigned address', async () => {
    const { client } = await memberClient(server.url);
    const r = await client.post('/api/deposits/crypto', crypto());
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ data: null, error: expect.objectContaining({ message: D.addressUnavailable }) });
  });

  it('refuses an XRP claim, writing nothing, while the server is told no XRP Ledger to check it on', async () => {
    const { client, id } = await memberClient(server.url);
    const r = await client.post('/api/deposits/crypto', {
      network: 'XRPL',
      amount: '25',
      txid: txid().toUpperCase(),
      sender_address: xrpAddress(),
    });
    expect([r.status, r.body.error?.message]).toEqual([409, MSG.xrpClaim.unavailable]);
    expect(await server.db.query('SELECT 1 FROM deposits WHERE member_id = $1', [id])).toEqual([]);
  });

  it('checks every field with SPEC messages', async () => {
    const { client, id } = await memberWithAddress();
    await expectFieldErrors(
      (over) => client.post('/api/deposits/crypto', crypto(over)),
      [
        [{ amount: '0' }, 'amount', D.amountPositive],
        [{ amount: '0.00000000' }, 'amount', D.amountPositive],
        [{ amount: 'abc' }, 'amount', D.amountInvalid],
        [{ amount: '' }, 'amount', D.amountInvalid],
        [{ amount: '-5' }, 'amount', D.amountInvalid],
        [{ amount: '1e3' }, 'amount', D.amountInvalid],
        [{ amount: 12 }, 'amount', D.amountInvalid],
        [{ amount: '1.123456789' }, 'amount', D.amountDecimals],
        [{ amount: '10000000000000' }, 'amount', D.amountTooLarge],
        [{ txid: '' }, 'txid', D.txidRequired],
        [{ txid: '   ' }, 'txid', D.txidRequired],
        [{ txid: 'not-a-hash' }, 'txid', D.txidInvalid],
        [{ sender_address: '' }, 'sender_address', D.senderRequired],
        [{ sender_address: 'Tnotanaddress' }, 'sender_address', D.senderInvalidFor('TRC20')],
        [{ sender_address: erc20Address() }, 'sender_address', D.senderInvalidFor('TRC20')],
        [{ txid: `0x${txid()}` }, 'txid', D.txidInvalidFor('TRC20')],
        [{ network: 'ERC20', sender_address: erc20Address() }, 'txid', D.txidInvalidFor('ERC20')],
        [{ network: 'ERC20', txid: `0x${txid()}` }, 'sender_address', D.senderInvalidFor('ERC20')],
        [{ network: 'BEP20' }, 'network', D.networkInvalid],
      ],
      { topMessage: true },
    );
    const missing = await client.post('/api/deposits/crypto', { amount: '1' });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields).toMatchObject({
      txid: D.txidRequired,
      sender_address: D.senderRequired,
    });
    // The address is the server's: a client cannot choose it (strict object).
    const chosen = await client.post('/api/deposits/crypto', crypto({ deposit_address: trc20Address() }));
    expect(chosen.status).toBe(400);
    expect(chosen.body.error?.message).toContain(MSG.common.unknownField);
    // An ERC20 claim needs the member's ERC20 address; then an ERC20 sender and a 0x TXID are accepted.
    const ercClaim = crypto({ network: 'ERC20', sender_address: erc20Address(), txid: `0x${txid()}` });
    const noErcAddress = await client.post('/api/deposits/crypto', ercClaim);
    expect(noErcAddress.status).toBe(409);
    expect(noErcAddress.body.error?.message).toBe(D.addressUnavailable);
    const ercAddress = erc20Address();
    await setDepositAddress(server.db, id, ercAddress);
    const erc = await client.post('/api/deposits/crypto', ercClaim);
    expect(erc.status).toBe(201);
    expect(erc.body.data).toMatchObject({ network: 'ERC20', deposit_address: ercAddress });
  });

  it('refuses a TXID already used by a live deposit, of anyone, in any letter case, with or without 0x', async () => {
    const a = await memberWithAddress();
    const b = await memberWithAddress();
    await setDepositAddress(server.db, b.id, erc20Address());
    const t = txid();
    expect((await a.client.post('/api/deposits/crypto', crypto({ txid: t }))).status).toBe(201);
    const erc = { network: 'ERC20', sender_address: erc20Address() };
    for (const [client, value, over] of [
      [a.client, t, {}],
      [b.client, t.toUpperCase(), {}],
      [b.client, `0x${t}`, erc],
    ] as const) {
      const r = await client.post('/api/deposits/crypto', crypto({ txid: value, ...over }));
      expect(r.status).toBe(409);
      expect(r.body.error?.message).toBe(D.duplicateTxid);
      expect(r.body.error?.fields).toEqual({ txid: D.duplicateTxid });
    }
    const rows = await server.db.query('SELECT 1 FROM deposits WHERE lower(txid) = $1', [t]);
    expect(rows).toHaveLength(1);
  });

  it('lets exactly one of many parallel requests with one TXID through', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => memberWithAddress()));
    const t = txid();
    const results = await Promise.all(
      members.flatMap((m) => [0, 1].map(() => m.client.post('/api/deposits/crypto', crypto({ txid: t })))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.error?.message).toBe(D.duplicateTxid);
    }
  });
});
