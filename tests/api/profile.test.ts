import { describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth/sessions';
import { MSG } from '../../src/shared/messages';
import {
  Client,
  changeSecondPassword,
  loginFully,
  memberClient,
  newMemberCreds,
  signupBody,
} from '../support/client';
import { fileServer, late } from '../support/fixture';
import { startTestServer, uniqueName } from '../support/server';
import { startSmtpServer, tokenFromMail } from '../support/smtp-server';

const BANK_FORM_URL = 'https://forms.example.com/bank-account';
/** Links in mails use PUBLIC_URL (the E2E test covers the fallback: the address of the request). */
const PUBLIC_URL = 'https://wallet.example.com';

const smtp = late(startSmtpServer, (s) => s.close());
const server = fileServer(() => ({ SMTP_URL: smtp.url, BANK_FORM_URL, PUBLIC_URL: `${PUBLIC_URL}/` }));

const anon = () => new Client(server.url);
const patch = (c: Client, path: string, body: unknown) => c.call('PATCH', path, body);
const freshEmail = () => `${uniqueName('e')}@example.org`;

/** A member whose client passed only the password step. */
async function passwordStageClient() {
  const creds = newMemberCreds();
  const client = anon();
  await client.post('/api/signup', signupBody(creds));
  await client.post('/api/login', { email: creds.username, password: creds.password });
  return client;
}

async function requestAndReadToken(client: Client, email: string, nth = 1) {
  const res = await client.post('/api/profile/email', { email });
  expect(res.status).toBe(202);
  return tokenFromMail(await smtp.waitForMail(email, nth));
}

describe('getProfile', () => {
  it("returns the member's own profile, the grade, the bank status and the form address, never a hash", async () => {
    const { client, creds } = await memberClient(server.url);
    const res = await client.get('/api/profile');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      username: creds.username,
      full_name: creds.fullName,
      contact: '010-1234-5678',
      email: creds.email,
      pending_email: null,
      has_second_password: true,
      security_grade: 'safe',
      bank_account: { status: 'none', bank_name: null, account_number_masked: null },
      bank_form_url: BANK_FORM_URL,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|hash/);
  });

  it('shows the bank account as awaiting verification, then linked, with the number masked', async () => {
    const { client, id } = await memberClient(server.url);
    await server.db.query(
      `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder) VALUES ($1, '국민은행', '110-123-456789', '홍길동')`,
      [id],
    );
    const unverified = (await client.get('/api/profile')).body.data.bank_account;
    expect(unverified).toEqual({
      status: 'unverified',
      bank_name: '국민은행',
      account_number_masked: '***-***-**6789',
    });
    await server.db.query('UPDATE bank_accounts SET is_verified = true WHERE member_id = $1', [id]);
    expect((await client.get('/api/profile')).body.data.bank_account.status).toBe('verified');
  });

  it('grades the security basic without a second password', async () => {
    const { client, id } = await memberClient(server.url);
    await server.db.query('UPDATE members SET second_password_hash = NULL WHERE id = $1', [id]);
    const p = (await client.get('/api/profile')).body.data;
    expect(p.has_second_password).toBe(false);
    expect(p.security_grade).toBe('basic');
  });

  it('refuses no session and a session that passed only the password, on every profile endpoint', async () => {
    const half = await passwordStageClient();
    const calls: Array<[string, string, unknown]> = [
      ['GET', '/api/profile', undefined],
      ['PATCH', '/api/profile/contact', { contact: '010-9999-8888' }],
      ['POST', '/api/profile/email', { email: freshEmail() }],
      [
        'POST',
        '/api/profile/password',
        { current_password: 'x', new_password: 'abcd1234', new_password_confirm: 'abcd1234' },
      ],
      [
        'POST',
        '/api/profile/second-password',
        { mode: 'set', second_password: '1234', second_password_confirm: '1234' },
      ],
    ];
    for (const [method, path, body] of calls) {
      const none = await anon().call(method, path, body);
      expect(none.status, `${method} ${path}`).toBe(401);
      expect(none.body.error?.message).toBe(MSG.common.loginRequired);
      const stage = await half.call(method, path, body);
      expect(stage.status, `${method} ${path}`).toBe(401);
      expect(stage.body.error?.code).toBe('SECOND_FACTOR_REQUIRED');
    }
  });

  it('lists every profile operation in the OpenAPI document', async () => {
    const doc = (await anon()
      .raw('GET', '/api/openapi.json')
      .then((r) => r.json())) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    for (const id of [
      'getProfile',
      'updateContact',
      'requestEmailChange',
      'confirmEmailChange',
      'changePassword',
      'setSecondPassword',
    ]) {
      expect(ids).toContain(id);
    }
  });
});

