import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { insertDeposit } from '../support/admin-fixtures';
import { adminClient, type Client, memberClient } from '../support/client';
import { liveEventsFile, ofRequest } from '../support/live-events';
import { krwDepositBody as krw } from '../support/money';

const { server, admin, listen } = liveEventsFile();

describe('GET /api/events', () => {
  it('refuses a malformed Last-Event-ID with a Korean message', async () => {
    const m = await memberClient(server.url);
    const r = await m.client.call('GET', '/api/events', undefined, { 'last-event-id': 'abc' });
    expect(r.status).toBe(400);
    expect(r.body.error?.message).toBe(MSG.live.badLastEventId);
    const q = await m.client.get('/api/events?last_event_id=-1');
    expect(q.status).toBe(400);
    expect(q.body.error?.message).toBe(MSG.live.badLastEventId);
    // A cursor whose transaction part is past 2^64 (decision 0131), and one of 40 digits.
    for (const bad of [(2n ** 64n * 10n ** 19n).toString(), '9'.repeat(40)]) {
      const big = await m.client.call('GET', '/api/events', undefined, { 'last-event-id': bad });
      expect(big.status).toBe(400);
      expect(big.body.error?.message).toBe(MSG.live.badLastEventId);
    }
  });

  it('closes the stream when the session ends by logout', async () => {
    const m = await memberClient(server.url);
    const s = await listen(m.client);
    expect((await m.client.post('/api/logout')).status).toBeLessThan(300);
    await s.ended;
    const after = await listen(m.client);
    expect(after.status).toBe(401);
  });

  it('closes the stream when the session expires', async () => {
    const m = await memberClient(server.url);
    const s = await listen(m.client);
    await server.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE member_id = $1`,
      [m.id],
    );
    await s.ended;
    expect(s.isEnded).toBe(true);
  });

  it('closes an administrator stream when the administrator role is taken away', async () => {
    const other = await adminClient(server.url, server.db);
    const s = await listen(other.client);
    expect(s.status).toBe(200);
    await server.db.query('UPDATE members SET is_admin = false WHERE id = $1', [other.id]);
    await s.ended;
    // Reconnecting now gives a member's stream: no other member's events.
    const m = await memberClient(server.url);
    const again = await listen(other.client);
    expect(again.status).toBe(200);
    const d = (await m.client.post('/api/deposits/krw', krw('10000'))).body.data.id as string;
    const mine = (await other.client.post('/api/deposits/krw', krw('10000'))).body.data.id as string;
    await again.waitFor((es) => es.some(ofRequest(mine)));
    expect(again.events.some(ofRequest(d))).toBe(false);
  });

  it('a member never receives another member’s event: 50 members listening while 500 decisions are made', async () => {
    const members = [] as { id: string; client: Client; deposits: Set<string> }[];
    for (let i = 0; i < 50; i += 10) {
      members.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, async () => {
            const m = await memberClient(server.url);
            return { id: m.id, client: m.client, deposits: new Set<string>() };
          }),
        )),
      );
    }
    const all: { id: string; memberId: string }[] = [];
    for (const m of members) {
      for (let k = 0; k < 10; k++) {
        const id = await insertDeposit(server.db, m.id, { amount: `${10000 + k}` });
        m.deposits.add(id);
        all.push({ id, memberId: m.id });
      }
    }
    const streams = await Promise.all(members.map((m) => listen(m.client)));
    // Interleave members, 10 decisions at a time.
    const order = [...all].sort((x, y) => (x.id < y.id ? -1 : 1));
    for (let i = 0; i < order.length; i += 10) {
      const rs = await Promise.all(
        order.slice(i, i + 10).map((d, j) =>
          admin.client.post(`/api/admin/deposits/${d.id}/${(i + j) % 3 === 0 ? 'reject' : 'approve'}`, {
            reason: '확인 불가',
          }),
        ),
      );
      expect(rs.map((r) => r.status)).toEqual(rs.map(() => 200));
    }
    await Promise.all(
      streams.map((s) =>
        s.waitFor((es) => es.filter((e) => e.json?.type?.startsWith('deposit.')).length >= 10, 60_000),
      ),
    );
    members.forEach((m, i) => {
      const got = streams[i]!.events.map((e) => e.json);
      expect(got).toHaveLength(10);
      expect(new Set(got.map((e) => e.data.request_id))).toEqual(m.deposits);
      for (const e of got) expect(e.data.by).toBeUndefined();
    });
  }, 180_000);
});
