import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { Client, loginBehindHttps, memberClient, newMemberCreds, signupBody } from '../support/client';
import { fileServer } from '../support/fixture';
import { startTestServer } from '../support/server';

const server = fileServer();

const HANGUL = /[가-힣]/;

async function expectKorean4xx(res: Response) {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  const body = (await res.json()) as { data: unknown; error: { code: string; message: string } };
  expect(body.data).toBeNull();
  expect(body.error.message).toMatch(HANGUL);
  return body;
}

async function memberExists(username: string) {
  const rows = await server.db.query('SELECT 1 FROM members WHERE lower(username) = lower($1)', [username]);
  return rows.length > 0;
}

describe('bad input to the authentication endpoints', () => {
  const c = new Client('');
  beforeAll(() => {
    (c as { base: string }).base = server.url;
  });

  it('malformed JSON, empty bodies and wrong content types are refused in Korean', async () => {
    const creds = newMemberCreds();
    const json = { 'content-type': 'application/json' };
    for (const path of ['/api/signup', '/api/login', '/api/auth/second-factor']) {
      await expectKorean4xx(await c.raw('POST', path, { body: '{"email": "a@b.c",', headers: json }));
      await expectKorean4xx(await c.raw('POST', path, { body: '', headers: json }));
      await expectKorean4xx(await c.raw('POST', path, { body: 'null', headers: json }));
      await expectKorean4xx(await c.raw('POST', path, { body: '[]', headers: json }));
      await expectKorean4xx(await c.raw('POST', path, { body: '"text"', headers: json }));
      const plain = await expectKorean4xx(
        await c.raw('POST', path, {
          body: JSON.stringify(signupBody(creds)),
          headers: { 'content-type': 'text/plain' },
        }),
      );
      expect(plain.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      await expectKorean4xx(
        await c.raw('POST', path, {
          body: 'email=a',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      );
    }
    expect(await memberExists(creds.username)).toBe(false);
  });

  it('a 1 MB body is refused with 413 and nothing is written', async () => {
    const creds = newMemberCreds();
    const body = signupBody(creds);
    body.options.data.full_name = '가'.repeat(350_000);
    const res = await c.raw('POST', '/api/signup', {
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect((await expectKorean4xx(res)).error.message).toBe(MSG.common.bodyTooLarge);
    expect(await memberExists(creds.username)).toBe(false);
  });

  it('wrong types, missing fields, unknown fields and absurd values are refused and write nothing', async () => {
    const creds = newMemberCreds();
    const good = signupBody(creds);
    const d = good.options.data;
    const variants: unknown[] = [
      {},
      { ...good, email: 42 },
      { ...good, password: ['x'] },
      { ...good, password: null },
      { ...good, extra: true },
      { email: good.email, password: good.password },
      { ...good, options: { data: { ...d, username: 12345 } } },
      { ...good, options: { data: { ...d, username: 'a'.repeat(10_000) } } },
      { ...good, options: { data: { ...d, username: 'bad name' } } },
      { ...good, options: { data: { ...d, username: 'abc\u0000def' } } },
      { ...good, options: { data: { ...d, full_name: '' } } },
      { ...good, options: { data: { ...d, second_password: 123456 } } },
      { ...good, options: { data: { ...d, second_password: '12ab' } } },
      { ...good, options: { data: { ...d, marketing_consent: 'yes' } } },
      { ...good, options: { data: { ...d, is_admin: 'true' } } },
      { ...good, options: { data: { ...d, role: 'admin' } } },
      { ...good, options: { data: { ...d, privacy_agreed: 'true' } } },
      { ...good, options: { data: { ...d, age_confirmed: undefined } } },
      { ...good, options: { data: { ...d, contact: '1e309' } } },
      { ...good, options: { data: d, redirect: 'x' } },
      { ...good, email: 'no-at-sign' },
      { ...good, email: `${'a'.repeat(300)}@x.com` },
    ];
    for (const body of variants) {
      const res = await c.raw('POST', '/api/signup', {
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      const parsed = await expectKorean4xx(res);
      expect(parsed.error.code).toBe('VALIDATION');
    }
    expect(await memberExists(creds.username)).toBe(false);
    const unknown = await c.post('/api/signup', { ...good, extra: 1 });
    expect(unknown.body.error?.message).toContain(MSG.common.unknownField);

    for (const body of [
      {},
      { email: 1, password: 2 },
      { email: 'a', password: 'b', x: 1 },
      { email: '', password: '' },
    ]) {
      await expectKorean4xx(
        await c.raw('POST', '/api/login', {
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        }),
      );
    }
    const loginBad = await c.post('/api/login', { email: 'a'.repeat(300), password: 'x' });
    expect(loginBad.status).toBe(400);
  });

  it('query strings are validated too', async () => {
    await expectKorean4xx(await c.raw('GET', `/api/auth/check-username?username=${'a'.repeat(100)}`));
    await expectKorean4xx(await c.raw('GET', '/api/auth/check-username'));
    await expectKorean4xx(await c.raw('GET', '/api/auth/check-username?username=abc&x=1'));
  });

  it('unknown API paths answer 404 in the envelope', async () => {
    const res = await c.raw('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect((await expectKorean4xx(res)).error.code).toBe('NOT_FOUND');
  });

  it('a path parameter over the router limit and a malformed URL answer in the envelope too', async () => {
    // The router refuses these before any route or error handler runs (reliability suite, part 3).
    const long = await c.raw('GET', `/api/admin/members/${'x'.repeat(150)}`);
    expect(long.status).toBe(414);
    expect((await expectKorean4xx(long)).error.message).toBe(MSG.common.badUrl);
    const del = await c.raw('DELETE', `/api/admin/members/${'x'.repeat(150)}`, {
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(del.status).toBe(414);
    await expectKorean4xx(del);
    const bad = await c.raw('GET', '/api/admin/members/%ZZ');
    expect(bad.status).toBe(400);
    expect((await expectKorean4xx(bad)).error.message).toBe(MSG.common.badUrl);
  });
});

describe('cross-site requests and security headers', () => {
  it('refuses a mutation from another origin and changes nothing', async () => {
    const creds = newMemberCreds();
    const c = new Client(server.url);
    const res = await c.raw('POST', '/api/signup', {
      body: JSON.stringify(signupBody(creds)),
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await expectKorean4xx(res)).error.message).toBe(MSG.common.forbiddenOrigin);
    expect(await memberExists(creds.username)).toBe(false);
    const same = await c.raw('POST', '/api/signup', {
      body: JSON.stringify(signupBody(creds)),
      headers: { 'content-type': 'application/json', origin: server.url },
    });
    expect(same.status).toBe(201);
  });

  it('a logged-in member cannot be made to log out or act from another origin', async () => {
    const { client } = await memberClient(server.url);
    const res = await client.raw('POST', '/api/logout', { headers: { origin: 'http://attacker.test' } });
    expect(res.status).toBe(403);
    expect((await client.get('/api/session')).status).toBe(200);
  });

  it('sends CSP, nosniff and frame denial, and no-store on the API', async () => {
    const res = await fetch(`${server.url}/api/session`);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS and a Secure cookie behind HTTPS when the proxy is trusted', async () => {
    const https = await startTestServer({ TRUST_PROXY: '127.0.0.1' });
    try {
      const { creds } = await memberClient(https.url);
      const res = await loginBehindHttps(https.url, creds);
      expect(res.status).toBe(200);
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
      expect(res.headers.getSetCookie().join(';')).toMatch(/;\s*Secure/i);
    } finally {
      await https.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes the endpoints of the foundation with their operationIds', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    for (const id of [
      'signup',
      'login',
      'checkUsername',
      'verifySecondPassword',
      'getSession',
      'logout',
      'adminListMembers',
    ]) {
      expect(ids).toContain(id);
    }
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    // Sign-up never makes an administrator: its body declares no such flag (the answer's session view does).
    const signupBody = JSON.stringify(
      (doc.paths['/api/signup']?.post as { requestBody?: unknown } | undefined)?.requestBody ?? {},
    );
    expect(signupBody).not.toContain('is_admin');
    expect(signupBody).toContain('full_name');
  });
});
