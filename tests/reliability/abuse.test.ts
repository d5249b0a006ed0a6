import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../src/shared/constants';
import { MSG } from '../../src/shared/messages';
import {
  adminClient,
  Client,
  loginBehindHttps,
  memberClient,
  newMemberCreds,
  signupBody,
} from '../support/client';
import { startTestServer, type TestServer } from '../support/server';
import { snapshot } from './db-snapshot';
import { fillPath, loadOperations } from './openapi';

/**
 * Part 5 of the reliability suite: brute force, enumeration, cross-site requests, headers. Dependencies
 * are not judged here: the registry this machine reaches answers 405 to npm's advisory endpoint, so a
 * test of `npm audit` could never fail; so there is none, and `npm audit --omit=dev` is a release
 * step on a machine that reaches registry.npmjs.org (docs/SECURITY.md).
 */
/**
 * A deployment's hashing cost on every server of this file (the cost is one per process: the last server
 * started sets it): the timing of unknown and known accounts is measured with it.
 */
const STANDARD = { PASSWORD_HASH_COST: 'standard' };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(STANDARD);
});
afterAll(async () => {
  await server?.close();
});

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

describe('brute force', () => {
  it(`stops password guessing at ${AUTH_LIMITS.passwordFailuresPerAccount} failures per account`, async () => {
    const { creds } = await memberClient(server.url);
    let attempts = 0;
    let status = 0;
    while (attempts < 50) {
      attempts++;
      status = (
        await new Client(server.url).post('/api/login', {
          email: creds.username,
          password: `guess${attempts}x`,
        })
      ).status;
      if (status === 429) break;
    }
    const right = await new Client(server.url).post('/api/login', {
      email: creds.username,
      password: creds.password,
    });
    console.log(
      `abuse: password guesses until lockout=${attempts}; correct password after lockout → ${right.status}`,
    );
    expect(attempts).toBe(AUTH_LIMITS.passwordFailuresPerAccount);
    expect(right.status).toBe(429);
    expect(right.body.error?.message).toBe(MSG.login.locked);
  });

  it(`stops second-password guessing at ${AUTH_LIMITS.pinFailuresPerAccount} failures`, async () => {
    const creds = newMemberCreds();
    const c = new Client(server.url);
    await c.post('/api/signup', signupBody(creds));
    await c.post('/api/login', { email: creds.username, password: creds.password });
    let attempts = 0;
    let status = 0;
    while (attempts < 20 && status !== 429) {
      attempts++;
      status = (await c.post('/api/auth/second-factor', { second_password: String(100000 + attempts) }))
        .status;
    }
    const right = await c.post('/api/auth/second-factor', { second_password: creds.pin });
    console.log(
      `abuse: second-password guesses until lockout=${attempts}; correct one after → ${right.status}`,
    );
    expect(attempts).toBe(AUTH_LIMITS.pinFailuresPerAccount);
    expect(right.status).toBe(429);
  });

  it('stops one address spraying passwords over many accounts', async () => {
    // The test client stands in for a trusted proxy at 127.0.0.1: each test address is its own: earlier tests' failures from 127.0.0.1 don't count.
    const limited = await startTestServer({
      ...STANDARD,
      RATE_LIMIT_PER_ADDRESS: '20',
      TRUST_PROXY: '127.0.0.1',
    });
    const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    try {
      let attempts = 0;
      let status = 0;
      while (attempts < 100 && status !== 429) {
        attempts++;
        status = (
          await new Client(limited.url).post(
            '/api/login',
            { email: `spray${attempts}${Date.now()}`, password: 'password1' },
            { 'x-forwarded-for': address },
          )
        ).status;
      }
      console.log(`abuse: password spraying from one address stopped after ${attempts} attempts`);
      expect(status).toBe(429);
      expect(attempts).toBe(21);
    } finally {
      await limited.close();
    }
  });
});

describe('no user enumeration', () => {
  it('unknown users and wrong passwords look the same: message, status and time', async () => {
    const { creds } = await memberClient(server.url);
    const known: number[] = [];
    const unknown: number[] = [];
    const bodies = new Set<string>();
    // Warm-up: the first unknown-user check computes the throw-away hash once.
    await new Client(server.url).post('/api/login', {
      email: `${creds.username.slice(0, 14)}warm`,
      password: 'warmup1',
    });
    for (let i = 0; i < 9; i++) {
      // (9: one more failure would lock the known account)
      for (const [list, email] of [
        [known, creds.username],
        [unknown, `${creds.username.slice(0, 14)}nx${i}`],
      ] as const) {
        const t = performance.now();
        const r = await new Client(server.url).post('/api/login', { email, password: `wrongpw${i}` });
        list.push(performance.now() - t);
        bodies.add(`${r.status} ${JSON.stringify(r.body)}`);
      }
    }
    const ratio = median(known) / median(unknown);
    console.log(
      `abuse: login timing known=${median(known).toFixed(1)} ms unknown=${median(unknown).toFixed(1)} ms ratio=${ratio.toFixed(2)}`,
    );
    expect([...bodies]).toHaveLength(1);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('cross-site requests', () => {
  it('no mutating operation accepts a foreign Origin, and nothing changes', async () => {
    const admin = await adminClient(server.url, server.db);
    const ops = (await loadOperations(server.url)).filter((op) => op.method !== 'GET');
    const before = await snapshot(server.db);
    const statuses: number[] = [];
    for (const op of ops) {
      const res = await admin.client.raw(op.method, fillPath(op.path, {}), {
        body: '{}',
        headers: { 'content-type': 'application/json', origin: 'https://attacker.example' },
      });
      statuses.push(res.status);
      expect(res.status, op.operationId).toBe(403);
    }
    expect(await snapshot(server.db)).toEqual(before);
    console.log(`abuse: cross-site mutations refused ${statuses.length}/${ops.length}`);
  });
});

describe('headers and cookies', () => {
  it('sets HttpOnly SameSite cookies, CSP with frame-ancestors, nosniff, and HSTS behind HTTPS', async () => {
    const https = await startTestServer({ ...STANDARD, TRUST_PROXY: '127.0.0.1' });
    try {
      const { creds } = await memberClient(https.url);
      const res = await loginBehindHttps(https.url, creds);
      const cookie = res.headers.getSetCookie().join('; ');
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Secure/i);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const page = await fetch(`${https.url}/login`);
      expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
      expect(page.headers.get('x-frame-options')).toBe('DENY');
    } finally {
      await https.close();
    }
  });
});
