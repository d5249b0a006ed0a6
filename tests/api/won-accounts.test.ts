import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { adminClient, memberClient } from '../support/client';
import { fileServer, ledgerCheckedAfterEach } from '../support/fixture';
import { confirmAs, secondAdmin } from '../support/four-eyes';
import { adjustBalance, available, idemKey, withdrawalCount } from '../support/money';

// Its own database: the receiving account is one setting for the whole service (four-eyes-settings sets it too).
const server = fileServer({}, { ownDatabase: true });
ledgerCheckedAfterEach(server);

const O = MSG.wonAccounts;
const OWN = { bank_name: '신한은행', account_number: '110-123-456789', account_holder: '홍길동' };
const OTHER = { bank_name: '국민은행', account_number: '123456-01-234567', account_holder: '김철수' };

/** A member whose won requests are not helped by the test client: they meet the rule as sent. */
async function member(account: 'none' | 'unverified' | 'verified' = 'verified') {
  const m = await memberClient(server.url);
  m.client.ownAccount = null;
  if (account !== 'none') {
    await server.db.query(
      `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder, is_verified)
       VALUES ($1, $2, $3, $4, $5)`,
      [m.id, OWN.bank_name, OWN.account_number, OWN.account_holder, account === 'verified'],
    );
  }
  return m;
}

describe('won withdrawals go only to the verified own-name account', () => {
  it('without a body account: paid to the own account, as recorded', async () => {
    const m = await member();
    await adjustBalance(server.db, m.id, 'KRW', '50000');
    const r = await m.client.post(
      '/api/withdrawals/krw',
      { amount: '20000' },
      { 'idempotency-key': idemKey() },
    );
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ ...OWN, amount: '20000', method: 'bank', status: 'pending' });
  });

  it('the same account written without hyphens is that account', async () => {
    const m = await member();
    await adjustBalance(server.db, m.id, 'KRW', '50000');
    const r = await m.client.post(
      '/api/withdrawals/krw',
      { amount: '10000', ...OWN, account_number: '110123456789' },
      { 'idempotency-key': idemKey() },
    );
    expect(r.status).toBe(201);
    expect(r.body.data.account_number).toBe(OWN.account_number);
  });

  it('another account is refused in Korean, under the field that differs, and nothing changes', async () => {
    const m = await member();
    await adjustBalance(server.db, m.id, 'KRW', '50000');
    for (const over of [OTHER, { ...OWN, account_holder: '김철수' }, { ...OWN, bank_name: '국민은행' }]) {
      const r = await m.client.post('/api/withdrawals/krw', { amount: '10000', ...over });
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.error?.message).toBe(O.withdrawOwnOnly);
      expect(Object.values(r.body.error?.fields ?? {})).toContain(O.withdrawOwnOnly);
    }
    expect(await withdrawalCount(server.db, m.id)).toBe(0);
    expect(await available(m.client, 'KRW')).toMatchObject({ total: '50000', available: '50000' });
  });

  it('no account, or one not yet verified: refused with how to register one', async () => {
    for (const state of ['none', 'unverified'] as const) {
      const m = await member(state);
      await adjustBalance(server.db, m.id, 'KRW', '50000');
      const r = await m.client.post('/api/withdrawals/krw', { amount: '10000' });
      expect(r.status, state).toBe(409);
      expect(r.body.error?.message).toBe(O.noOwnAccount);
      expect(await withdrawalCount(server.db, m.id)).toBe(0);
    }
  });

  it('50 parallel withdrawals to a foreign account are all refused; the balance is untouched', async () => {
    const m = await member();
    await adjustBalance(server.db, m.id, 'KRW', '1000000');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        m.client.post(
          '/api/withdrawals/krw',
          { amount: '10000', ...OTHER },
          { 'idempotency-key': idemKey() },
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(400));
    expect(new Set(results.map((r) => r.body.error?.message))).toEqual(new Set([O.withdrawOwnOnly]));
    expect(await withdrawalCount(server.db, m.id)).toBe(0);
    expect(await available(m.client, 'KRW')).toMatchObject({ total: '1000000', available: '1000000' });
    // Each of the 50 proves the second password first (argon2, one member's checks one after another).
  }, 180_000);
});

