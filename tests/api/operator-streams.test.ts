import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { adminClient, Client, loginFully, memberClient } from '../support/client';
import { startTestServer, type TestServer } from '../support/server';
import { SseStream } from '../support/sse';

/** Live-event streams are capped per session, per member and per instance; HEAD never holds one open. */
let server: TestServer;
const open: SseStream[] = [];
beforeAll(async () => {
  server = await startTestServer({
    EVENTS_MAX_PER_SESSION: '3',
    EVENTS_MAX_PER_MEMBER: '5',
    EVENTS_MAX_PER_INSTANCE: '8',
  });
});
afterAll(async () => {
  for (const s of open) s.close();
  await server?.close();
});

async function stream(client: Client): Promise<SseStream> {
  const s = await new SseStream(client).open();
  if (s.status === 200) open.push(s);
  return s;
}

/** A second browser of the same member: another session. */
async function secondSession(m: Awaited<ReturnType<typeof memberClient>>): Promise<Client> {
  const c = new Client(server.url);
  await loginFully(c, m.creds);
  return c;
}

/** The refusal's envelope (the request is known to be refused, so reading its body cannot hang). */
async function refusal(client: Client) {
  const r = await client.get('/api/events');
  return { status: r.status, message: r.body.error?.message as string | undefined };
}

describe('live-event stream caps', () => {
  it('refuse streams past the session, member and instance caps with 429 in Korean, while every other request still answers', async () => {
    const a = await memberClient(server.url);
    const b = await memberClient(server.url);
    const c = await memberClient(server.url);

    // Session cap: three streams for one session, the fourth refused.
    for (let i = 0; i < 3; i++) expect((await stream(a.client)).status).toBe(200);
    const fourth = await stream(a.client);
    expect(fourth.status).toBe(429);
    expect(await refusal(a.client)).toEqual({ status: 429, message: MSG.live.tooManyStreams });

    // Member cap: a second session of the same member gets two more (five for the member), then 429.
    const a2 = await secondSession(a);
    for (let i = 0; i < 2; i++) expect((await stream(a2)).status).toBe(200);
    expect((await stream(a2)).status).toBe(429);
    expect(await refusal(a2)).toEqual({ status: 429, message: MSG.live.tooManyStreams });

    // Instance cap: eight streams in all; the ninth, of a member with none open, is refused.
    for (let i = 0; i < 3; i++) expect((await stream(b.client)).status).toBe(200);
    expect((await stream(c.client)).status).toBe(429);
    expect(await refusal(c.client)).toEqual({ status: 429, message: MSG.live.serverBusy });

    // Everything else still answers: other members' reads, a sign-in, health.
    expect((await c.client.get('/api/balances')).status).toBe(200);
    const login = new Client(server.url);
    await loginFully(login, c.creds);
    expect((await login.get('/api/session')).status).toBe(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    // A closed stream frees its place: once the server has seen one of b's end, c may open one.
    open.find((s) => s.client === b.client)?.close();
    let reopened: SseStream | null = null;
    for (let attempt = 0; attempt < 200 && reopened?.status !== 200; attempt++) {
      reopened = await stream(c.client);
      if (reopened.status !== 200) await new Promise((r) => setTimeout(r, 25));
    }
    expect(reopened?.status).toBe(200);
  });
});

describe('HEAD', () => {
  it('HEAD /api/events answers the stream headers at once and registers nothing', async () => {
    const m = await memberClient(server.url);
    // More HEADs than the session cap: were any held open or counted, the later ones would hang or be refused.
    for (let i = 0; i < 6; i++) {
      const res = await m.client.raw('HEAD', '/api/events');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(await res.text()).toBe('');
    }
    // Without a session: refused, not held.
    expect((await new Client(server.url).raw('HEAD', '/api/events')).status).toBe(401);
  });

  it('every route of the API answers HEAD (or refuses it) at once', async () => {
    for (const s of open.splice(0)) s.close();
    const admin = await adminClient(server.url, server.db);
    const member = await memberClient(server.url);
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const paths = Object.keys(doc.paths).map((p) =>
      p.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
    );
    expect(paths.length).toBeGreaterThan(20);
    for (const who of [admin.client, member.client, new Client(server.url)]) {
      for (const p of [...paths, '/healthz', '/readyz', '/', '/no-such-page']) {
        // A HEAD that hangs fails here (the signal) instead of holding the test until its own timeout.
        const res = await fetch(`${server.url}${p}`, {
          method: 'HEAD',
          headers: {
            cookie: [...who.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          },
          signal: AbortSignal.timeout(10_000),
        });
        expect(res.status, `HEAD ${p}`).toBeLessThan(500);
        expect(await res.text(), `HEAD ${p}`).toBe('');
      }
    }
  });
});
