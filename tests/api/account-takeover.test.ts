import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { insertDeposit } from '../support/admin-fixtures';
import { adminClient, Client, loginFully, memberClient, newMemberCreds, signupBody } from '../support/client';
import { fileAdmin, fileChecker, fileServer, late } from '../support/fixture';
import { confirmAs } from '../support/four-eyes';
import { adjustBalance, available } from '../support/money';
import { finishBody, recoveryCode } from '../support/recovery';
import { startSmtpServer } from '../support/smtp-server';
import { enrolTotp } from '../support/totp';

// No administrator takes over a member's account (decision 0400): a member's secrets are never set by an
// administrator; two of them can only mail the member a recovery, and whoever took part approves none of
// that member's requests for 30 days. Notices members see take two administrators (decision 0401).
const smtp = late(startSmtpServer, (s) => s.close());
const server = fileServer(() => ({ SMTP_URL: smtp.url }));
const a = fileAdmin(server);
const b = fileChecker(server);
const T = MSG.accountTrust;

const approveDeposit = (by: Client, id: string) => by.post(`/api/admin/deposits/${id}/approve`, {});
const queueRowOf = async (by: Client, depositId: string) =>
  (await by.get('/api/admin/queue?type=deposit&limit=200')).body.data.items.find(
    (r: { id: string }) => r.id === depositId,
  );

