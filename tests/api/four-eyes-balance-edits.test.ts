import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, memberClient } from '../support/client';
import { startTestServer, type TestServer } from '../support/server';

// A balance edit (new totals) moves money as an adjustment does: with FOUR_EYES_ADMIN_EDITS off it still
// meets the thresholds, per member and per administrator, in parallel too (decisions 0321, 0370).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ FOUR_EYES_ADMIN_EDITS: 'false' });
});
afterAll(async () => {
  await server?.close();
});

const krw = async (id: string) =>
  (
    await server.db.query<{ b: string }>(
      `SELECT trim_scale(balance)::text AS b FROM balances WHERE member_id = $1 AND currency = 'KRW'`,
      [id],
    )
  )[0]?.b ?? '0';
const edit = (a: Awaited<ReturnType<typeof adminClient>>, id: string, body: Record<string, string>) =>
  a.client.call('PUT', `/api/admin/members/${id}/balances`, body);

describe('balance edits with FOUR_EYES_ADMIN_EDITS off', () => {
  it('a large edit is a proposal; the member’s applied and pending edits count for the next one', async () => {
    const a = await adminClient(server.url, server.db);
    const m = await memberClient(server.url);
    const big = await edit(a, m.id, { krw: '100000000', usdt: '1000000' });
    expect(big.status).toBe(202);
    expect(big.body.data.proposal.kind).toBe('balances.set');
    expect(await krw(m.id)).toBe('0');
    // The pending edit counts: an adjustment of 1 won now also waits for a second administrator.
    const one = await a.client.post(`/api/admin/members/${m.id}/adjustments`, {
      currency: 'KRW',
      delta: '+1',
      reason: '정산 보정',
    });
    expect(one.status).toBe(202);

    const n = await memberClient(server.url);
    expect((await edit(a, n.id, { krw: '6000000' })).status).toBe(200);
    // 6,000,000 applied + 5,000,000 reaches the member's 10,000,000 line.
    expect((await edit(a, n.id, { krw: '11000000' })).status).toBe(202);
    // Down as well: taking 9,000,000 out stays under the payout line, 11,000,000 does not.
    expect((await edit(a, n.id, { krw: '0' })).status).toBe(200);
  });

  it('parallel: 50 edits by one administrator stop at the administrator’s daily line', async () => {
    const a = await adminClient(server.url, server.db);
    const ms = await Promise.all(Array.from({ length: 50 }, () => memberClient(server.url)));
    const rs = await Promise.all(ms.map((m) => edit(a, m.id, { krw: '2000000' })));
    const count = (s: number) => rs.filter((r) => r.status === s).length;
    // 24 × 2,000,000 = 48,000,000 alone; the 25th would reach 50,000,000 (FOUR_EYES_ADMIN_DAILY_KRW).
    expect(count(200)).toBe(24);
    expect(count(202)).toBe(26);
    const [sum] = await server.db.query<{ s: string }>(
      `SELECT trim_scale(sum(balance))::text AS s FROM balances WHERE currency = 'KRW' AND member_id = ANY($1)`,
      [ms.map((m) => m.id)],
    );
    expect(sum?.s).toBe('48000000');
    // The proposals are not this test's subject: cancelled, so the shared pending list stays short.
    for (const r of rs.filter((x) => x.status === 202))
      expect((await a.client.post(`/api/admin/proposals/${r.body.data.proposal.id}/cancel`, {})).status).toBe(
        200,
      );
  });
});
