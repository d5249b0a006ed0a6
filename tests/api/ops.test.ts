import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { opsState } from '../../src/server/ops/state';
import { insertDeposit } from '../support/admin-fixtures';
import { memberClient } from '../support/client';
import { fileServer } from '../support/fixture';
import { startTestServer } from '../support/server';

const TOKEN = 'metrics-token-0123456789abcdef';
const server = fileServer({ METRICS_TOKEN: TOKEN });

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe('health and readiness', () => {
  it('/healthz and /readyz answer plain text with no session, cookie or data', async () => {
    for (const [p, text] of [
      ['/healthz', 'ok\n'],
      ['/readyz', 'ready\n'],
    ] as const) {
      const res = await fetch(`${server.url}${p}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(await res.text()).toBe(text);
    }
  });

  it('/readyz answers 503 while the process drains (SIGTERM), /healthz still 200', async () => {
    opsState(server.app).draining = true;
    try {
      const r = await fetch(`${server.url}/readyz`);
      expect(r.status).toBe(503);
      expect(await r.text()).toBe('draining\n');
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      opsState(server.app).draining = false;
    }
  });
});

describe('/metrics', () => {
  it('is refused without the token or with a wrong one, and reveals nothing', async () => {
    const tries: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${TOKEN}x` },
    ];
    for (const headers of tries) {
      const r = await fetch(`${server.url}/metrics`, { headers });
      expect(r.status).toBe(404);
      expect(await r.text()).not.toContain('wallet_');
    }
  });

  it('serves Prometheus text: requests by route and status, latency, pending requests by currency, pool', async () => {
    const m = await memberClient(server.url);
    await insertDeposit(server.db, m.id, {
      currency: 'KRW',
      amount: '12345',
      createdAt: '2020-01-01T00:00:00Z',
    });
    await m.client.get('/api/wallet/balances');
    const r = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await r.text();
    expect(text).toMatch(
      /wallet_http_request_duration_seconds_count\{method="POST",route="\/api\/signup",status_code="201"\} \d+/,
    );
    expect(text).toMatch(
      /wallet_http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/api\/login"/,
    );
    const pending = /wallet_pending_requests\{kind="deposits",currency="KRW"\} (\d+)/.exec(text);
    expect(Number(pending?.[1])).toBeGreaterThanOrEqual(1);
    // The deposit above is dated 2020: the oldest pending deposit is years old.
    const age = /wallet_oldest_pending_request_age_seconds\{kind="deposits"\} ([\d.e+]+)/.exec(text);
    expect(Number(age?.[1])).toBeGreaterThan(3 * 365 * 86_400);
    expect(text).toMatch(/wallet_db_pool_connections\{state="max"\} \d+/);
    expect(text).toMatch(/wallet_db_up 1/);
    expect(text).toContain('wallet_price_age_seconds');
    expect(text).toContain('wallet_process_resident_memory_bytes');
    // No member data in the figures.
    expect(text).not.toContain(m.creds.username);
  });

  it('counts each answer once under its route pattern, HEAD and not-found answers included (decision 0215)', async () => {
    const count = async (labels: string) => {
      const r = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      const line = new RegExp(
        `wallet_http_request_duration_seconds_count\\{${labels.replace(/[/]/g, '\\/')}\\} (\\d+)`,
      ).exec(await r.text());
      return Number(line?.[1] ?? 0);
    };
    const m = await memberClient(server.url);
    const cases: [() => Promise<unknown>, string][] = [
      [() => m.client.get('/api/prices'), 'method="GET",route="/api/prices",status_code="200"'],
      [
        () => fetch(`${server.url}/api/prices`, { method: 'HEAD' }),
        'method="HEAD",route="/api/prices",status_code="401"',
      ],
      [() => fetch(`${server.url}/healthz`), 'method="GET",route="/healthz",status_code="200"'],
      [
        () => m.client.post('/api/admin/deposits/00000000-0000-0000-0000-000000000000/approve', {}),
        'method="POST",route="/api/admin/deposits/:id/approve",status_code="403"',
      ],
      [
        () => fetch(`${server.url}/api/no-such-thing/1`),
        'method="GET",route="unmatched_api",status_code="404"',
      ],
    ];
    for (const [send, labels] of cases) {
      const before = await count(labels);
      await send();
      await send();
      await send();
      expect(await count(labels), labels).toBe(before + 3);
    }
  });

  it('METRICS_PORT: served on its own listener; the main port then refuses it without the token', async () => {
    const port = await freePort();
    const other = await startTestServer({ METRICS_PORT: String(port), METRICS_TOKEN: '' });
    try {
      const r = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('# TYPE wallet_http_request_duration_seconds histogram');
      expect((await fetch(`http://127.0.0.1:${port}/api/session`)).status).toBe(404);
      expect((await fetch(`${other.url}/metrics`)).status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