describe('won deposits come only from the verified own-name account', () => {
  it('the sender is the own account; another one is refused', async () => {
    const m = await member();
    const ok = await m.client.post(
      '/api/deposits/krw',
      { amount: '10000', depositor_name: '홍길동' },
      { 'idempotency-key': idemKey() },
    );
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ ...OWN, currency: 'KRW', status: 'pending' });
    const other = await m.client.post('/api/deposits/krw', {
      amount: '10000',
      depositor_name: '홍길동',
      ...OTHER,
    });
    expect(other.status).toBe(400);
    expect(other.body.error?.message).toBe(O.depositOwnOnly);
    const none = await member('none');
    const refused = await none.client.post('/api/deposits/krw', {
      amount: '10000',
      depositor_name: '홍길동',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe(O.noOwnAccount);
  });
});

describe('the receiving account', () => {
  it('two administrators set it (audited with both); members read it with their own account', async () => {
    const m = await member();
    const before = await m.client.get('/api/won-accounts');
    expect(before.status).toBe(200);
    expect(before.body.data.own).toEqual(OWN);
    expect(before.body.data.own_status).toBe('verified');

    // Members may not read or set the operator's setting.
    expect((await m.client.get('/api/admin/receiving-account')).status).toBe(403);
    expect((await m.client.call('PUT', '/api/admin/receiving-account', OTHER)).status).toBe(403);

    const admin = await adminClient(server.url, server.db);
    const bad = await admin.client.call('PUT', '/api/admin/receiving-account', {
      ...OTHER,
      account_number: '12',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields?.account_number).toBe(MSG.depositKrw.accountNumberInvalid);
    const receiving = {
      bank_name: '우리은행',
      account_number: '1005-123-456789',
      account_holder: '(주)월렛',
    };
    // Where every member's won lands is set by two administrators: one proposes, another confirms.
    const proposed = await admin.client.call('PUT', '/api/admin/receiving-account', receiving);
    expect(proposed.status).toBe(202);
    expect((await m.client.get('/api/won-accounts')).body.data.receiving).toEqual(before.body.data.receiving);
    const checker = await secondAdmin(server.url, server.db);
    const set = await confirmAs(checker.client, proposed.body.data.proposal.id);
    expect(set.status).toBe(200);
    expect(set.body.data.result).toMatchObject({ account: receiving, updated_by: admin.creds.username });
    const audit = await server.db.query<{ actor_id: string; after: unknown }>(
      `SELECT actor_id, after FROM audit_log WHERE action = 'settings.receiving_account.set' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(audit[0]).toMatchObject({
      actor_id: admin.id,
      after: {
        ...receiving,
        approval: { proposed_by: admin.creds.username, confirmed_by: checker.creds.username },
      },
    });

    const after = await m.client.get('/api/won-accounts');
    expect(after.body.data.receiving).toEqual(receiving);
    const none = await member('unverified');
    const view = await none.client.get('/api/won-accounts');
    expect(view.body.data).toMatchObject({ own: null, own_status: 'unverified', receiving });
  });
});

describe('a withdrawal is confirmed with the second password', () => {
  it('missing or wrong: refused at its field with the attempts left; nothing is held', async () => {
    const m = await member();
    await adjustBalance(server.db, m.id, 'KRW', '50000');
    const missing = await m.client.call('POST', '/api/withdrawals/krw', { amount: '10000' });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields?.second_password).toBe(MSG.wrules.secondPasswordRequired);
    const wrongPin = m.creds.pin === '000000' ? '111111' : '000000';
    const first = await m.client.post('/api/withdrawals/krw', { amount: '10000', second_password: wrongPin });
    expect(first.status).toBe(400);
    expect(first.body.error?.fields?.second_password).toBe(MSG.wrules.secondPasswordWrong(4));
    const second = await m.client.post('/api/withdrawals/krw', {
      amount: '10000',
      second_password: wrongPin,
    });
    expect(second.body.error?.fields?.second_password).toBe(MSG.wrules.secondPasswordWrong(3));
    expect(await withdrawalCount(server.db, m.id)).toBe(0);
    const right = await m.client.post(
      '/api/withdrawals/krw',
      { amount: '10000' },
      { 'idempotency-key': idemKey() },
    );
    expect(right.status).toBe(201);
  });

  it('the second password is never part of the stored idempotency hash: a replay with the key answers the same', async () => {
    const m = await member();
    await adjustBalance(server.db, m.id, 'KRW', '50000');
    const key = idemKey();
    const a = await m.client.post('/api/withdrawals/krw', { amount: '10000' }, { 'idempotency-key': key });
    const b = await m.client.post('/api/withdrawals/krw', { amount: '10000' }, { 'idempotency-key': key });
    expect(a.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(await withdrawalCount(server.db, m.id)).toBe(1);
  });
});