describe('updateContact', () => {
  it('updates the contact with the sign-up phone rule and refuses anything else', async () => {
    const { client } = await memberClient(server.url);
    const ok = await patch(client, '/api/profile/contact', { contact: ' 01098765432 ' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.contact).toBe('01098765432');
    expect((await client.get('/api/profile')).body.data.contact).toBe('01098765432');

    for (const contact of ['02-123-4567', '010-12-345', 'abc', '']) {
      const bad = await patch(client, '/api/profile/contact', { contact });
      expect(bad.status, contact).toBe(400);
      expect(bad.body.error?.message).toBe(MSG.profile.contactInvalid);
    }
    const extra = await patch(client, '/api/profile/contact', { contact: '010-1111-2222', member_id: 'x' });
    expect(extra.status).toBe(400);
    expect((await client.get('/api/profile')).body.data.contact).toBe('01098765432');
  });

  it('is rate-limited per member', async () => {
    const { client } = await memberClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (await patch(client, '/api/profile/contact', { contact: `010-1234-${1000 + i}` })).status,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another member is not affected.
    const other = await memberClient(server.url);
    expect((await patch(other.client, '/api/profile/contact', { contact: '010-5555-6666' })).status).toBe(
      200,
    );
  });
});

describe('requestEmailChange and confirmEmailChange', () => {
  it('refuses an address that does not match the pattern', async () => {
    const { client } = await memberClient(server.url);
    for (const email of ['plain', 'a@b', 'a b@c.de', '@x.com', 'a@.', '']) {
      const res = await client.post('/api/profile/email', { email });
      expect(res.status, email).toBe(400);
      expect(res.body.error?.message).toBe(MSG.profile.emailInvalid);
    }
  });

  it("refuses another member's address (any case) and the member's own", async () => {
    const a = await memberClient(server.url);
    const b = await memberClient(server.url);
    const taken = await a.client.post('/api/profile/email', { email: b.creds.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.error?.message).toBe(MSG.profile.emailTaken);
    const same = await a.client.post('/api/profile/email', { email: a.creds.email });
    expect(same.status).toBe(400);
    expect(same.body.error?.message).toBe(MSG.profile.emailUnchanged);
  });

  it('keeps the old address until the mailed link is opened, then switches; the link works once', async () => {
    const { client, creds, id } = await memberClient(server.url);
    const next = freshEmail();
    const res = await client.post('/api/profile/email', { email: next });
    expect(res.status).toBe(202);
    expect(res.body.data.pending_email.email).toBe(next);
    const expiresIn = Date.parse(res.body.data.pending_email.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(23.9 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000 + 5_000);

    const profile = (await client.get('/api/profile')).body.data;
    expect(profile.email).toBe(creds.email);
    expect(profile.pending_email.email).toBe(next);

    const mail = await smtp.waitForMail(next);
    expect(mail.decoded).toContain(`${PUBLIC_URL}/mypage/email-confirm?token=`);
    expect(mail.decoded).toContain(creds.username);
    const token = tokenFromMail(mail);
    // Only the token's hash is stored.
    const [stored] = await server.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM email_changes WHERE member_id = $1',
      [id],
    );
    expect(stored!.token_hash).toBe(hashToken(token));

    // The link works without a session.
    const confirm = await anon().post('/api/profile/email/confirm', { token });
    expect(confirm.status).toBe(200);
    expect(confirm.body.data).toEqual({ email: next });
    const after = (await client.get('/api/profile')).body.data;
    expect(after.email).toBe(next);
    expect(after.pending_email).toBeNull();
    expect((await client.get('/api/session')).body.data.user.email).toBe(next);

    const again = await anon().post('/api/profile/email/confirm', { token });
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(MSG.emailConfirm.used);

    // The new address logs in; the old one no longer does.
    const byNew = anon();
    await loginFully(byNew, { ...creds, username: next });
    const byOld = await anon().post('/api/login', { email: creds.email, password: creds.password });
    expect(byOld.status).toBe(401);
    const audit = await server.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE target_id = $1 AND action = 'member.email_changed'`,
      [id],
    );
    expect(audit).toHaveLength(1);
  });

  it('refuses an expired link with a clear message', async () => {
    const { client, creds, id } = await memberClient(server.url);
    const next = freshEmail();
    const token = await requestAndReadToken(client, next);
    await server.db.query(
      `UPDATE email_changes SET expires_at = now() - interval '1 second' WHERE member_id = $1`,
      [id],
    );
    expect((await client.get('/api/profile')).body.data.pending_email).toBeNull();
    const res = await anon().post('/api/profile/email/confirm', { token });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(MSG.emailConfirm.expired);
    expect((await client.get('/api/profile')).body.data.email).toBe(creds.email);
  });

  it('replaces an older request: the older link stops working', async () => {
    const { client } = await memberClient(server.url);
    const first = freshEmail();
    const second = freshEmail();
    const oldToken = await requestAndReadToken(client, first);
    const newToken = await requestAndReadToken(client, second);
    expect((await client.get('/api/profile')).body.data.pending_email.email).toBe(second);
    const old = await anon().post('/api/profile/email/confirm', { token: oldToken });
    expect(old.status).toBe(404);
    expect(old.body.error?.message).toBe(MSG.emailConfirm.invalid);
    expect((await anon().post('/api/profile/email/confirm', { token: newToken })).status).toBe(200);
    expect((await client.get('/api/profile')).body.data.email).toBe(second);
  });

  it('checks the address again at confirmation: taken meanwhile means refused', async () => {
    const a = await memberClient(server.url);
    const wanted = freshEmail();
    const token = await requestAndReadToken(a.client, wanted);
    // Someone signs up with that address before the link is opened.
    const c = newMemberCreds({ email: wanted });
    expect((await anon().post('/api/signup', signupBody(c))).status).toBe(201);
    const res = await anon().post('/api/profile/email/confirm', { token });
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toBe(MSG.profile.emailTaken);
    expect((await a.client.get('/api/profile')).body.data.email).toBe(a.creds.email);
  });

  it('spends a link once even when it is opened twice at the same moment', async () => {
    const { client } = await memberClient(server.url);
    const next = freshEmail();
    const token = await requestAndReadToken(client, next);
    const results = await Promise.all([
      anon().post('/api/profile/email/confirm', { token }),
      anon().post('/api/profile/email/confirm', { token }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await client.get('/api/profile')).body.data.email).toBe(next);
  });

  it('refuses unknown and malformed tokens', async () => {
    const unknown = await anon().post('/api/profile/email/confirm', { token: 'A'.repeat(43) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.message).toBe(MSG.emailConfirm.invalid);
    const malformed = await anon().post('/api/profile/email/confirm', { token: 'not a token!' });
    expect(malformed.status).toBe(400);
    const missing = await anon().post('/api/profile/email/confirm', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error?.message).toBe(MSG.emailConfirm.missingToken);
  });

  it('limits email-change requests per member (each one sends a mail)', async () => {
    const { client } = await memberClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await client.post('/api/profile/email', { email: freshEmail() })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('answers 503 and keeps nothing pending when the mail cannot be sent', async () => {
    const dead = await startSmtpServer();
    const deadUrl = dead.url;
    await dead.close();
    const broken = await startTestServer({ SMTP_URL: deadUrl });
    try {
      const { client, id } = await memberClient(broken.url);
      const res = await client.post('/api/profile/email', { email: freshEmail() });
      expect(res.status).toBe(503);
      expect(res.body.error?.message).toBe(MSG.profile.emailSendFailed);
      const rows = await broken.db.query('SELECT 1 FROM email_changes WHERE member_id = $1', [id]);
      expect(rows).toHaveLength(0);
    } finally {
      await broken.close();
    }
  });
});

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
