import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { fund, insertDeposit, insertWithdrawal } from '../support/admin-fixtures';
import { adminClient, type Client, loginFully, memberClient } from '../support/client';
import { fileAdmin, fileChecker, fileServer, ledgerCheckedAfterEach } from '../support/fixture';
import { depositProposal } from '../support/four-eyes';
import { balanceOf } from '../support/money';
import { loginCode } from '../support/totp';

// The desk over a working day: one code opens a confirmation window for the session that gave it
// (decision 0440), and several requests are approved in one call, each its own decision (decision 0441).
const W = MSG.deskWork;
// A database of its own: the waiting counts cover every pending request, and other files add theirs meanwhile.
const server = fileServer({}, { ownDatabase: true });
const a = fileAdmin(server);
const b = fileChecker(server);
ledgerCheckedAfterEach(server);

const confirm = (c: Client, id: string, otpCode?: string) =>
  c.post(`/api/admin/proposals/${id}/confirm`, otpCode === undefined ? {} : { otpCode });
const confirmations = (ids: string[]) =>
  server.db.query<{ id: string; step_up: { id: string; by: string } }>(
    `SELECT after->>'proposal_id' AS id, after->'step_up' AS step_up FROM audit_log
      WHERE action = 'proposal.confirm' AND after->>'proposal_id' = ANY($1::text[])`,
    [ids],
  );
const statusOf = async (id: string) =>
  (await server.db.query<{ status: string }>('SELECT status FROM admin_proposals WHERE id = $1', [id]))[0]
    ?.status;
/** Ages the administrator's windows as if they were opened, or last used, `minutes` ago. */
const age = (memberId: string, column: 'step_up_at' | 'step_up_used_at', minutes: number) =>
  server.db.query(
    `UPDATE sessions SET ${column} = now() - make_interval(mins => $2) WHERE member_id = $1 AND step_up_id IS NOT NULL`,
    [memberId, minutes],
  );

describe('a confirmation window: one code per sitting', () => {
  it('the same administrator confirms two proposals within a minute with one code; both audits name the window', async () => {
    const first = await depositProposal(server, a.client);
    const second = await depositProposal(server, a.client);
    expect((await confirm(b.client, first.id, await loginCode(b.creds))).status).toBe(200);
    const waiting = await b.client.get('/api/admin/waiting');
    expect(waiting.body.data.step_up_until).toEqual(expect.any(String));
    expect((await confirm(b.client, second.id)).status).toBe(200);
    expect(await balanceOf(server.db, second.m.id, 'KRW')).toBe('100000000');
    const audits = await confirmations([first.id, second.id]);
    const by = Object.fromEntries(audits.map((r) => [r.id, r.step_up]));
    expect(by[first.id]).toMatchObject({ by: 'code' });
    expect(by[second.id]).toMatchObject({ by: 'window', id: by[first.id]!.id });
  });

  it('no window, the proposer, a new sign-in, idle, its end: a code is required again', async () => {
    const c = await adminClient(server.url, server.db);
    const p = await depositProposal(server, a.client);
    const none = await confirm(c.client, p.id);
    expect(none.status).toBe(400);
    expect(none.body.error?.code).toBe('OTP_REQUIRED');
    // A window opened by confirming someone else's proposal does not let the proposer confirm their own.
    const other = await depositProposal(server, c.client);
    expect((await confirm(a.client, other.id, await loginCode(a.creds))).status).toBe(200);
    const own = await depositProposal(server, a.client);
    expect((await confirm(a.client, own.id)).status).toBe(403);
    // A new sign-in of the same administrator closes the window of their earlier session.
    expect((await confirm(c.client, p.id, await loginCode(c.creds))).status).toBe(200);
    const again = new (c.client.constructor as new (u: string) => Client)(server.url);
    await loginFully(again, c.creds);
    const next = await depositProposal(server, a.client);
    expect((await confirm(c.client, next.id)).body.error?.code).toBe('OTP_REQUIRED');
    // Idle past five minutes, or open past fifteen: closed.
    expect((await confirm(again, next.id, await loginCode(c.creds))).status).toBe(200);
    const idle = await depositProposal(server, a.client);
    await age(c.id, 'step_up_used_at', 6);
    expect((await confirm(again, idle.id)).body.error?.code).toBe('OTP_REQUIRED');
    expect((await confirm(again, idle.id, await loginCode(c.creds))).status).toBe(200);
    const old = await depositProposal(server, a.client);
    await age(c.id, 'step_up_at', 16);
    expect((await confirm(again, old.id)).body.error?.code).toBe('OTP_REQUIRED');
    // Signing out ends the session and the window with it.
    await again.post('/api/logout', {});
    expect((await confirm(again, old.id)).status).toBe(401);
    expect(await statusOf(old.id)).toBe('pending');
  });

  it('50 confirmations in parallel inside one window, five per proposal: each proposal applies once', async () => {
    const c = await adminClient(server.url, server.db);
    const opener = await depositProposal(server, a.client);
    expect((await confirm(c.client, opener.id, await loginCode(c.creds))).status).toBe(200);
    const ps = await Promise.all(Array.from({ length: 10 }, () => depositProposal(server, a.client)));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => confirm(c.client, ps[i % 10]!.id)),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(10);
    for (const r of answers.filter((x) => x.status !== 200)) expect(r.status).toBe(409);
    for (const p of ps) expect(await balanceOf(server.db, p.m.id, 'KRW')).toBe('100000000');
    expect(await confirmations(ps.map((p) => p.id))).toHaveLength(10);
  });
});

