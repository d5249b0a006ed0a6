import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { adminClient, Client, loginFully, memberClient, newMemberCreds, signupBody } from '../support/client';
import { fileServer } from '../support/fixture';

// The cost a deployment hashes with (the other files' servers hash at the test cost, support/server.ts).
const server = fileServer({ PASSWORD_HASH_COST: 'standard' });

const anon = () => new Client(server.url);

describe('sign-up', () => {
  it('creates a member with zero balances and never an administrator, whatever the body says', async () => {
    const c = newMemberCreds();
    // The body has no administrator flag: one sent is an unknown field, refused, and no account is made.
    const refused = await anon().post('/api/signup', signupBody(c, { is_admin: true }));
    expect(refused.status).toBe(400);
    expect(
      await server.db.query('SELECT 1 FROM members WHERE username = $1', [c.username.toLowerCase()]),
    ).toHaveLength(0);
    const res = await anon().post('/api/signup', signupBody(c));
    expect(res.status).toBe(201);
    expect(res.body.error).toBeNull();
    const id = res.body.data.user.id;
    const [row] = await server.db.query<{
      is_admin: boolean;
      password_hash: string;
      second_password_hash: string;
    }>('SELECT is_admin, password_hash, second_password_hash FROM members WHERE id = $1', [id]);
    expect(row!.is_admin).toBe(false);
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.password_hash).not.toContain(c.password);
    expect(row!.second_password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const balances = await server.db.query<{ currency: string; balance: string }>(
      'SELECT currency, balance::text AS balance FROM balances WHERE member_id = $1 ORDER BY currency',
      [id],
    );
    expect(balances.map((b) => b.currency)).toEqual(['ETH', 'KRW', 'USDT', 'XRP']);
    expect(balances.every((b) => Number(b.balance) === 0)).toBe(true);
  });

  it('refuses a taken username (any case) and a taken email with Korean messages', async () => {
    const c = newMemberCreds();
    expect((await anon().post('/api/signup', signupBody(c))).status).toBe(201);
    const dupName = await anon().post(
      '/api/signup',
      signupBody({ ...newMemberCreds(), username: c.username.toUpperCase().toLowerCase() }),
    );
    expect(dupName.status).toBe(409);
    expect(dupName.body.error?.message).toBe(MSG.signup.usernameTaken);
    const dupEmail = await anon().post(
      '/api/signup',
      signupBody({ ...newMemberCreds(), email: c.email.toUpperCase() }),
    );
    expect(dupEmail.status).toBe(409);
    expect(dupEmail.body.error?.message).toBe(MSG.signup.emailTaken);
  });

  it('enforces the agreements, the password rule and the 6-digit second password on the server', async () => {
    const c = newMemberCreds();
    const noTerms = await anon().post('/api/signup', signupBody(c, { terms_agreed: false }));
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.error?.message).toBe(MSG.signup.termsRequired);
    const weak = await anon().post('/api/signup', signupBody({ ...c, password: 'onlyletters' }));
    expect(weak.body.error?.message).toBe(MSG.signup.passwordRule);
    const longPin = await anon().post('/api/signup', signupBody({ ...c, pin: '1234567' }));
    expect(longPin.body.error?.message).toBe(MSG.signup.secondPasswordRule);
    const rows = await server.db.query('SELECT 1 FROM members WHERE username = $1', [c.username]);
    expect(rows).toHaveLength(0);
  });

  it('answers the username check', async () => {
    const c = newMemberCreds();
    const before = await anon().get(`/api/auth/check-username?username=${c.username}`);
    expect(before.body.data).toEqual({ username: c.username, available: true });
    await anon().post('/api/signup', signupBody(c));
    const after = await anon().get(`/api/auth/check-username?username=${c.username}`);
    expect(after.body.data.available).toBe(false);
    const empty = await anon().get('/api/auth/check-username?username=');
    expect(empty.status).toBe(400);
    expect(empty.body.error?.message).toBe(MSG.signup.enterUsername);
  });
});

