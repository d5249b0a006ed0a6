import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { Client, memberClient, newMemberCreds, signupBody } from '../support/client';
import { BANK_FORM_URL, profileServer } from '../support/profile';
import { uniqueName } from '../support/server';

const { server } = profileServer();
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
