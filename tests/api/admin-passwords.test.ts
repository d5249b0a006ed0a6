import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { adminClient, Client, loginFully, memberClient } from '../support/client';
import { fileAdmin, fileChecker, fileServer } from '../support/fixture';
import { byTwo } from '../support/four-eyes';

// Another administrator's secrets, reset by two administrators; a member's are never set by one
// (tests/api/account-takeover.test.ts, decision 0400).
const server = fileServer();
const admin = fileAdmin(server);
const checker = fileChecker(server);
const two = byTwo(admin, checker);
const A = MSG.admin;
const lastAudit = async (id: string) =>
  (await admin.client.get(`/api/admin/audit?targetId=${id}`)).body.data.items[0];

describe('password management', () => {
  it('changes another administrator’s login password, ends their sessions and lifts a lockout', async () => {
    const m = await adminClient(server.url, server.db);
    const second = new Client(server.url);
    await loginFully(second, m.creds);
    // Someone guessing locked the account (10 failures); the reset lifts the lockout.
    for (let i = 0; i < 10; i++) {
      await new Client(server.url).post('/api/login', { email: m.creds.username, password: `wrong${i}pw` });
    }
    const locked = await new Client(server.url).post('/api/login', {
      email: m.creds.username,
      password: m.creds.password,
    });
    expect(locked.status).toBe(429);

    const res = await two('POST', `/api/admin/members/${m.id}/password`, {
      new_password: 'fresh1pass',
      confirm_password: 'fresh1pass',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sessionsEnded: 2 });
    expect((await m.client.get('/api/session')).status).toBe(401);
    expect((await second.get('/api/session')).status).toBe(401);
    const old = await new Client(server.url).post('/api/login', {
      email: m.creds.username,
      password: m.creds.password,
    });
    expect(old.status).toBe(401);
    const fresh = new Client(server.url);
    await loginFully(fresh, { ...m.creds, password: 'fresh1pass' });
    expect((await fresh.get('/api/session')).body.data.user.username).toBe(m.creds.username);
    const audit = await lastAudit(m.id);
    expect(audit).toMatchObject({ action: 'member.password.reset', after: { sessions_ended: 2 } });
    expect(JSON.stringify(audit)).not.toContain('fresh1pass');
    const [row] = await server.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM members WHERE id = $1',
      [m.id],
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('requires the member policy (8+ with letters and digits) and a matching confirmation', async () => {
    const m = await memberClient(server.url);
    const url = `/api/admin/members/${m.id}/password`;
    for (const [body, message] of [
      [{ new_password: 'abc12', confirm_password: 'abc12' }, A.passwordMin],
      [{ new_password: '123456', confirm_password: '123456' }, A.passwordMin],
      [{ new_password: '12345678', confirm_password: '12345678' }, A.passwordMin],
      [{ new_password: 'abcdefgh', confirm_password: 'abcdefgh' }, A.passwordMin],
      [{ new_password: 'abc1234\u0000', confirm_password: 'abc1234\u0000' }, MSG.common.controlChars],
      [{ new_password: 'abcdef12', confirm_password: 'abcdeg12' }, A.passwordMismatch],
      [{ new_password: 'abcdef12' }, A.passwordMismatch],
      [{ new_password: 'x'.repeat(129), confirm_password: 'x'.repeat(129) }, A.passwordTooLong],
    ] as const) {
      const res = await admin.client.post(url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.message).toBe(message);
    }
    // Nothing changed: the member is still logged in.
    expect((await m.client.get('/api/session')).status).toBe(200);
  });

  it('resets another administrator’s second password (4 to 12 digits); they pass the second step with it', async () => {
    const m = await adminClient(server.url, server.db);
    const url = `/api/admin/members/${m.id}/second-password`;
    for (const [body, message] of [
      [{ new_second_password: '123', confirm_second_password: '123' }, A.secondPasswordRule],
      [{ new_second_password: '12ab56', confirm_second_password: '12ab56' }, A.secondPasswordRule],
      [
        { new_second_password: '1234567890123', confirm_second_password: '1234567890123' },
        A.secondPasswordRule,
      ],
      [{ new_second_password: '1234', confirm_second_password: '1235' }, A.secondPasswordMismatch],
    ] as const) {
      const res = await admin.client.post(url, body);
      expect(res.status).toBe(400);
      expect(res.body.error?.message).toBe(message);
    }
    const res = await two('POST', url, {
      new_second_password: '97531',
      confirm_second_password: '97531',
    });
    expect(res.status).toBe(200);
    expect((await m.client.get('/api/session')).status).toBe(401);
    const c = new Client(server.url);
    await expect(loginFully(c, m.creds)).rejects.toThrow(/second factor failed/);
    await loginFully(new Client(server.url), { ...m.creds, pin: '97531' });
    expect((await lastAudit(m.id)).action).toBe('member.second_password.reset');
  });

  it('refuses an administrator’s reset of their own passwords: that change needs the current one (my page)', async () => {
    const own = await adminClient(server.url, server.db);
    const [before] = await server.db.query<{ p: string; s: string }>(
      'SELECT password_hash AS p, second_password_hash AS s FROM members WHERE id = $1',
      [own.id],
    );
    const res = await own.client.post(`/api/admin/members/${own.id}/password`, {
      new_password: 'mine1234',
      confirm_password: 'mine1234',
    });
    expect(res.status).toBe(403);
    expect(res.body.error?.message).toBe(A.ownPasswordOnMyPage);
    const pin = await own.client.post(`/api/admin/members/${own.id}/second-password`, {
      new_second_password: '97531',
      confirm_second_password: '97531',
    });
    expect(pin.status).toBe(403);
    const [after] = await server.db.query<{ p: string; s: string }>(
      'SELECT password_hash AS p, second_password_hash AS s FROM members WHERE id = $1',
      [own.id],
    );
    expect(after).toEqual(before);
    // On my page the current password is required, as for every member.
    const wrong = await own.client.post('/api/profile/password', {
      current_password: 'notmine123',
      new_password: 'mine1234',
      new_password_confirm: 'mine1234',
    });
    expect(wrong.status).toBe(400);
    const right = await own.client.post('/api/profile/password', {
      current_password: own.creds.password,
      new_password: 'mine1234',
      new_password_confirm: 'mine1234',
    });
    expect(right.status).toBe(200);
    expect((await own.client.get('/api/session')).status).toBe(200);
  });
});
