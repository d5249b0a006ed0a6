import { describe, expect, it } from 'vitest';
import { publishRequestCreated } from '../../src/server/events/publish';
import { Client, memberClient, newMemberCreds, signupBody } from '../support/client';
import { liveEventsFile, ofRequest } from '../support/live-events';
import { krwDepositBody as krw } from '../support/money';

const { server, admin, listen } = liveEventsFile();

describe('GET /api/events', () => {
  it('refuses a caller without a session, and a session that passed only the password', async () => {
    const anon = await listen(new Client(server.url));
    expect(anon.status).toBe(401);
    const creds = newMemberCreds();
    const c = new Client(server.url);
    expect((await c.post('/api/signup', signupBody(creds))).status).toBe(201);
    expect((await c.post('/api/login', { email: creds.username, password: creds.password })).status).toBe(
      200,
    );
    const half = await listen(c);
    expect(half.status).toBe(401);
    expect(half.events).toEqual([]);
  });

  it("streams a member's own request and its decision, to administrators with who decided, to no one else", async () => {
    const a = await memberClient(server.url);
    const b = await memberClient(server.url);
    const sa = await listen(a.client);
    const sb = await listen(b.client);
    const sAdmin = await listen(admin.client);
    expect(sa.status).toBe(200);
    expect(sa.contentType).toMatch(/^text\/event-stream/);

    const created = await a.client.post('/api/deposits/krw', krw('70000'));
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    await sa.waitFor((es) => es.some((e) => e.json?.type === 'deposit.created' && ofRequest(id)(e)));
    await sAdmin.waitFor((es) => es.some((e) => e.json?.type === 'deposit.created' && ofRequest(id)(e)));
    expect(sAdmin.events.find(ofRequest(id))!.json.member_id).toBe(a.id);

    expect((await admin.client.post(`/api/admin/deposits/${id}/approve`)).status).toBe(200);
    await sa.waitFor((es) => es.some((e) => e.json?.type === 'deposit.approved'));
    await sAdmin.waitFor((es) => es.some((e) => e.json?.type === 'deposit.approved' && ofRequest(id)(e)));
    const memberView = sa.events.find((e) => e.json?.type === 'deposit.approved')!;
    expect(memberView.json.data).toMatchObject({
      request_id: id,
      currency: 'KRW',
      amount: '70000',
      status: 'approved',
    });
    expect(memberView.json.data.by).toBeUndefined();
    expect(memberView.json.member_id).toBeUndefined();
    expect(
      sAdmin.events.find((e) => e.json?.type === 'deposit.approved' && ofRequest(id)(e))!.json.data.by,
    ).toBe(admin.creds.username);
    expect(Number(memberView.id)).toBeGreaterThan(0);

    // B's own event arrives after A's were sent: B's stream holds B's only.
    const own = await b.client.post('/api/deposits/krw', krw('10000'));
    await sb.waitFor((es) => es.some(ofRequest(own.body.data.id)));
    expect(sb.types()).toEqual(['deposit.created']);
  });

  it('announces nothing for a change that rolled back', async () => {
    const m = await memberClient(server.url);
    const s = await listen(m.client);
    const refused = await m.client.post('/api/withdrawals/krw', {
      bank_name: '국민은행',
      account_number: '123-456-789012',
      account_holder: '홍길동',
      amount: '10000',
    });
    expect(refused.status).toBe(409);
    // An event published inside a transaction that then fails is never announced nor stored.
    await expect(
      server.db.tx(async (q) => {
        await publishRequestCreated(q, 'deposit', {
          id: 'rolled-back',
          member_id: m.id,
          currency: 'KRW',
          amount: '1',
          status: 'pending',
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const marker = await m.client.post('/api/deposits/krw', krw('10000'));
    await s.waitFor((es) => es.some(ofRequest(marker.body.data.id)));
    expect(s.types()).toEqual(['deposit.created']);
    const stored = await server.db.query(
      `SELECT 1 FROM live_events WHERE data->>'request_id' = 'rolled-back'`,
    );
    expect(stored).toEqual([]);
  });

  it('replays what a reconnect with Last-Event-ID missed, then continues live', async () => {
    const m = await memberClient(server.url);
    const first = await listen(m.client);
    const d1 = (await m.client.post('/api/deposits/krw', krw('11000'))).body.data.id as string;
    await first.waitFor((es) => es.some(ofRequest(d1)));
    const lastId = first.events.at(-1)!.id!;
    first.close();

    const d2 = (await m.client.post('/api/deposits/krw', krw('12000'))).body.data.id as string;
    expect(
      (await admin.client.post(`/api/admin/deposits/${d1}/reject`, { reason: '확인 불가' })).status,
    ).toBe(200);

    const again = await listen(m.client, lastId);
    await again.waitFor((es) => es.length >= 2);
    expect(again.events.map((e) => [e.json.type, e.json.data.request_id])).toEqual([
      ['deposit.created', d2],
      ['deposit.rejected', d1],
    ]);
    expect(again.events.every((e) => BigInt(e.id!) > BigInt(lastId))).toBe(true);
    expect((await admin.client.post(`/api/admin/deposits/${d2}/approve`)).status).toBe(200);
    await again.waitFor((es) => es.some((e) => e.json.type === 'deposit.approved' && ofRequest(d2)(e)));
    expect(again.events).toHaveLength(3);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a younger transaction’s event waits for an older one still open, so a cursor never skips (PostgreSQL; decision 0131)',
    async () => {
      const m = await memberClient(server.url);
      const s = await listen(m.client);
      const event = (id: string) => ({
        id,
        member_id: m.id,
        currency: 'KRW',
        amount: '1',
        status: 'pending',
      });
      const holdOpen = (id: string) => {
        let finish!: (commit: boolean) => void;
        let started!: () => void;
        const ready = new Promise<void>((r) => {
          started = r;
        });
        const done = server.db.tx(async (q) => {
          // The older transaction takes its id first, then writes its event and stays open.
          await q.query('SELECT pg_current_xact_id()');
          await publishRequestCreated(q, 'deposit', event(id));
          started();
          if (!(await new Promise<boolean>((r) => (finish = r)))) throw new Error('rollback');
        });
        return { ready, done, finish: (commit: boolean) => finish(commit) };
      };
      const seen = () => s.events.map((e) => e.json?.data?.request_id);

      // Committed older transaction: the younger event waits, then both arrive in transaction order.
      const older = holdOpen('tx-older');
      await older.ready;
      await server.db.tx((q) => publishRequestCreated(q, 'deposit', event('tx-younger')));
      await new Promise((r) => setTimeout(r, 400));
      expect(seen()).not.toContain('tx-younger');
      older.finish(true);
      await older.done;
      await s.waitFor((es) => es.filter((e) => e.json?.data?.request_id?.startsWith('tx-')).length === 2);
      expect(seen().filter((x) => x?.startsWith('tx-'))).toEqual(['tx-older', 'tx-younger']);
      const [a, b] = s.events.filter((e) => e.json?.data?.request_id?.startsWith('tx-'));
      expect(BigInt(a!.id!)).toBeLessThan(BigInt(b!.id!));

      // An older transaction that rolls back: the younger event is delivered once it has ended.
      const aborted = holdOpen('tx-aborted');
      await aborted.ready;
      await server.db.tx((q) => publishRequestCreated(q, 'deposit', event('tx-after-abort')));
      await new Promise((r) => setTimeout(r, 300));
      expect(seen()).not.toContain('tx-after-abort');
      aborted.finish(false);
      await expect(aborted.done).rejects.toThrow('rollback');
      await s.waitFor((es) => es.some((e) => e.json?.data?.request_id === 'tx-after-abort'));
      expect(seen()).not.toContain('tx-aborted');

      // A reconnect from the first of the two gets exactly what followed it.
      const again = await listen(m.client, a!.id!);
      await again.waitFor((es) => es.some((e) => e.json?.data?.request_id === 'tx-after-abort'));
      expect(again.events.map((e) => e.json?.data?.request_id)).toEqual(['tx-younger', 'tx-after-abort']);
    },
  );
});
