import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { MSG } from '../../src/shared/messages';
import { Client, loginFully, type MemberCreds, memberClient } from '../support/client';
import { fileServer } from '../support/fixture';
import { startTestServer } from '../support/server';
import { codeAt, currentStep, enrolTotp, nextCode } from '../support/totp';
import { enrolledMember, wrongCode } from '../support/totp-member';

const O = MSG.otp;

const server = fileServer();

const enrolled = (krw?: string) => enrolledMember(server, krw);

describe('enrolment', () => {
  it('creates a secret with its otpauth:// URI, confirms it with a first code and shows 10 recovery codes once', async () => {
    const m = await memberClient(server.url);
    expect((await m.client.get('/api/totp')).body.data).toEqual({
      enrolled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const setup = await m.client.post('/api/totp/setup', {});
    expect(setup.status).toBe(200);
    const { secret, uri } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 160 bits
    const u = new URL(uri);
    expect(u.protocol).toBe('otpauth:');
    expect(u.host).toBe('totp');
    expect(decodeURIComponent(u.pathname)).toBe(`/코인 월렛:${m.creds.username}`);
    expect(u.searchParams.get('issuer')).toBe('코인 월렛');
    expect(u.searchParams.get('secret')).toBe(secret);
    expect(u.searchParams.get('digits')).toBe('6');
    expect(u.searchParams.get('period')).toBe('30');

    // Not enrolled before the first code: the second step does not ask for one yet.
    expect((await m.client.get('/api/session')).body.data.user.has_totp).toBe(false);

    // The second password is asked with the first code: without it, or with a wrong one, nothing is
    // enrolled and the code is not looked at.
    const pin = m.creds.pin;
    const noPin = await m.client.post('/api/totp/confirm', { otpCode: codeAt(secret, currentStep()) });
    expect(noPin.status).toBe(400);
    expect(noPin.body.error?.fields?.second_password).toBe(MSG.secondFactor.required);
    const badPin = await m.client.post('/api/totp/confirm', {
      otpCode: codeAt(secret, currentStep()),
      second_password: '999999',
    });
    expect(badPin.status).toBe(401);
    expect(badPin.body.error?.message).toBe(MSG.secondFactor.mismatch);
    expect((await m.client.get('/api/totp')).body.data.enrolled).toBe(false);

    const wrong = await m.client.post('/api/totp/confirm', {
      otpCode: wrongCode(secret),
      second_password: pin,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: 'OTP_INVALID',
      message: O.invalid,
      fields: { otpCode: O.invalid },
    });
    const badFormat = await m.client.post('/api/totp/confirm', { otpCode: '12ab', second_password: pin });
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.error?.message).toBe(O.format);

    const ok = await m.client.post('/api/totp/confirm', {
      otpCode: await nextCode(secret),
      second_password: pin,
    });
    expect(ok.status).toBe(200);
    const codes: string[] = ok.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    expect((await m.client.get('/api/totp')).body.data).toEqual({
      enrolled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    expect((await m.client.get('/api/session')).body.data.user.has_totp).toBe(true);

    // Stored as SHA-256 only; the secret never in clear when a key is configured (here: none, 'plain:').
    const hashes = await server.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM member_totp_recovery WHERE member_id = $1',
      [m.id],
    );
    expect(hashes).toHaveLength(10);
    for (const h of hashes) expect(h.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashes.map((h) => h.code_hash).join()).not.toContain(codes[0]!.replace(/-/g, ''));

    // A second enrolment is refused while one exists; confirming again too.
    const again = await m.client.post('/api/totp/setup', {});
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(O.alreadyEnrolled);
  });

  it('disables only with a current code (or a recovery code) and the second password', async () => {
    const m = await enrolled();
    const missing = await m.client.post('/api/totp/disable', { otpCode: '', second_password: m.creds.pin });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.message).toBe(O.required);
    // Refused by the schema before any code is checked: a code the server would refuse is enough here, so
    // the test spends only two of the three steps the server accepts and never waits for the next one.
    const noPin = await m.client.post('/api/totp/disable', { otpCode: wrongCode(m.secret) });
    expect(noPin.status).toBe(400);
    expect(Object.keys(noPin.body.error?.fields ?? {})).toEqual(['second_password']);
    const badPin = await m.client.post('/api/totp/disable', {
      otpCode: await nextCode(m.secret),
      second_password: '999999',
    });
    expect(badPin.status).toBe(401);
    expect(badPin.body.error?.message).toBe(MSG.secondFactor.mismatch);
    const badCode = await m.client.post('/api/totp/disable', {
      otpCode: wrongCode(m.secret),
      second_password: m.creds.pin,
    });
    expect(badCode.status).toBe(400);
    expect(badCode.body.error?.fields).toEqual({ otpCode: O.invalid });
    expect((await m.client.get('/api/totp')).body.data.enrolled).toBe(true);

    const off = await m.client.post('/api/totp/disable', {
      otpCode: m.recoveryCodes[0],
      second_password: m.creds.pin,
    });
    expect(off.status).toBe(200);
    expect((await m.client.get('/api/totp')).body.data).toMatchObject({ enrolled: false });
    const rows = await server.db.query('SELECT 1 FROM member_totp WHERE member_id = $1', [m.id]);
    expect(rows).toHaveLength(0);
    // Without OTP the second step is the second password alone again.
    const c = new Client(server.url);
    await loginFully(c, { ...m.creds, totpSecret: undefined });
  });

  it('a member cannot touch another member’s enrolment (no route takes a member id)', async () => {
    const a = await enrolled();
    const b = await memberClient(server.url);
    // B confirming with A's code: B has no enrolment started.
    const confirm = await b.client.post('/api/totp/confirm', {
      otpCode: await nextCode(a.secret),
      second_password: b.creds.pin,
    });
    expect(confirm.status).toBe(409);
    expect(confirm.body.error?.message).toBe(O.noPendingSetup);
    // B disabling with A's recovery code: B is not enrolled; A stays enrolled with all codes.
    const disable = await b.client.post('/api/totp/disable', {
      otpCode: a.recoveryCodes[0],
      second_password: b.creds.pin,
    });
    expect(disable.status).toBe(409);
    expect(disable.body.error?.message).toBe(O.notEnrolled);
    // B's own setup does not replace A's secret.
    expect((await b.client.post('/api/totp/setup', {})).status).toBe(200);
    expect((await a.client.get('/api/totp')).body.data).toMatchObject({
      enrolled: true,
      recoveryCodesLeft: 10,
    });
    // Unauthenticated and password-stage sessions reach none of them.
    const anon = new Client(server.url);
    expect((await anon.post('/api/totp/setup', {})).status).toBe(401);
    expect(
      (await anon.post('/api/totp/confirm', { otpCode: '123456', second_password: '1234' })).status,
    ).toBe(401);
    expect(
      (await anon.post('/api/totp/disable', { otpCode: '123456', second_password: '1234' })).status,
    ).toBe(401);
    expect((await anon.get('/api/totp')).status).toBe(401);
  });
});

describe('administrators (ADMIN_TOTP_REQUIRED, on by default)', () => {
  it('are refused every /api/admin operation with a Korean 403 until they enrol', async () => {
    const m = await memberClient(server.url);
    await server.db.query('UPDATE members SET is_admin = true WHERE id = $1', [m.id]);
    for (const p of ['/api/admin/members', '/api/admin/withdrawals', '/api/admin/audit']) {
      const r = await m.client.get(p);
      expect(r.status, p).toBe(403);
      expect(r.body.error).toMatchObject({ code: 'TOTP_ENROLMENT_REQUIRED', message: O.adminMustEnrol });
    }
    const put = await m.client.call('PUT', `/api/admin/members/${m.id}/balances`, { krw: '1000000' });
    expect(put.status).toBe(403);
    expect((await m.client.get('/api/totp')).body.data).toEqual({
      enrolled: false,
      required: true,
      recoveryCodesLeft: 0,
    });
    const e = await enrolTotp(m.client);
    expect((await m.client.get('/api/admin/members')).status).toBe(200);
    // A later login asks the administrator for the code like any enrolled member.
    const c = new Client(server.url);
    await loginFully(c, { ...m.creds, totpSecret: e.secret } satisfies MemberCreds);
    expect((await c.get('/api/admin/audit')).status).toBe(200);
  });

  it('the seeded administrator of the first start logs in and enrols', async () => {
    const rows = await server.db.query<{ username: string }>(
      'SELECT username FROM members WHERE is_admin ORDER BY created_at LIMIT 1',
    );
    if (rows[0]!.username !== server.config.admin.username) return; // PostgreSQL shared with earlier runs
    const c = new Client(server.url);
    await loginFully(c, { username: server.config.admin.username!, password: 'adminpass123', pin: '123456' });
    expect((await c.get('/api/admin/members')).status).toBe(403);
    await enrolTotp(c);
    expect((await c.get('/api/admin/members')).status).toBe(200);
  });
});

describe('configuration', () => {
  it('ADMIN_TOTP_REQUIRED=false lets an administrator in without OTP; TOTP_ENCRYPTION_KEY seals secrets', async () => {
    const key = 'a'.repeat(64);
    const demo = await startTestServer({ ADMIN_TOTP_REQUIRED: 'false', TOTP_ENCRYPTION_KEY: key });
    try {
      const m = await memberClient(demo.url);
      await demo.db.query('UPDATE members SET is_admin = true WHERE id = $1', [m.id]);
      expect((await m.client.get('/api/admin/members')).status).toBe(200);
      expect((await m.client.get('/api/totp')).body.data.required).toBe(false);
      const e = await enrolTotp(m.client);
      const [row] = await demo.db.query<{ secret: string }>(
        'SELECT secret FROM member_totp WHERE member_id = $1',
        [m.id],
      );
      expect(row!.secret.startsWith('v1:')).toBe(true);
      expect(row!.secret).not.toContain(e.secret);
      const c = new Client(demo.url);
      await loginFully(c, { ...m.creds, totpSecret: e.secret });
    } finally {
      await demo.close();
    }
  });

  it('refuses a TOTP_ENCRYPTION_KEY that is not 32 bytes, at start', () => {
    expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: 'short' })).toThrow(/TOTP_ENCRYPTION_KEY/);
    expect(() => loadConfig({ TOTP_ENCRYPTION_KEY: 'ab'.repeat(31) })).toThrow(/TOTP_ENCRYPTION_KEY/);
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: 'ab'.repeat(32) }).totp.encryptionKey?.length).toBe(32);
    expect(
      loadConfig({ TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') }).totp.encryptionKey,
    ).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({}).totp.adminRequired).toBe(true);
    expect(() => loadConfig({ ADMIN_TOTP_REQUIRED: 'maybe' })).toThrow(/ADMIN_TOTP_REQUIRED/);
  });
});