describe('login and the second step', () => {
  it('logs in by username and by email, then upgrades the session with the second password', async () => {
    const c = newMemberCreds();
    await anon().post('/api/signup', signupBody(c));
    for (const identifier of [c.username, c.email.toUpperCase()]) {
      const client = anon();
      const l = await client.post('/api/login', { email: identifier, password: c.password });
      expect(l.status).toBe(200);
      expect(l.body.data.stage).toBe('password');
      const cookie = l.headers.getSetCookie().join(';');
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const passwordToken = client.cookies.get('wallet_session');
      expect(passwordToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // A password-only session can do nothing but the second step.
      expect((await client.get('/api/admin/members')).status).toBe(401);
      const s = await client.get('/api/session');
      expect(s.body.data.stage).toBe('password');

      const f = await client.post('/api/auth/second-factor', { second_password: c.pin });
      expect(f.status).toBe(200);
      expect(f.body.data.stage).toBe('full');
      expect(client.cookies.get('wallet_session')).not.toBe(passwordToken);
      // The password-stage token was rotated away and no longer works.
      const old = new Client(server.url);
      old.cookies.set('wallet_session', passwordToken!);
      expect((await old.get('/api/session')).status).toBe(401);
      expect((await client.get('/api/session')).body.data.user.username).toBe(c.username);
    }
  });

  it('gives the same answer for an unknown user and a wrong password', async () => {
    const c = newMemberCreds();
    await anon().post('/api/signup', signupBody(c));
    const wrong = await anon().post('/api/login', { email: c.username, password: 'wrongpass1' });
    const unknown = await anon().post('/api/login', { email: `${c.username}zz`, password: 'wrongpass1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error?.message).toBe(MSG.login.invalidCredentials);
  });

  it('locks the account after 10 wrong passwords, even for the right one', async () => {
    const c = newMemberCreds();
    await anon().post('/api/signup', signupBody(c));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push(
        (await anon().post('/api/login', { email: c.username, password: `wrong${i}pass` })).status,
      );
    }
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
    expect(statuses[9]).toBe(429);
    const right = await anon().post('/api/login', { email: c.username, password: c.password });
    expect(right.status).toBe(429);
    expect(right.body.error?.message).toBe(MSG.login.locked);
    // An unknown username locks the same way, so the lockout tells nothing about existence.
    const ghost = `${c.username}q`.slice(0, 20);
    let last = 0;
    for (let i = 0; i < 11; i++)
      last = (await anon().post('/api/login', { email: ghost, password: 'x1' })).status;
    expect(last).toBe(429);
  });

  it('counts the username and the email of one account together towards the lockout', async () => {
    const c = newMemberCreds();
    await anon().post('/api/signup', signupBody(c));
    for (let i = 0; i < 5; i++) {
      expect((await anon().post('/api/login', { email: c.username, password: `wrong${i}pass` })).status).toBe(
        401,
      );
      expect((await anon().post('/api/login', { email: c.email, password: `wrong${i}pass` })).status).toBe(
        i < 4 ? 401 : 429,
      );
    }
    for (const name of [c.username, c.email, c.email.toUpperCase()]) {
      const right = await anon().post('/api/login', { email: name, password: c.password });
      expect(right.status, name).toBe(429);
      expect(right.body.error?.message).toBe(MSG.login.locked);
    }
  });

  it('refuses a wrong second password and locks after 5', async () => {
    const c = newMemberCreds();
    await anon().post('/api/signup', signupBody(c));
    const client = anon();
    await client.post('/api/login', { email: c.username, password: c.password });
    const first = await client.post('/api/auth/second-factor', { second_password: '000000' });
    expect(first.status).toBe(401);
    expect(first.body.error?.message).toBe(MSG.secondFactor.mismatch);
    let last = first;
    for (let i = 0; i < 4; i++)
      last = await client.post('/api/auth/second-factor', { second_password: '000000' });
    expect(last.status).toBe(429);
    expect(last.body.error?.message).toBe(MSG.secondFactor.locked);
    const right = await client.post('/api/auth/second-factor', { second_password: c.pin });
    expect(right.status).toBe(429);
  });

  it('requires a session for the second step', async () => {
    const res = await anon().post('/api/auth/second-factor', { second_password: '123456' });
    expect(res.status).toBe(401);
    expect(res.body.error?.message).toBe(MSG.secondFactor.userNotFound);
  });
});

describe('sessions', () => {
  it('requires a session and ends it at logout', async () => {
    expect((await anon().get('/api/session')).status).toBe(401);
    const { client } = await memberClient(server.url);
    expect((await client.get('/api/session')).status).toBe(200);
    const token = client.cookies.get('wallet_session')!;
    const out = await client.post('/api/logout');
    expect(out.status).toBe(200);
    const replay = new Client(server.url);
    replay.cookies.set('wallet_session', token);
    expect((await replay.get('/api/session')).status).toBe(401);
  });

  it.each([
    ['an idle session', "last_seen_at = now() - interval '2 hours'"],
    ['a session past its absolute lifetime', "expires_at = now() - interval '1 second'"],
  ])('ends %s', async (_, aged) => {
    const { client, id } = await memberClient(server.url);
    await server.db.query(`UPDATE sessions SET ${aged} WHERE member_id = $1`, [id]);
    expect((await client.get('/api/session')).status).toBe(401);
  });
});

describe('administrator endpoints', () => {
  it('refuse anonymous visitors and members, and serve administrators', async () => {
    expect((await anon().get('/api/admin/members')).status).toBe(401);
    const member = await memberClient(server.url);
    const refused = await member.client.get('/api/admin/members');
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe(MSG.common.adminOnly);
    const admin = await adminClient(server.url, server.db);
    const ok = await admin.client.get(`/api/admin/members?q=${member.creds.username}`);
    expect(ok.status).toBe(200);
    expect(ok.body.data.items.map((m: { username: string }) => m.username)).toEqual([member.creds.username]);
  });

  it('see a demotion at once: is_admin is read on every request', async () => {
    const admin = await adminClient(server.url, server.db);
    expect((await admin.client.get('/api/admin/members')).status).toBe(200);
    await server.db.query('UPDATE members SET is_admin = false WHERE id = $1', [admin.id]);
    expect((await admin.client.get('/api/admin/members')).status).toBe(403);
  });

  it('seeded an administrator from ADMIN_* settings who can log in', async () => {
    const rows = await server.db.query<{ username: string }>(
      'SELECT username FROM members WHERE is_admin ORDER BY created_at LIMIT 1',
    );
    expect(rows.length).toBe(1);
    if (rows[0]!.username !== server.config.admin.username) return; // PostgreSQL shared with earlier runs
    const c = new Client(server.url);
    await loginFully(c, { username: server.config.admin.username!, password: 'adminpass123', pin: '123456' });
    expect((await c.get('/api/session')).body.data.user.is_admin).toBe(true);
  });
});
