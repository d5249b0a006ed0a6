import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { Client, changeSecondPassword, loginFully, memberClient } from '../support/client';
import { profileServer } from '../support/profile';

const { server } = profileServer();
const anon = () => new Client(server.url);
const patch = (c: Client, path: string, body: unknown) => c.call('PATCH', path, body);

describe('changePassword', () => {
  const body = (current: string, next: string, confirm = next) => ({
    current_password: current,
    new_password: next,
    new_password_confirm: confirm,
  });

  it('enforces the new-password rules and the confirmation on the server', async () => {
    const { client, creds } = await memberClient(server.url);
    const cases: Array<[ReturnType<typeof body>, string]> = [
      [body(creds.password, 'short1'), MSG.changePassword.rule],
      [body(creds.password, 'onlyletters'), MSG.changePassword.rule],
      [body(creds.password, '1234567890'), MSG.changePassword.rule],
      [body(creds.password, 'newpass123', 'newpass124'), MSG.changePassword.mismatch],
      [body(creds.password, creds.password), MSG.changePassword.sameAsCurrent],
      [body('', 'newpass123'), MSG.changePassword.currentRequired],
    ];
    for (const [b, message] of cases) {
      const res = await client.post('/api/profile/password', b);
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect(res.body.error?.message).toBe(message);
    }
  });

  it('refuses a wrong current password', async () => {
    const { client, creds } = await memberClient(server.url);
    const res = await client.post('/api/profile/password', body('wrongpass1', 'newpass123'));
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(MSG.changePassword.currentWrong);
    expect(res.body.error?.fields?.current_password).toBe(MSG.changePassword.currentWrong);
    // Nothing changed.
    await loginFully(anon(), creds);
  });

  it('changes the password, ends every other session of the member and keeps the current one', async () => {
    const { client, creds, id } = await memberClient(server.url);
    const phone = anon();
    await loginFully(phone, creds);
    const halfway = anon();
    await halfway.post('/api/login', { email: creds.username, password: creds.password });
    const stranger = await memberClient(server.url);

    const res = await client.post('/api/profile/password', body(creds.password, 'brandnew99'));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ changed: true, ended_sessions: 2 });

    expect((await client.get('/api/profile')).status).toBe(200);
    expect((await phone.get('/api/profile')).status).toBe(401);
    expect((await halfway.get('/api/session')).status).toBe(401);
    expect((await stranger.client.get('/api/profile')).status).toBe(200);
    const sessions = await server.db.query('SELECT 1 FROM sessions WHERE member_id = $1', [id]);
    expect(sessions).toHaveLength(1);

    const old = await anon().post('/api/login', { email: creds.username, password: creds.password });
    expect(old.status).toBe(401);
    await loginFully(anon(), { ...creds, password: 'brandnew99' });
    const [row] = await server.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM members WHERE id = $1',
      [id],
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('counts wrong current passwords like failed logins and locks after 10', async () => {
    const { client, creds } = await memberClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await client.post('/api/profile/password', body(`wrong${i}pass`, 'newpass123'))).status);
    }
    expect(statuses.slice(0, 9).every((s) => s === 400)).toBe(true);
    expect(statuses[9]).toBe(429);
    const right = await client.post('/api/profile/password', body(creds.password, 'newpass123'));
    expect(right.status).toBe(429);
    expect(right.body.error?.message).toBe(MSG.changePassword.locked);
    // The same counter guards the login of this account.
    const login = await anon().post('/api/login', { email: creds.username, password: creds.password });
    expect(login.status).toBe(429);
  });
});