describe('POST /api/admin/requests/approve: several requests, each its own decision', () => {
  it('answers per request: approved, proposed over the threshold, refused with the reason', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { USDT: '100' });
    const small = await insertDeposit(server.db, m.id, { amount: '50000' });
    const big = await insertDeposit(server.db, m.id, { amount: '100000000' });
    const done = await insertDeposit(server.db, m.id, { status: 'approved' });
    const out = await insertWithdrawal(server.db, m.id, { currency: 'USDT', amount: '10' });
    const r = await a.client.post('/api/admin/requests/approve', {
      items: [
        { kind: 'deposit', id: small },
        { kind: 'deposit', id: big },
        { kind: 'deposit', id: done },
        { kind: 'withdrawal', id: out },
        { kind: 'withdrawal', id: small },
      ],
    });
    expect(r.status).toBe(200);
    const items = r.body.data.items as {
      id: string;
      outcome: string;
      proposal_id: string | null;
      code: string;
    }[];
    expect(items.map((i) => i.outcome)).toEqual(['approved', 'proposed', 'refused', 'approved', 'refused']);
    expect(items[1]!.proposal_id).toEqual(expect.any(String));
    expect(items[2]!.code).toBe('NOT_PENDING');
    expect(items[4]!.code).toBe('NOT_FOUND');
    expect(r.body.data).toMatchObject({ approved: 2, proposed: 1, refused: 2 });
    expect(await balanceOf(server.db, m.id, 'KRW')).toBe('50000');
    expect(await balanceOf(server.db, m.id, 'USDT')).toBe('90');
    // The proposal waits for a second administrator, as a single approval's would.
    expect(await statusOf(items[1]!.proposal_id!)).toBe('pending');
  });

  it('50 copies of one call at once: every request is approved exactly once', async () => {
    const m = await memberClient(server.url);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await insertDeposit(server.db, m.id, { amount: '10000' }));
    const body = { items: ids.map((id) => ({ kind: 'deposit', id })) };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => a.client.post('/api/admin/requests/approve', body)),
    );
    for (const r of answers) expect(r.status).toBe(200);
    const approved = answers.flatMap((r) =>
      (r.body.data.items as { id: string; outcome: string }[]).filter((i) => i.outcome === 'approved'),
    );
    expect(approved.map((i) => i.id).sort()).toEqual([...ids].sort());
    expect(await balanceOf(server.db, m.id, 'KRW')).toBe('50000');
  });

  it('refuses an empty, repeated or too long list in Korean, and a member', async () => {
    const m = await memberClient(server.url);
    const id = await insertDeposit(server.db, m.id);
    const send = (items: unknown[]) => a.client.post('/api/admin/requests/approve', { items });
    expect((await send([])).body.error?.message).toBe(W.bulkEmpty);
    const twice = await send([
      { kind: 'deposit', id },
      { kind: 'deposit', id },
    ]);
    expect(twice.body.error?.message).toBe(W.bulkDuplicate);
    const many = await send(Array.from({ length: 101 }, (_, i) => ({ kind: 'deposit', id: `x${i}` })));
    expect(many.status).toBe(400);
    expect(
      (await m.client.post('/api/admin/requests/approve', { items: [{ kind: 'deposit', id }] })).status,
    ).toBe(403);
    expect(await balanceOf(server.db, m.id, 'KRW')).toBe('0');
  });
});

describe('GET /api/admin/waiting: what waits for me', () => {
  it('counts requests nobody proposed yet and proposals others filed, not my own', async () => {
    const c = await adminClient(server.url, server.db);
    const before = (await c.client.get('/api/admin/waiting')).body.data;
    const m = await memberClient(server.url);
    await insertDeposit(server.db, m.id);
    await depositProposal(server, a.client);
    await depositProposal(server, c.client);
    const mine = (await c.client.get('/api/admin/waiting')).body.data;
    expect(mine.requests).toBe(before.requests + 1);
    expect(mine.proposals).toBe(before.proposals + 1);
    expect(mine.step_up_until).toBeNull();
  });
});