describe('a member’s secrets', () => {
  it('are never set by an administrator: the old routes refuse and the member’s password still works', async () => {
    const m = await memberClient(server.url);
    const pw = await a.client.post(`/api/admin/members/${m.id}/password`, {
      new_password: 'owned12345',
      confirm_password: 'owned12345',
    });
    const pin = await a.client.post(`/api/admin/members/${m.id}/second-password`, {
      new_second_password: '1111',
      confirm_second_password: '1111',
    });
    for (const r of [pw, pin]) {
      expect(r.status).toBe(403);
      expect(r.body.error?.message).toBe(T.memberSecretRefused);
    }
    await loginFully(new Client(server.url), m.creds);
    const rows = await server.db.query('SELECT 1 FROM admin_proposals WHERE member_id = $1', [m.id]);
    expect(rows).toHaveLength(0);
  });

  it('two administrators mail the member a recovery; the member chooses the password; neither resetter approves for 30 days', async () => {
    const m = await memberClient(server.url);
    const c = await adminClient(server.url, server.db);
    const proposed = await a.client.post(`/api/admin/members/${m.id}/recovery`, { secret: 'password' });
    expect(proposed.status).toBe(202);
    expect(proposed.body.data.proposal.lines.join(' ')).toContain(m.creds.username);
    // Nothing is mailed until a second administrator confirms.
    expect(smtp.mails.filter((x) => x.to.includes(m.creds.email))).toHaveLength(0);
    const confirmed = await confirmAs(b.client, proposed.body.data.proposal.id);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(JSON.stringify(confirmed.body)).not.toMatch(/코드는/);
    const code = recoveryCode((await smtp.waitForMail(m.creds.email)).decoded);
    const done = await new Client(server.url).post(
      '/api/recovery/finish',
      finishBody(m.creds.username, code, 'mychoice77'),
    );
    expect(done.status).toBe(200);
    await loginFully(new Client(server.url), { ...m.creds, password: 'mychoice77' });

    // Neither the proposer nor the confirmer approves the member's requests, alone or as a pair.
    const dep = await insertDeposit(server.db, m.id, { amount: '10000' });
    for (const by of [a.client, b.client]) {
      const r = await approveDeposit(by, dep);
      expect(r.status).toBe(403);
      expect(r.body.error?.message).toMatch(/계정 재설정이나 복구에 참여한 관리자는/);
    }
    // The desk shows it on the row.
    const row = await queueRowOf(c.client, dep);
    expect(row.recovered_at).not.toBeNull();
    // An administrator who took no part approves.
    expect((await approveDeposit(c.client, dep)).status).toBe(200);
  });

  it('the refusal lasts 30 days, not one: a recovery sent 10 days ago still counts, one of 31 days does not', async () => {
    const [recent, old] = [await memberClient(server.url), await memberClient(server.url)];
    for (const [m, days] of [
      [recent, 10],
      [old, 31],
    ] as const) {
      await server.db.query(
        `INSERT INTO audit_log (actor_id, actor_username, action, target_type, target_id, after, created_at)
         VALUES ($1, 'a', 'member.recovery.send', 'member', $2, '{}'::jsonb, now() - make_interval(days => $3))`,
        [a.id, m.id, days],
      );
    }
    const depRecent = await insertDeposit(server.db, recent.id, { amount: '10000' });
    const depOld = await insertDeposit(server.db, old.id, { amount: '10000' });
    expect((await approveDeposit(a.client, depRecent)).status).toBe(403);
    expect((await queueRowOf(b.client, depRecent)).recovered_at).not.toBeNull();
    expect((await queueRowOf(b.client, depOld)).recovered_at).toBeNull();
    expect((await approveDeposit(a.client, depOld)).status).toBe(200);
  });

  it('an id typed in capitals names the same member: the OTP reset through it still bars its administrator, and one’s own balances stay out of reach', async () => {
    const m = await memberClient(server.url);
    await enrolTotp(m.client);
    const upper = m.id.toUpperCase();
    expect(upper).not.toBe(m.id);
    const reset = await a.client.post(`/api/admin/members/${upper}/totp-reset`, {});
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.data.member_id).toBe(m.id);
    const audit = await server.db.query<{ target_id: string }>(
      `SELECT target_id FROM audit_log WHERE action = 'member.totp.reset' AND lower(target_id) = $1`,
      [m.id],
    );
    expect(audit.map((r) => r.target_id)).toEqual([m.id]);
    const dep = await insertDeposit(server.db, m.id, { amount: '10000' });
    const r = await approveDeposit(a.client, dep);
    expect(r.status).toBe(403);
    expect(r.body.error?.message).toMatch(/계정 재설정이나 복구에 참여한 관리자는/);
    expect((await queueRowOf(b.client, dep)).recovered_at).not.toBeNull();

    const own = await a.client.post(`/api/admin/members/${a.id.toUpperCase()}/adjustments`, {
      currency: 'KRW',
      delta: '1000',
      reason: '대문자 아이디',
    });
    expect(own.status).toBe(403);
    expect(own.body.error?.message).toBe(MSG.guards.ownRequest);
    const proposals = await server.db.query(
      'SELECT 1 FROM admin_proposals WHERE lower(member_id::text) = $1',
      [a.id],
    );
    expect(proposals).toHaveLength(0);
  });

  it('an administrator’s reset of a member’s one-time codes holds the member’s withdrawals, as a reset of a secret does', async () => {
    const m = await memberClient(server.url);
    const to = await memberClient(server.url);
    await adjustBalance(server.db, m.id, 'USDT', '100');
    await enrolTotp(m.client);
    expect((await a.client.post(`/api/admin/members/${m.id}/totp-reset`, {})).status).toBe(200);
    // Whoever holds the password and the second password would now send without a code: not yet.
    const t = await m.client.post('/api/withdrawals/crypto', {
      currency: 'USDT',
      amount: '5',
      method: 'internal',
      recipient_id: to.creds.username,
      second_password: m.client.secondPassword,
    });
    expect(t.status, JSON.stringify(t.body)).toBe(400);
    expect(t.body.error?.message).toMatch(
      /비밀번호나 OTP가 재설정되어 보안을 위해 .+까지 출금과 회원 간 전송이 제한돼요/,
    );
    expect((await available(m.client, 'USDT')).held).toBe('0');
  });

  it('parallel: of 50 approvals by the administrators who took part, none applies', async () => {
    const m = await memberClient(server.url);
    const proposed = await a.client.post(`/api/admin/members/${m.id}/recovery`, {
      secret: 'second_password',
    });
    expect((await confirmAs(b.client, proposed.body.data.proposal.id)).status).toBe(200);
    const dep = await insertDeposit(server.db, m.id, { amount: '10000' });
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => approveDeposit(i % 2 ? a.client : b.client, dep)),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(50).fill(403));
    const [row] = await server.db.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [
      dep,
    ]);
    expect(row!.status).toBe('pending');
  });
});

