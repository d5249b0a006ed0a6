/**
 * The sign-in log: every authentication event is kept with time, address and user agent,
 * append-only in the database; a member reads only their own last 20, an administrator reads everyone's
 * with filters.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import type { AuthEventView, SignInActivityItem } from '../../src/shared/schemas/auth-events';
import { type AuthEventRow, authEventsOf, summary, UA, withUa } from '../support/auth-events';
import {
  adminClient,
  Client,
  changeSecondPassword,
  memberClient,
  newMemberCreds,
  signupBody,
} from '../support/client';
import { fileServer, late } from '../support/fixture';
import { adjustBalance, requestInternal } from '../support/money';
import { finishBody, mailedCode } from '../support/recovery';
import { startTestServer, uniqueName } from '../support/server';
import { startSmtpServer, tokenFromMail } from '../support/smtp-server';

const smtp = late(startSmtpServer, (s) => s.close());
const server = fileServer(() => ({ SMTP_URL: smtp.url }));
const admin = late(async () => (await adminClient(server.url, server.db)).client);

const anon = () => new Client(server.url);
const eventsOf = (memberId: string) => authEventsOf(server.db, memberId);

async function signedUp() {
  const creds = newMemberCreds();
  const res = await anon().post('/api/signup', signupBody(creds));
  return { creds, id: res.body.data.user.id as string };
}

describe('the sign-in log records', () => {
  it('sign-in success and failure, lockout, the second step and logout, with address and device', async () => {
    const { creds, id } = await signedUp();
    const c = anon();
    const w = withUa(c);
    expect((await w.post('/api/login', { email: creds.username, password: 'wrongpass1' })).status).toBe(401);
    expect((await w.post('/api/login', { email: creds.email, password: creds.password })).status).toBe(200);
    expect((await w.post('/api/auth/second-factor', { second_password: '000000' })).status).toBe(401);
    expect((await w.post('/api/auth/second-factor', { second_password: creds.pin })).status).toBe(200);
    expect((await w.post('/api/logout', {})).status).toBe(200);
    const [signup, ...rows] = await eventsOf(id);
    // The session the sign-up opened is the first sign-in.
    expect(summary([signup!])).toEqual(['login:ok:']);
    expect(summary(rows)).toEqual([
      'login:fail:bad_password',
      'login:ok:',
      'second_factor:fail:bad_password',
      'second_factor:ok:',
      'logout:ok:',
    ]);
    for (const r of rows) {
      expect(r.ip).toBe('127.0.0.1');
      expect(r.user_agent).toBe(UA);
    }
    // The name as typed is kept, never a secret.
    expect(rows[0]!.identifier).toBe(creds.username);
    const all = JSON.stringify(rows);
    expect(all).not.toContain('wrongpass1');
    expect(all).not.toContain(creds.password);
    expect(all).not.toContain('000000');

    // With the failure above, nine more make ten: the tenth locks (a lockout event), the next is refused.
    for (let i = 0; i < 9; i++)
      await anon().post('/api/login', { email: creds.username, password: `bad${i}pass` });
    expect(
      (await anon().post('/api/login', { email: creds.username, password: creds.password })).status,
    ).toBe(429);
    const after = summary(await eventsOf(id)).slice(6);
    expect(after.filter((s) => s === 'login:fail:bad_password')).toHaveLength(9);
    expect(after.filter((s) => s === 'lockout:fail:')).toHaveLength(1);
    expect(after.at(-1)).toBe('login:fail:locked');
  });

  it('attempts on unknown accounts, by the name typed (trimmed and bounded)', async () => {
    const ghost = `  ${uniqueName('ghost')}  `;
    await anon().post('/api/login', { email: ghost, password: 'whatever1' });
    const [row] = await server.db.query<AuthEventRow & { member_id: string | null }>(
      'SELECT member_id, kind, success, reason, identifier FROM auth_events WHERE identifier = $1',
      [ghost.trim()],
    );
    expect(row).toMatchObject({ member_id: null, kind: 'login', success: false, reason: 'unknown_account' });
  });

  it('attempts refused by the per-address limit', async () => {
    const limited = await startTestServer({ RATE_LIMIT_PER_ADDRESS: '2' });
    try {
      const creds = newMemberCreds();
      const c = new Client(limited.url);
      // On PostgreSQL both servers share one database (whose sign-up counter of this address is long past 2).
      const signupVia = server.config.databaseUrl ? anon() : c;
      const id = (await signupVia.post('/api/signup', signupBody(creds))).body.data.user.id as string;
      for (let i = 0; i < 3; i++)
        await c.post('/api/login', { email: creds.username, password: `bad${i}pass` });
      const rows = await limited.db.query<{ reason: string }>(
        'SELECT reason FROM auth_events WHERE member_id = $1 ORDER BY id',
        [id],
      );
      const reasons = rows.map((r) => r.reason);
      expect(reasons).toContain('rate_limited');
    } finally {
      await limited.close();
    }
  });

  it('a session found expired on use, once', async () => {
    const { client, id } = await memberClient(server.url);
    await server.db.query(
      `UPDATE sessions SET last_seen_at = now() - interval '2 hours' WHERE member_id = $1`,
      [id],
    );
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.get('/api/session')));
    expect(answers.every((a) => a.status === 401)).toBe(true);
    const expired = (await eventsOf(id)).filter((r) => r.kind === 'session_expired');
    expect(expired).toHaveLength(1);
    expect(expired[0]!.reason).toBe('idle');
  });

  it('password, second password and email changes, and a recovery by e-mail', async () => {
    const { client, creds, id } = await memberClient(server.url);
    const w = withUa(client);
    expect(
      (
        await w.post('/api/profile/password', {
          current_password: 'notmypass1',
          new_password: 'changed123',
          new_password_confirm: 'changed123',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await w.post('/api/profile/password', {
          current_password: creds.password,
          new_password: 'changed123',
          new_password_confirm: 'changed123',
        })
      ).status,
    ).toBe(200);
    expect((await changeSecondPassword(w, creds.pin, '24680')).status).toBe(200);
    const email = `${uniqueName('e')}@example.org`;
    expect((await w.post('/api/profile/email', { email })).status).toBe(202);
    const token = tokenFromMail(await smtp.waitForMail(email));
    expect((await anon().post('/api/profile/email/confirm', { token })).status).toBe(200);
    // The member's own recovery by e-mail (the address just confirmed).
    const code = await mailedCode(anon(), smtp, creds.username, email, 'password', 2);
    expect(
      (await anon().post('/api/recovery/finish', finishBody(creds.username, code, 'recover123'))).status,
    ).toBe(200);
    const rows = (await eventsOf(id)).filter((r) => !['login', 'second_factor'].includes(r.kind));
    expect(summary(rows)).toEqual([
      'password_change:fail:bad_password',
      'password_change:ok:',
      'second_password_change:ok:',
      'email_change_requested:ok:',
      'email_change_confirmed:ok:',
      'recovery_requested:ok:',
      'password_recovery:ok:',
    ]);
    expect(rows[0]!.user_agent).toBe(UA);
  });
});

describe('the sign-in log is append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const { id } = await signedUp();
    await anon().post('/api/login', { email: 'nobody-here', password: 'x1234567' });
    await server.db.query(`INSERT INTO auth_events (member_id, kind, success) VALUES ($1, 'login', true)`, [
      id,
    ]);
    await expect(
      server.db.query('UPDATE auth_events SET success = false WHERE member_id = $1', [id]),
    ).rejects.toThrow(/append-only/);
    await expect(server.db.query('DELETE FROM auth_events WHERE member_id = $1', [id])).rejects.toThrow(
      /append-only/,
    );
    await expect(server.db.query('TRUNCATE auth_events')).rejects.toThrow(/append-only/);
    // The sign-up's sign-in and the row inserted above.
    expect(await eventsOf(id)).toHaveLength(2);
  });
});

describe('reading the sign-in log', () => {
  it("my page reads a sign-in as one row, and a withdrawal's second-password check as no sign-in", async () => {
    const m = await memberClient(server.url);
    const friend = await memberClient(server.url);
    await adjustBalance(server.db, m.id, 'USDT', '10');
    expect((await requestInternal(m.client, friend, 'USDT', '1')).status).toBe(201);
    const mine = await m.client.get<{ items: SignInActivityItem[] }>('/api/profile/sign-in-activity');
    // Newest first: the withdrawal's PIN, the sign-in (password and second step as one), the sign-up's.
    expect(mine.body.data!.items.map((e) => `${e.kind}:${e.success}`)).toEqual([
      'second_factor:true',
      'login:true',
      'login:true',
    ]);
    // The administrator's log keeps every event.
    expect(summary(await eventsOf(m.id))).toEqual([
      'login:ok:',
      'login:ok:',
      'second_factor:ok:',
      'second_factor:ok:',
    ]);
  });

  it("a member sees their own last 20 events, never another member's", async () => {
    const a = await memberClient(server.url);
    const b = await memberClient(server.url);
    for (let i = 0; i < 25; i++)
      await anon().post('/api/login', { email: a.creds.username, password: `x${i}wrong1` });
    // Unlock, so the member can go on (an administrator reset lifts a lockout).
    await server.db.query(`DELETE FROM rate_limit_events WHERE key = $1`, [`pw:acct:${a.id}`]);
    const mine = await a.client.get<{ items: SignInActivityItem[] }>('/api/profile/sign-in-activity');
    expect(mine.status).toBe(200);
    const items = mine.body.data!.items;
    expect(items).toHaveLength(20);
    const ids = (
      await server.db.query<{ id: string }>(
        'SELECT id::text AS id FROM auth_events WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT 20',
        [a.id],
      )
    ).map((r) => r.id);
    expect(items.map((i) => i.id)).toEqual(ids);
    expect(Object.keys(items[0]!).sort()).toEqual(
      ['created_at', 'id', 'ip', 'kind', 'reason', 'success', 'user_agent'].sort(),
    );
    const theirs = await b.client.get<{ items: SignInActivityItem[] }>('/api/profile/sign-in-activity');
    const bIds = new Set(
      (
        await server.db.query<{ id: string }>('SELECT id::text AS id FROM auth_events WHERE member_id = $1', [
          b.id,
        ])
      ).map((r) => r.id),
    );
    expect(theirs.body.data!.items.length).toBeGreaterThan(0);
    for (const i of theirs.body.data!.items) expect(bIds.has(i.id)).toBe(true);
    for (const i of items) expect(bIds.has(i.id)).toBe(false);
    // Query parameters naming someone else are refused.
    expect((await b.client.get(`/api/profile/sign-in-activity?memberId=${a.id}`)).status).toBe(400);
  });

  it('the administrator filters by member, kind, result and Korean dates, paged', async () => {
    const m = await memberClient(server.url);
    await anon().post('/api/login', { email: m.creds.username, password: 'wrong1234' });
    await anon().post('/api/login', { email: m.creds.username, password: 'wrong5678' });
    const list = (q: string) =>
      admin.get<{ items: AuthEventView[]; total: number }>(`/api/admin/auth-events?${q}`);

    const all = await list(`memberId=${m.id}`);
    expect(all.status).toBe(200);
    expect(all.body.data!.items.every((e) => e.member_id === m.id)).toBe(true);
    expect(all.body.data!.items[0]!.username).toBe(m.creds.username);
    // The sign-up's sign-in, then memberClient's sign-in in two steps.
    expect(summary(all.body.data!.items as unknown as AuthEventRow[]).reverse()).toEqual([
      'login:ok:',
      'login:ok:',
      'second_factor:ok:',
      'login:fail:bad_password',
      'login:fail:bad_password',
    ]);
    const failures = await list(`memberId=${m.id}&result=failure`);
    expect(failures.body.data!.total).toBe(2);
    expect(failures.body.data!.items.every((e) => !e.success)).toBe(true);
    const logins = await list(`memberId=${m.id}&kind=second_factor`);
    expect(logins.body.data!.items.map((e) => e.kind)).toEqual(['second_factor']);
    const paged = await list(`memberId=${m.id}&pageSize=3&page=2`);
    expect(paged.body.data!.items).toHaveLength(2);
    expect(paged.body.data!.total).toBe(5);

    // Today in Korea includes them; yesterday does not.
    const kstToday = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    const kstYesterday = new Date(Date.now() + 9 * 3600_000 - 86_400_000).toISOString().slice(0, 10);
    expect((await list(`memberId=${m.id}&from=${kstToday}&to=${kstToday}`)).body.data!.total).toBe(5);
    expect((await list(`memberId=${m.id}&to=${kstYesterday}`)).body.data!.total).toBe(0);
    expect((await list(`memberId=${m.id}&from=${kstYesterday}`)).body.data!.total).toBe(5);

    // Across members: a kind filter only.
    const lockouts = await list('kind=login&result=failure&pageSize=100');
    expect(lockouts.body.data!.items.every((e) => e.kind === 'login' && !e.success)).toBe(true);

    // Bad filters: a clear Korean 400.
    const bad = await list('kind=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe(MSG.authEvents.kindInvalid);
    expect((await list('memberId=abc')).body.error?.message).toBe(MSG.authEvents.memberIdInvalid);
    expect((await list('from=2025-02-30')).body.error?.message).toBe(MSG.authEvents.dateInvalid);
    expect((await list('from=2025-03-02&to=2025-03-01')).body.error?.message).toBe(
      MSG.authEvents.dateRangeInvalid,
    );
    expect((await list('result=maybe')).status).toBe(400);
  });

  it('members and anonymous callers cannot read the administrator list', async () => {
    const m = await memberClient(server.url);
    expect((await m.client.get('/api/admin/auth-events')).status).toBe(403);
    expect((await anon().get('/api/admin/auth-events')).status).toBe(401);
    expect((await anon().get('/api/profile/sign-in-activity')).status).toBe(401);
  });
});
