import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { fund, insertDeposit, insertWithdrawal } from '../support/admin-fixtures';
import { adminClient, Client, memberClient, newMemberCreds, signupBody } from '../support/client';
import { fileAdmin, fileChecker, fileServer } from '../support/fixture';
import { proposeAndConfirm } from '../support/four-eyes';
import { moneyRecordsOf } from '../support/member-records';
import { adjustBalance, expectLedgerOk, requestInternal, transferPair } from '../support/money';

const A = MSG.admin;
const server = fileServer();
const admin = fileAdmin(server);
/** The second administrator of two-person approval (decision 0160). */
const checker = fileChecker(server);

const close = (id: string, by = admin) => by.client.post(`/api/admin/members/${id}/close`);

const recordsOf = (memberId: string) => moneyRecordsOf(server.db, memberId);

describe('closing an account', () => {
  it('ends sessions, masks personal data, keeps every money record and its links, reserves the username', async () => {
    const m = await memberClient(server.url, { fullName: '홍길동' });
    await fund(server.db, m.id, { ETH: '1' });
    await proposeAndConfirm(admin.client, checker.client, 'PUT', `/api/admin/members/${m.id}/balances`, {
      eth: '0',
    });
    await insertDeposit(server.db, m.id, { status: 'rejected' });
    await insertWithdrawal(server.db, m.id, { status: 'approved' });
    await admin.client.call('PUT', `/api/admin/members/${m.id}/bank-account`, {
      bank_name: '우리은행',
      account_number: '1002-123-456789',
      account_holder: '홍길동',
    });
    await server.db.query(
      `INSERT INTO asset_locks (member_id, currency, locked_amount, lock_end_date) VALUES ($1, 'eth', 1, DATE '2001-01-01')`,
      [m.id],
    );
    const second = new Client(server.url);
    await second.post('/api/login', { email: m.creds.username, password: m.creds.password });
    expect((await m.client.get('/api/session')).status).toBe(200);
    const before = await recordsOf(m.id);
    expect(before.ledger_entries).toHaveLength(2);

    const res = await close(m.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ closed: true, id: m.id, username: m.creds.username });
    expect(res.body.data.closed_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Nothing that records money is gone or unlinked (the audit log gains the closure entry).
    const after = await recordsOf(m.id);
    for (const table of ['ledger_entries', 'deposits', 'withdrawals', 'asset_locks', 'balances'] as const) {
      expect(after[table], table).toEqual(before[table]);
    }
    expect(after.audit_log).toEqual(expect.arrayContaining(before.audit_log));
    expect(after.audit_log).toHaveLength(before.audit_log.length + 1);

    const [row] = await server.db.query<Record<string, unknown>>(
      'SELECT username, email, full_name, contact, closed_at IS NOT NULL AS closed, closed_by::text AS closed_by FROM members WHERE id = $1',
      [m.id],
    );
    expect(row).toMatchObject({
      username: m.creds.username,
      full_name: '홍**',
      closed: true,
      closed_by: admin.id,
    });
    expect(row?.email).toBe(`${m.creds.email[0]}***@${m.creds.email.split('@')[1]}`);
    expect(String(row?.contact)).toMatch(/^[*-]*\d{0,4}$/);
    const [bank] = await server.db.query<Record<string, unknown>>(
      'SELECT bank_name, account_number, account_holder, is_verified FROM bank_accounts WHERE member_id = $1',
      [m.id],
    );
    expect(bank).toEqual({
      bank_name: '우리은행',
      account_number: '****-***-**6789',
      account_holder: '홍**',
      is_verified: false,
    });
    expect(await server.db.query('SELECT 1 FROM sessions WHERE member_id = $1', [m.id])).toHaveLength(0);

    // Every session ended; signing in says the account is closed; the username cannot be taken again.
    expect((await m.client.get('/api/session')).status).toBe(401);
    expect((await second.get('/api/session')).status).toBe(401);
    const relog = new Client(server.url);
    const login = await relog.post('/api/login', { email: m.creds.username, password: m.creds.password });
    expect(login.status).toBe(403);
    expect(login.body.error).toMatchObject({ code: 'ACCOUNT_CLOSED', message: MSG.login.accountClosed });
    const wrong = await relog.post('/api/login', { email: m.creds.username, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    const again = await new Client(server.url).post(
      '/api/signup',
      signupBody(newMemberCreds({ username: m.creds.username })),
    );
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('USERNAME_TAKEN');
    // The email is free again for a new member.
    const reuse = await new Client(server.url).post(
      '/api/signup',
      signupBody(newMemberCreds({ email: m.creds.email })),
    );
    expect(reuse.status).toBe(201);

    const audit = await admin.client.get(`/api/admin/audit?targetId=${m.id}`);
    const entry = audit.body.data.items.find((e: { action: string }) => e.action === 'member.close');
    expect(entry).toMatchObject({ actor_id: admin.id, target_type: 'member', target_id: m.id });
    expect(entry.before).toMatchObject({ status: 'active', username: m.creds.username, full_name: '홍**' });
    expect(entry.after).toMatchObject({ status: 'closed', sessions_ended: 2, full_name: '홍**' });
    expect(entry.after.reason).toContain('특정금융정보법');
    expect(JSON.stringify(entry)).not.toContain(m.creds.email);
    expect(JSON.stringify(entry)).not.toContain('홍길동');
    await expectLedgerOk(server.db);
  });

  it('leaves a closed account read-only: listed under its filter, every change refused in Korean', async () => {
    const m = await memberClient(server.url);
    const open = await memberClient(server.url);
    expect((await close(m.id)).status).toBe(200);

    const detail = await admin.client.get(`/api/admin/members/${m.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.member.closed_at).toMatch(/^\d{4}-/);

    const ids = async (status: string) => {
      const r = await admin.client.get(`/api/admin/members?status=${status}&pageSize=100`);
      expect(r.status).toBe(200);
      return r.body.data.items.map((i: { id: string }) => i.id) as string[];
    };
    expect(await ids('active')).toContain(open.id);
    expect(await ids('active')).not.toContain(m.id);
    expect(await ids('closed')).toContain(m.id);
    expect(await ids('closed')).not.toContain(open.id);
    const all = await ids('all');
    expect(all).toEqual(expect.arrayContaining([m.id, open.id]));
    const defaults = await admin.client.get('/api/admin/members?pageSize=100');
    expect(defaults.body.data.items.map((i: { id: string }) => i.id)).not.toContain(m.id);
    const closedSearch = await admin.client.get(`/api/admin/members?status=closed&q=${m.creds.username}`);
    expect(closedSearch.body.data.items[0]).toMatchObject({ id: m.id });
    expect(closedSearch.body.data.items[0].closed_at).toMatch(/^\d{4}-/);
    const bad = await admin.client.get('/api/admin/members?status=deleted');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe(A.memberStatusInvalid);

    const changes: [string, string, unknown][] = [
      ['PUT', `/api/admin/members/${m.id}/balances`, { krw: '1000' }],
      [
        'PUT',
        `/api/admin/members/${m.id}/bank-account`,
        { bank_name: '국민은행', account_number: '123456789012', account_holder: '김철수' },
      ],
      [
        'POST',
        `/api/admin/members/${m.id}/password`,
        { new_password: 'newpass123', confirm_password: 'newpass123' },
      ],
      [
        'POST',
        `/api/admin/members/${m.id}/second-password`,
        { new_second_password: '1234', confirm_second_password: '1234' },
      ],
      ['POST', `/api/admin/members/${m.id}/close`, undefined],
    ];
    for (const [method, path, body] of changes) {
      const r = await admin.client.call(method, path, body);
      expect([400, 409], `${method} ${path}`).toContain(r.status);
      if (r.status === 409) expect(r.body.error?.message, path).toBe(A.memberClosed);
    }
    expect(
      (await admin.client.call('PUT', `/api/admin/members/${m.id}/balances`, { krw: '1000' })).body.error
        ?.message,
    ).toBe(A.memberClosed);
    const [bal] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM balances WHERE member_id = $1 AND balance <> 0',
      [m.id],
    );
    expect(bal?.n).toBe(0);
  });

  it('is refused while a balance is not zero, naming the balances', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { KRW: '15000', USDT: '0.00000001' });
    const res = await close(m.id);
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toBe(A.memberHasBalance('KRW 15000, USDT 0.00000001'));
    expect(res.body.error?.message).toContain(A.failed.memberDelete);
    const [row] = await server.db.query<{ closed: boolean }>(
      'SELECT closed_at IS NOT NULL AS closed FROM members WHERE id = $1',
      [m.id],
    );
    expect(row?.closed).toBe(false);
  });

  it('is refused while a deposit, a withdrawal or an internal transfer to the member is pending', async () => {
    const withDeposit = await memberClient(server.url);
    await insertDeposit(server.db, withDeposit.id);
    const withWithdrawal = await memberClient(server.url);
    await insertWithdrawal(server.db, withWithdrawal.id, { currency: 'KRW', amount: '10000' });
    const recipient = await memberClient(server.url);
    const sender = await memberClient(server.url);
    await fund(server.db, sender.id, { XRP: '5' });
    await insertWithdrawal(server.db, sender.id, {
      currency: 'XRP',
      amount: '5',
      recipientMemberId: recipient.id,
    });
    for (const m of [withDeposit, withWithdrawal, recipient]) {
      const res = await close(m.id);
      expect(res.status).toBe(409);
      expect(res.body.error?.message).toBe(A.memberHasPending);
    }
  });

  it('is refused for the administrator themself and answers 404 for an unknown member', async () => {
    const self = await close(admin.id);
    expect(self.status).toBe(409);
    expect(self.body.error?.message).toBe(A.cannotCloseSelf);
    const unknown = await close(randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.message).toBe(A.memberNotFound);
  });
});

describe('history after another account is closed', () => {
  it("a transfer's recipient keeps their history, balance and the transfer's link when the sender is closed", async () => {
    const { sender, recipient } = await transferPair(server, 'XRP', '4', '1');
    const w = await requestInternal(sender.client, recipient, 'XRP', '4');
    expect(w.status).toBe(201);
    expect((await admin.client.post(`/api/admin/withdrawals/${w.body.data.id}/approve`)).status).toBe(200);

    const snapshot = async () => ({
      history: (await recipient.client.get('/api/history')).body.data,
      balances: (await recipient.client.get('/api/balances')).body.data,
      ledger: await server.db.query(
        `SELECT id::text, currency, amount::text, balance_after::text, kind, withdrawal_id::text, deposit_id::text
           FROM ledger_entries WHERE member_id = $1 ORDER BY id`,
        [recipient.id],
      ),
    });
    const before = await snapshot();
    expect(before.ledger.filter((e) => e.kind === 'transfer_in')).toEqual([
      expect.objectContaining({ withdrawal_id: w.body.data.id }),
    ]);
    const received = JSON.stringify(before.history);
    expect(received).toContain(w.body.data.id);

    expect((await close(sender.id)).status).toBe(200);
    expect(await snapshot()).toEqual(before);
    await expectLedgerOk(server.db);
  });

  it('a closed account is never a valid recipient of an internal transfer', async () => {
    const sender = await memberClient(server.url);
    const gone = await memberClient(server.url);
    await adjustBalance(server.db, sender.id, 'XRP', '4');
    expect((await close(gone.id)).status).toBe(200);
    const w = await requestInternal(sender.client, gone, 'XRP', '1');
    expect(w.status).toBe(400);
    expect(w.body.error?.message).toBe(MSG.withdraw.recipientClosed);
    expect(await server.db.query('SELECT 1 FROM withdrawals WHERE member_id = $1', [sender.id])).toHaveLength(
      0,
    );
  });
});

describe('administrators', () => {
  // Closing an administrator's account would remove them without the second person a revocation needs
  // (decision 0370): refused, also when administrators try it on each other at once.
  it('two administrators closing each other at once are both refused and both stay', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await adminClient(server.url, server.db);
      const b = await adminClient(server.url, server.db);
      const [ra, rb] = await Promise.all([close(b.id, a), close(a.id, b)]);
      for (const r of [ra, rb]) {
        expect(r.status).toBe(409);
        expect(r.body.error?.message).toBe(MSG.guards.closeAdmin);
      }
      const open = await server.db.query(
        'SELECT id FROM members WHERE id = ANY($1::uuid[]) AND is_admin AND closed_at IS NULL',
        [[a.id, b.id]],
      );
      expect(open).toHaveLength(2);
    }
  });

  it('a ring of administrators closing one another at once closes nobody', async () => {
    const ring = await Promise.all(Array.from({ length: 6 }, () => adminClient(server.url, server.db)));
    const replies = await Promise.all(ring.map((a, i) => close(ring[(i + 1) % ring.length]!.id, a)));
    for (const r of replies) expect(r.status).toBe(409);
    const open = await server.db.query(
      'SELECT id FROM members WHERE id = ANY($1::uuid[]) AND closed_at IS NULL',
      [ring.map((a) => a.id)],
    );
    expect(open).toHaveLength(ring.length);
  });
});
