import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../src/server/config';
import { newMemberCreds, signupBody } from '../support/client';
import { fileServer, late } from '../support/fixture';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Forged X-Forwarded-For / -Proto. A client on its own loopback address (127.x.y.z, so
 * its rate-limit key is its own) talks to the server directly or through a small real proxy (node:http)
 * that appends the address it sees to X-Forwarded-For, as nginx's $proxy_add_x_forwarded_for does.
 */
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

function send(
  url: string,
  method: string,
  path: string,
  opts: { body?: unknown; headers?: Record<string, string>; from: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const data = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      `${url}${path}`,
      {
        method,
        localAddress: opts.from,
        headers: { ...(data ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => {
          let body: unknown = null;
          try {
            body = JSON.parse(text);
          } catch {
            body = text;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

/** A reverse proxy in front of `target` that appends the peer's address and says the request came over HTTPS. */
async function startProxy(target: string) {
  const t = new URL(target);
  const server = http.createServer((inReq, inRes) => {
    const prior = inReq.headers['x-forwarded-for'];
    const peer = inReq.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '';
    const out = http.request(
      {
        host: t.hostname,
        port: t.port,
        path: inReq.url,
        method: inReq.method,
        headers: {
          ...inReq.headers,
          'x-forwarded-for': prior ? `${prior}, ${peer}` : peer,
          'x-forwarded-proto': 'https',
        },
      },
      (res) => {
        inRes.writeHead(res.statusCode ?? 502, res.headers);
        res.pipe(inRes);
      },
    );
    inReq.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const octet = () => Math.floor(Math.random() * 250) + 2;
const loopback = () => `127.${octet()}.${octet()}.${octet()}`;
const forged = (i: number) => `203.0.113.${(i % 250) + 1}`;
const LIMIT = 5;

async function sprayUsernameChecks(url: string, from: string) {
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT + 3; i++) {
    const r = await send(url, 'GET', `/api/auth/check-username?username=probe${i}x`, {
      from,
      headers: { 'x-forwarded-for': `${forged(i)}, ${forged(i + 7)}` },
    });
    statuses.push(r.status);
  }
  return statuses;
}

/** The server's settings: a per-address limit of LIMIT checks, and the proxies it trusts. */
const limitedBehind = (trustProxy: string) => ({
  RATE_LIMIT_PER_ADDRESS: String(LIMIT),
  TRUST_PROXY: trustProxy,
});

/** The spray's first LIMIT checks pass and the three after them are refused. */
function expectLimitReached(statuses: number[]) {
  expect(statuses.slice(0, LIMIT).every((s) => s === 200)).toBe(true);
  expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
}

/** Signs up, logs in with a forged X-Forwarded-For; returns the address the session row holds. */
async function sessionAddress(url: string, db: TestServer['db'], from: string) {
  const creds = newMemberCreds();
  const s = await send(url, 'POST', '/api/signup', { body: signupBody(creds), from });
  expect(s.status).toBe(201);
  const login = await send(url, 'POST', '/api/login', {
    body: { email: creds.username, password: creds.password },
    from,
    headers: { 'x-forwarded-for': '198.51.100.77', 'x-forwarded-proto': 'https' },
  });
  expect(login.status).toBe(200);
  const rows = await db.query<{ ip: string }>(
    'SELECT s.ip FROM sessions s JOIN members m ON m.id = s.member_id WHERE m.username = $1',
    [creds.username],
  );
  return { ip: rows[0]?.ip, login };
}

/** A session made from a fresh loopback address: the session records that address, not the forged one. */
async function sessionFromLoopback(url: string, db: TestServer['db']) {
  const from = loopback();
  const { ip, login } = await sessionAddress(url, db, from);
  expect(ip).toBe(from);
  return { from, login };
}

describe('TRUST_PROXY settings', () => {
  it('refuses `true`, unknown values and ranges that cover everyone, naming the variable', () => {
    for (const bad of ['true', 'TRUE', 'banana', '0.0.0.0/0', '::/0', '10.0.0.0/33', '11', '127.0.0.1/8/1']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toEqual({ hops: 2 });
    expect(parseTrustProxy(' 10.0.0.0/8, 127.0.0.1 ,::1,loopback')).toEqual({
      addresses: ['10.0.0.0/8', '127.0.0.1', '::1', 'loopback'],
    });
  });
});

describe('no proxy in front (TRUST_PROXY unset)', () => {
  const server = fileServer(limitedBehind(''));

  it('a different forged X-Forwarded-For on each request does not escape the per-address limit', async () => {
    expectLimitReached(await sprayUsernameChecks(server.url, loopback()));
  });

  it('sessions record the socket address; a forged X-Forwarded-Proto gives no Secure cookie and no HSTS', async () => {
    const { login } = await sessionFromLoopback(server.url, server.db);
    expect(String(login.headers['set-cookie'])).not.toMatch(/Secure/i);
    expect(login.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('a trusted proxy in front', () => {
  for (const setting of ['1', '127.0.0.1']) {
    describe(`TRUST_PROXY=${setting}`, () => {
      const server = fileServer(limitedBehind(setting));
      const proxy = late(
        () => startProxy(server.url),
        (p) => p.close(),
      );

      it('the limit follows the address the proxy saw, whatever the client forged', async () => {
        expectLimitReached(await sprayUsernameChecks(proxy.url, loopback()));
      });

      it('sessions and the audit log record the real address; HTTPS from the proxy gives Secure and HSTS', async () => {
        const { from, login } = await sessionFromLoopback(proxy.url, server.db);
        expect(String(login.headers['set-cookie'])).toMatch(/Secure/i);
        expect(login.headers['strict-transport-security']).toMatch(/max-age=/);
        // An audited change (password change) made through the proxy, again with forged headers.
        let cookie = String(login.headers['set-cookie']).split(';')[0]!;
        const headers = () => ({ cookie, 'x-forwarded-for': '198.51.100.78' });
        const step = await send(proxy.url, 'POST', '/api/auth/second-factor', {
          body: { second_password: '246810' },
          from,
          headers: headers(),
        });
        expect(step.status).toBe(200);
        cookie = String(step.headers['set-cookie']).split(';')[0]!;
        const changed = await send(proxy.url, 'POST', '/api/profile/password', {
          body: {
            current_password: 'passw0rd123',
            new_password: 'newpassw0rd9',
            new_password_confirm: 'newpassw0rd9',
          },
          from,
          headers: headers(),
        });
        expect(changed.status).toBe(200);
        const audited = await server.db.query<{ ip: string }>(
          `SELECT ip FROM audit_log WHERE action = 'member.password_changed' AND actor_id = (SELECT member_id FROM sessions WHERE ip = $1 LIMIT 1)`,
          [from],
        );
        expect(audited.map((r) => r.ip)).toEqual([from]);
      });
    });
  }

  it('with the proxy trusted by address, a client that goes around it is not believed', async () => {
    const server = await startTestServer(limitedBehind('127.0.0.1'));
    try {
      const from = loopback();
      const statuses = await sprayUsernameChecks(server.url, from);
      expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
      const { ip, login } = await sessionAddress(server.url, server.db, loopback());
      expect(ip).not.toBe('198.51.100.77');
      expect(String(login.headers['set-cookie'])).not.toMatch(/Secure/i);
      expect(login.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});
