import { describe, expect, it } from 'vitest';
import { RECOVERY } from '../../src/shared/constants';
import { MSG } from '../../src/shared/messages';
import { fund } from '../support/admin-fixtures';
import { Client, loginFully, memberClient } from '../support/client';
import { requestInternal } from '../support/money';
import { profileServer } from '../support/profile';
import { finishBody, mailedCode } from '../support/recovery';
import { uniqueName } from '../support/server';

// A member recovers their own password or second password through the e-mail on the account
// (decision 0400): one code, short-lived, a few tries, used once, the same answer for every name.
const { smtp, server } = profileServer();
const R = MSG.recovery;
const anon = () => new Client(server.url);
const NEW_PW = 'recover3d99';
const rows = (memberId: string) =>
  server.db.query<{ attempts: number; used: boolean }>(
    'SELECT attempts, used_at IS NOT NULL AS used FROM account_recoveries WHERE member_id = $1 ORDER BY created_at',
    [memberId],
  );

describe('비밀번호 찾기', () => {
  it('answers alike for an account and for no account, mails only the account, and sets the chosen password', async () => {
    const m = await memberClient(server.url);
    const nobody = await anon().post('/api/recovery', { identifier: uniqueName('no'), secret: 'password' });
    const some = await anon().post('/api/recovery', { identifier: m.creds.username, secret: 'password' });
    expect(nobody.status).toBe(202);
    expect(some.status).toBe(202);
    expect(nobody.body).toEqual(some.body);
    expect(some.body.data.message).toBe(R.sent);

    const mail = await smtp.waitForMail(m.creds.email);
    const code = mail.decoded.match(/코드는 (\d{6})/)![1]!;
    // Only the code's hash is kept.
    const [stored] = await server.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM account_recoveries WHERE member_id = $1',
      [m.id],
    );
    expect(stored!.code_hash).not.toContain(code);

    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await anon().post('/api/recovery/finish', finishBody(m.creds.username, wrongCode, NEW_PW));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.message).toBe(R.codeWrong);
    // The old password still works until the code is used.
    await loginFully(anon(), m.creds);

    const done = await anon().post('/api/recovery/finish', finishBody(m.creds.email, code, NEW_PW));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // Every session ended; the old password no longer works, the member's own new one does.
    expect((await m.client.get('/api/session')).status).toBe(401);
    const old = await anon().post('/api/login', { email: m.creds.username, password: m.creds.password });
    expect(old.status).toBe(401);
    const fresh = anon();
    await loginFully(fresh, { ...m.creds, password: NEW_PW });

    // Used once.
    const again = await anon().post('/api/recovery/finish', finishBody(m.creds.username, code, 'another1pw'));
    expect(again.status).toBe(400);

    // Recorded in sign-in activity, told by mail, and withdrawals wait as after any reset.
    const activity = (await fresh.get('/api/profile/sign-in-activity')).body.data.items.map(
      (i: { kind: string }) => i.kind,
    );
    expect(activity).toContain('password_recovery');
    expect(activity).toContain('recovery_requested');
    expect((await smtp.waitForMail(m.creds.email, 2)).decoded).toContain('재설정됐어요');
    fresh.withdrawalPin = m.creds.pin;
    await fund(server.db, m.id, { USDT: '100' });
    const to = await memberClient(server.url);
    const held = await requestInternal(fresh, to, 'USDT', '5');
    expect(held.status, JSON.stringify(held.body)).toBe(400);
    expect(held.body.error?.message).toMatch(/까지 출금과 회원 간 전송이 제한돼요/);
  });

  it('recovers the second password the same way', async () => {
    const m = await memberClient(server.url);
    const code = await mailedCode(anon(), smtp, m.creds.username, m.creds.email, 'second_password');
    const r = await anon().post(
      '/api/recovery/finish',
      finishBody(m.creds.username, code, '97531', 'second_password'),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await loginFully(anon(), { ...m.creds, pin: '97531' });
    const oldPin = anon();
    await oldPin.post('/api/login', { email: m.creds.username, password: m.creds.password });
    expect((await oldPin.post('/api/auth/second-factor', { second_password: m.creds.pin })).status).toBe(401);
  });
});

describe('under 50 parallel copies', () => {
  it('compares at most the allowed tries of a code; after them even the right code is refused', async () => {
    const m = await memberClient(server.url);
    const code = await mailedCode(anon(), smtp, m.creds.username, m.creds.email);
    const wrongCode = code === '111111' ? '222222' : '111111';
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        anon().post('/api/recovery/finish', finishBody(m.creds.username, wrongCode, NEW_PW)),
      ),
    );
    expect(replies.filter((r) => r.status === 400)).toHaveLength(RECOVERY.attempts);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(50 - RECOVERY.attempts);
    expect((await rows(m.id)).map((r) => r.attempts)).toEqual([RECOVERY.attempts]);
    const right = await anon().post('/api/recovery/finish', finishBody(m.creds.username, code, NEW_PW));
    expect(right.status).toBe(429);
    await loginFully(anon(), m.creds);
  });

  it('uses a code once when 50 copies bring the right one', async () => {
    const m = await memberClient(server.url);
    const code = await mailedCode(anon(), smtp, m.creds.username, m.creds.email);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        anon().post('/api/recovery/finish', finishBody(m.creds.username, code, `parallel${i}pw`)),
      ),
    );
    const ok = replies.flatMap((r, i) => (r.status === 200 ? [i] : []));
    expect(ok).toHaveLength(1);
    expect(replies.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    await loginFully(anon(), { ...m.creds, password: `parallel${ok[0]}pw` });
    expect(await rows(m.id)).toEqual([{ attempts: 1, used: true }]);
  });

  it('mails at most the hour’s codes, for an account and for a name that is none alike', async () => {
    const m = await memberClient(server.url);
    const ghost = uniqueName('ghost');
    for (const identifier of [m.creds.username, ghost]) {
      const replies = await Promise.all(
        Array.from({ length: 50 }, () => anon().post('/api/recovery', { identifier, secret: 'password' })),
      );
      expect(replies.filter((r) => r.status === 202)).toHaveLength(RECOVERY.requestsPerHour);
      expect(replies.filter((r) => r.status === 429)).toHaveLength(50 - RECOVERY.requestsPerHour);
    }
    expect(await rows(m.id)).toHaveLength(RECOVERY.requestsPerHour);
    // A newer code ends the older ones: one stays live.
    const [live] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM account_recoveries WHERE member_id = $1 AND expires_at > now()',
      [m.id],
    );
    expect(live!.n).toBe(1);
    await smtp.waitForMail(m.creds.email, RECOVERY.requestsPerHour);
    const mails = smtp.mails.filter((x) => x.to.includes(m.creds.email));
    expect(mails).toHaveLength(RECOVERY.requestsPerHour);
  });
});