describe('notices', () => {
  const memberNotices = async () =>
    (await (await memberClient(server.url)).client.get('/api/notices')).body.data.items.map(
      (n: { title: string; body: string }) => `${n.title}|${n.body}`,
    );

  it('one administrator alone puts no account number in front of members; a second one who reads it does', async () => {
    const title = `[중요] 원화 입금 계좌 변경 안내 ${Date.now()}`;
    const body = '앞으로 원화는 국민은행 123456-01-234567 (홍길동) 으로 보내주세요.';
    const r = await a.client.post('/api/admin/notices', { title, body, published: true });
    expect(r.status).toBe(202);
    expect(r.body.data.proposal.lines).toEqual(expect.arrayContaining([T.noticeTitleLine(title)]));
    expect(r.body.data.proposal.lines.join('\n')).toContain('123456-01-234567');
    expect(await memberNotices()).not.toContain(`${title}|${body}`);
    expect((await confirmAs(b.client, r.body.data.proposal.id)).status).toBe(201);
    expect(await memberNotices()).toContain(`${title}|${body}`);

    // Changing a published notice is a proposal too; members keep seeing the confirmed text meanwhile.
    const [n] = await server.db.query<{ id: string }>('SELECT id FROM notices WHERE title = $1', [title]);
    const edit = await a.client.call('PUT', `/api/admin/notices/${n!.id}`, {
      title,
      body: '신한은행 110-999-888777 로 보내주세요.',
      published: true,
    });
    expect(edit.status).toBe(202);
    expect(await memberNotices()).toContain(`${title}|${body}`);
    // A draft (members see nothing) is one administrator's.
    const draft = await a.client.post('/api/admin/notices', {
      title: `초안 ${title}`,
      body,
      published: false,
    });
    expect(draft.status).toBe(201);
  });
});

describe('bytes', () => {
  const send = (path: string, body: Uint8Array | string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : new Blob([new Uint8Array(body)]),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));

  it('a body that is not valid UTF-8 is a Korean 400 and changes nothing', async () => {
    const creds = newMemberCreds();
    const json = JSON.stringify(signupBody({ ...creds, fullName: '홍길동X' }));
    for (const bad of [[0xed, 0xa0, 0x80], [0xc0, 0x80], [0xff]]) {
      const [head, tail] = json.split('X') as [string, string];
      const bytes = Buffer.concat([Buffer.from(head), Buffer.from(bad), Buffer.from(tail)]);
      const r = await send('/api/signup', bytes);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.message).toBe(MSG.common.invalidUtf8);
    }
    const rows = await server.db.query('SELECT 1 FROM members WHERE username = $1', [creds.username]);
    expect(rows).toHaveLength(0);
    // The same body in valid UTF-8 is taken.
    expect((await send('/api/signup', json)).status).toBe(201);
  });

  it('names, account holders and labels take no variation selector or emoji modifier', async () => {
    const m = await memberClient(server.url);
    for (const mark of ['\uFE0F', '\uFE0E', '\uFE01', '\u{E0100}', '\u{1F3FB}']) {
      const name = `홍길동${mark}`;
      const signup = await new Client(server.url).post(
        '/api/signup',
        signupBody({ ...newMemberCreds(), fullName: name }),
      );
      const holder = await a.client.call('PUT', `/api/admin/members/${m.id}/bank-account`, {
        bank_name: '국민은행',
        account_number: '123456-01-234567',
        account_holder: name,
      });
      const label = await m.client.post('/api/withdrawal-addresses', {
        currency: 'XRP',
        address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
        label: name,
        second_password: m.creds.pin,
      });
      for (const r of [signup, holder, label]) {
        expect(r.status, JSON.stringify(r.body)).toBe(400);
        expect(r.body.error?.message).toBe(MSG.common.controlChars);
      }
    }
    const [row] = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bank_accounts WHERE member_id = $1',
      [m.id],
    );
    expect(row!.n).toBe(0);
  });

  it('a request without Origin whose Referer is foreign is refused like a foreign Origin', async () => {
    const body = JSON.stringify({ email: 'nobody_here', password: 'passw0rd123' });
    const foreign = await send('/api/login', body, { referer: 'https://evil.example/page' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.message).toBe(MSG.common.forbiddenOrigin);
    const own = await send('/api/login', body, { referer: `${server.url}/login` });
    expect(own.status).toBe(401);
  });
});