describe('setSecondPassword', () => {
  const set = (c: Client, b: Record<string, unknown>) => c.post('/api/profile/second-password', b);

  it('sets a second password when none exists, then changes it with the current one', async () => {
    const { client, creds, id } = await memberClient(server.url);
    await server.db.query('UPDATE members SET second_password_hash = NULL WHERE id = $1', [id]);

    // The page showed 'change' but there is none: refused, nothing stored.
    const wrongMode = await set(client, {
      mode: 'change',
      current_second_password: '1111',
      second_password: '4321',
      second_password_confirm: '4321',
    });
    expect(wrongMode.status).toBe(409);
    expect(wrongMode.body.error?.message).toBe(MSG.secondPassword.modeChanged);

    const first = await set(client, {
      mode: 'set',
      second_password: '4321',
      second_password_confirm: '4321',
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ mode: 'set', ended_sessions: 0 });
    const p = (await client.get('/api/profile')).body.data;
    expect(p.has_second_password).toBe(true);
    expect(p.security_grade).toBe('safe');
    const [row] = await server.db.query<{ second_password_hash: string }>(
      'SELECT second_password_hash FROM members WHERE id = $1',
      [id],
    );
    expect(row!.second_password_hash).toMatch(/^\$argon2id\$/);
    expect(row!.second_password_hash).not.toContain('4321');

    // Now it exists: 'set' is refused, and 'change' needs the current one.
    const setAgain = await set(client, {
      mode: 'set',
      second_password: '5555',
      second_password_confirm: '5555',
    });
    expect(setAgain.status).toBe(409);
    const noCurrent = await set(client, {
      mode: 'change',
      second_password: '98765432',
      second_password_confirm: '98765432',
    });
    expect(noCurrent.status).toBe(400);
    expect(noCurrent.body.error?.message).toBe(MSG.secondPassword.currentRequired);
    const changed = await set(client, {
      mode: 'change',
      current_second_password: '4321',
      second_password: '98765432',
      second_password_confirm: '98765432',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({ mode: 'change', ended_sessions: 0 });

    // The new 8-digit one passes the login step; the old one does not.
    const fresh = anon();
    await fresh.post('/api/login', { email: creds.username, password: creds.password });
    expect((await fresh.post('/api/auth/second-factor', { second_password: '4321' })).status).toBe(401);
    expect((await fresh.post('/api/auth/second-factor', { second_password: '98765432' })).status).toBe(200);
  });

  it('a member with a 12-digit second password still passes the login step', async () => {
    const { client, creds } = await memberClient(server.url);
    const res = await set(client, {
      mode: 'change',
      current_second_password: creds.pin,
      second_password: '123456789012',
      second_password_confirm: '123456789012',
    });
    expect(res.status).toBe(200);
    await loginFully(anon(), { ...creds, pin: '123456789012' });
  });

  it('enforces digits only, 4 to 12, and the confirmation on the server', async () => {
    const { client, creds } = await memberClient(server.url);
    const cases: Array<[string, string, string]> = [
      ['123', '123', MSG.secondPassword.rule],
      ['1234567890123', '1234567890123', MSG.secondPassword.rule],
      ['12ab', '12ab', MSG.secondPassword.rule],
      ['１２３４', '１２３４', MSG.secondPassword.rule],
      ['123456', '654321', MSG.secondPassword.mismatch],
    ];
    for (const [next, confirm, message] of cases) {
      const res = await set(client, {
        mode: 'change',
        current_second_password: creds.pin,
        second_password: next,
        second_password_confirm: confirm,
      });
      expect(res.status, next).toBe(400);
      expect(res.body.error?.message).toBe(message);
    }
  });

  it('refuses a wrong current second password and locks after 5, sharing the login step counter', async () => {
    const { client, creds } = await memberClient(server.url);
    const attempt = (current: string) =>
      set(client, {
        mode: 'change',
        current_second_password: current,
        second_password: '13579',
        second_password_confirm: '13579',
      });
    const first = await attempt('000000');
    expect(first.status).toBe(400);
    expect(first.body.error?.message).toBe(MSG.secondPassword.currentWrong);
    const statuses = [first.status];
    for (let i = 0; i < 4; i++) statuses.push((await attempt('000000')).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await attempt(creds.pin);
    expect(right.status).toBe(429);
    expect(right.body.error?.message).toBe(MSG.secondPassword.locked);
    // The login's second step of this member is locked too.
    const fresh = anon();
    await fresh.post('/api/login', { email: creds.username, password: creds.password });
    expect((await fresh.post('/api/auth/second-factor', { second_password: creds.pin })).status).toBe(429);
  });
});

describe("a member's data is their own", () => {
  it('every call acts on the session member only; unknown fields naming someone else are refused', async () => {
    const a = await memberClient(server.url);
    const b = await memberClient(server.url);
    expect((await b.client.get('/api/profile')).body.data.username).toBe(b.creds.username);
    const target = await patch(b.client, '/api/profile/contact', {
      contact: '010-3333-4444',
      username: a.creds.username,
    });
    expect(target.status).toBe(400);
    expect((await patch(b.client, '/api/profile/contact', { contact: '010-3333-4444' })).status).toBe(200);
    const pw = await b.client.post('/api/profile/password', {
      current_password: b.creds.password,
      new_password: 'bchanged123',
      new_password_confirm: 'bchanged123',
    });
    expect(pw.status).toBe(200);
    const pin = await changeSecondPassword(b.client, b.creds.pin, '7777');
    expect(pin.status).toBe(200);

    // A is untouched: same contact, password, second password and session.
    const pa = (await a.client.get('/api/profile')).body.data;
    expect(pa.contact).toBe('010-1234-5678');
    expect(pa.email).toBe(a.creds.email);
    await loginFully(anon(), a.creds);
  });
});
