import { describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth/sessions';
import { MSG } from '../../src/shared/messages';
import { Client, loginFully, memberClient, newMemberCreds, signupBody } from '../support/client';
import { PUBLIC_URL, profileServer } from '../support/profile';
import { startTestServer, uniqueName } from '../support/server';
import { startSmtpServer, tokenFromMail } from '../support/smtp-server';

const { smtp, server } = profileServer();
const anon = () => new Client(server.url);
const freshEmail = () => `${uniqueName('e')}@example.org`;

async function requestAndReadToken(client: Client, email: string, nth = 1) {
  const res = await client.post('/api/profile/email', { email });
  expect(res.status).toBe(202);
  return tokenFromMail(await smtp.waitForMail(email, nth));
}

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
