import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { Client, memberClient } from '../support/client';
import { cryptoDepositBody as crypto, depositsFile } from '../support/deposits';
import { expectFieldErrors } from '../support/field-errors';
import { idemKey, krwDepositBody, setDepositAddress, trc20Address } from '../support/money';

const K = MSG.depositKrw;
const { server, memberWithAddress } = depositsFile();

const krw = (over: Record<string, unknown> = {}) => ({ ...krwDepositBody(), ...over });

describe('createKrwDeposit', () => {
  it('creates a pending KRW deposit with the bank details', async () => {
    const { client, id } = await memberClient(server.url);
    const r = await client.post('/api/deposits/krw', krw({ amount: '10000' }), {
      'idempotency-key': idemKey(),
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      member_id: id,
      currency: 'KRW',
      amount: '10000',
      fee: '0',
      final_amount: '10000',
      status: 'pending',
      bank_name: '국민은행',
      account_number: '123-456-789012',
      account_holder: '홍길동',
      depositor_name: '홍길동',
      txid: null,
      deposit_address: null,
    });
  });

  it('checks every field with SPEC messages', async () => {
    const { client } = await memberClient(server.url);
    await expectFieldErrors(
      (over) => client.post('/api/deposits/krw', krw(over)),
      [
        [{ amount: '9999' }, 'amount', K.minAmount],
        [{ amount: '0' }, 'amount', K.minAmount],
        [{ amount: '10000.5' }, 'amount', K.amountInvalid],
        [{ amount: '10,000' }, 'amount', K.amountInvalid],
        [{ amount: '' }, 'amount', K.amountInvalid],
        [{ amount: '99999999999999' }, 'amount', K.amountTooLarge],
        [{ bank_name: '' }, 'bank_name', K.allFieldsRequired],
        [{ account_number: ' ' }, 'account_number', K.allFieldsRequired],
        [{ account_number: '12345' }, 'account_number', K.accountNumberInvalid],
        [{ account_number: '12a4567890' }, 'account_number', K.accountNumberInvalid],
        [{ account_holder: '' }, 'account_holder', K.allFieldsRequired],
        [{ depositor_name: '' }, 'depositor_name', K.allFieldsRequired],
        [{ depositor_name: 'x'.repeat(51) }, 'depositor_name', K.tooLong],
      ],
    );
    const extra = await client.post('/api/deposits/krw', krw({ status: 'approved' }));
    expect(extra.status).toBe(400);
    const wrongType = await client.raw('POST', '/api/deposits/krw', {
      body: 'amount=10000',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrongType.status).toBe(415);
  });

  it('needs a logged-in member', async () => {
    const anon = new Client(server.url);
    const r = await anon.post('/api/deposits/krw', krw());
    expect(r.status).toBe(401);
    expect(r.body.error?.message).toBe(K.loginRequired);
  });
});

describe('idempotency', () => {
  it('a repeated key with the same body returns the first result and creates nothing', async () => {
    const { client, id } = await memberClient(server.url);
    const key = idemKey();
    const body = krw({ amount: '20000' });
    const first = await client.post('/api/deposits/krw', body, { 'idempotency-key': key });
    // Same content, other key order and a non-canonical amount: the same request.
    const again = await client.post(
      '/api/deposits/krw',
      { ...Object.fromEntries(Object.entries(body).reverse()), amount: '020000' },
      { 'idempotency-key': key },
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const rows = await server.db.query('SELECT 1 FROM deposits WHERE member_id = $1', [id]);
    expect(rows).toHaveLength(1);
  });

  it('parallel retries with one key create exactly one request', async () => {
    const { client, id } = await memberClient(server.url);
    const key = idemKey();
    const body = krw({ amount: '30000' });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => client.post('/api/deposits/krw', body, { 'idempotency-key': key })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    const rows = await server.db.query('SELECT 1 FROM deposits WHERE member_id = $1', [id]);
    expect(rows).toHaveLength(1);
  });

  it('a repeated key with another body, or for another operation, is refused with 409', async () => {
    const m = await memberWithAddress();
    const key = idemKey();
    expect((await m.client.post('/api/deposits/krw', krw(), { 'idempotency-key': key })).status).toBe(201);
    const other = await m.client.post('/api/deposits/krw', krw({ amount: '60000' }), {
      'idempotency-key': key,
    });
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
      message: MSG.idempotency.keyConflict,
    });
    const otherOp = await m.client.post('/api/deposits/crypto', crypto(), { 'idempotency-key': key });
    expect(otherOp.status).toBe(409);
    const rows = await server.db.query('SELECT 1 FROM deposits WHERE member_id = $1', [m.id]);
    expect(rows).toHaveLength(1);
  });

  it('keys are per member, a failed attempt can be retried, and a malformed key is refused', async () => {
    const a = await memberClient(server.url);
    const b = await memberClient(server.url);
    const key = idemKey();
    expect((await a.client.post('/api/deposits/krw', krw(), { 'idempotency-key': key })).status).toBe(201);
    const rb = await b.client.post('/api/deposits/krw', krw(), { 'idempotency-key': key });
    expect(rb.status).toBe(201);
    expect(rb.body.data.member_id).toBe(b.id);

    const retryKey = idemKey();
    const failed = await a.client.post('/api/deposits/crypto', crypto(), { 'idempotency-key': retryKey });
    expect(failed.status).toBe(409); // no address yet
    await setDepositAddress(server.db, a.id, trc20Address());
    const retried = await a.client.post('/api/deposits/crypto', crypto(), { 'idempotency-key': retryKey });
    expect(retried.status).toBe(201);

    const bad = await a.client.post('/api/deposits/krw', krw(), { 'idempotency-key': 'short' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe(MSG.idempotency.keyInvalid);
  });
});
