import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { fund, insertDeposit, insertWithdrawal } from '../support/admin-fixtures';
import { adminClient, type Client, memberClient } from '../support/client';
import { fileAdmin, fileChecker, fileServer } from '../support/fixture';
import { confirmAs } from '../support/four-eyes';
import { enrolTotp } from '../support/totp';

// One administrator alone cannot take over a member, promote an account they control, release their own
// money or remove another administrator (decision 0370). Each case is one way an administrator could otherwise act alone.
const G = MSG.guards;
const server = fileServer();
const a = fileAdmin(server);
const b = fileChecker(server);

const isAdmin = async (id: string) =>
  (await server.db.query<{ a: boolean }>('SELECT is_admin AS a FROM members WHERE id = $1', [id]))[0]?.a;
const resetPassword = (by: Client, id: string, pw = 'owned12345') =>
  by.post(`/api/admin/members/${id}/password`, { new_password: pw, confirm_password: pw });
const resetPin = (by: Client, id: string) =>
  by.post(`/api/admin/members/${id}/second-password`, {
    new_second_password: '1111',
    confirm_second_password: '1111',
  });

describe('granting the administrator role', () => {
  it('the proposer cannot reset the member while the grant waits, and a reset member is not promoted', async () => {
    const x = await memberClient(server.url);
    await enrolTotp(x.client);
    const g = await a.client.post(`/api/admin/members/${x.id}/admin-role`, { admin: true });
    expect(g.status).toBe(202);
    // A member's secrets are never an administrator's to set (decision 0400).
    for (const r of [await resetPassword(a.client, x.id), await resetPin(a.client, x.id)]) {
      expect(r.status).toBe(403);
      expect(r.body.error?.message).toBe(MSG.accountTrust.memberSecretRefused);
    }
    // The member's own secrets still sign in; the grant applies with B's confirmation.
    expect((await confirmAs(b.client, g.body.data.proposal.id)).status).toBe(200);
    expect(await isAdmin(x.id)).toBe(true);

    // A member whose account was reset recently (the sign-in log keeps it) is refused.
    const y = await memberClient(server.url);
    await server.db.query(
      `INSERT INTO auth_events (member_id, kind, success, actor_id) VALUES ($1, 'admin_password_reset', true, $2)`,
      [y.id, a.id],
    );
    await enrolTotp(y.client);
    const g2 = await a.client.post(`/api/admin/members/${y.id}/admin-role`, { admin: true });
    expect(g2.status).toBe(409);
    expect(g2.body.error?.message).toMatch(/최근 30일 안에 관리자가 이 회원의 비밀번호를 바꾸었습니다/);
  });

  it('a grant whose member’s secrets changed after proposing is refused at confirmation', async () => {
    const x = await memberClient(server.url);
    await enrolTotp(x.client);
    const g = await a.client.post(`/api/admin/members/${x.id}/admin-role`, { admin: true });
    expect(g.status).toBe(202);
    // Re-enrolling the one-time code (or any secret changed by other means) changes the basis.
    await server.db.query(`UPDATE member_totp SET confirmed_at = now() WHERE member_id = $1`, [x.id]);
    const c = await confirmAs(b.client, g.body.data.proposal.id);
    expect(c.status).toBe(409);
    expect(c.body.error?.message).toBe(G.grantCredentialsChanged);
    expect(await isAdmin(x.id)).toBe(false);
  });
});

describe('after a member’s account is recovered', () => {
  it('the member withdraws nothing for the hold, and the administrator who sent the recovery approves none of their requests', async () => {
    const v = await memberClient(server.url);
    const accomplice = await memberClient(server.url);
    await fund(server.db, v.id, { USDT: '6000', KRW: '1000000' });
    const dep = await insertDeposit(server.db, v.id, { amount: '10000' });
    const pending = await insertWithdrawal(server.db, v.id, { currency: 'USDT', amount: '10' });
    await server.db.query(
      `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder, is_verified)
       VALUES ($1, '신한은행', '110-123-456789', '홍길동', true)`,
      [v.id],
    );
    // A sent the member a recovery (as the two-person proposal records it) and the member used it.
    await server.db.query(
      `INSERT INTO audit_log (actor_id, actor_username, action, target_type, target_id, after)
       VALUES ($1, 'a', 'member.recovery.send', 'member', $2, '{}'::jsonb)`,
      [a.id, v.id],
    );
    await server.db.query(
      `INSERT INTO auth_events (member_id, kind, success) VALUES ($1, 'password_recovery', true)`,
      [v.id],
    );
    const asV = v.client;
    const t = await asV.post('/api/withdrawals/crypto', {
      currency: 'USDT',
      amount: '5000',
      method: 'internal',
      recipient_id: accomplice.creds.username,
    });
    expect(t.status, JSON.stringify(t.body)).toBe(400);
    expect(t.body.error?.message).toMatch(
      /비밀번호나 OTP가 재설정되어 보안을 위해 .+까지 출금과 회원 간 전송이 제한돼요/,
    );
    const k = await asV.post('/api/withdrawals/krw', { amount: '10000' });
    expect(k.body.error?.message).toBe(t.body.error?.message);
    for (const path of [`/api/admin/deposits/${dep}/approve`, `/api/admin/withdrawals/${pending}/approve`]) {
      const r = await a.client.post(path, {});
      expect(r.status).toBe(403);
      expect(r.body.error?.message).toMatch(
        /복구에 참여한 관리자는 .+까지 이 회원의 요청을 승인할 수 없습니다/,
      );
      expect((await b.client.post(path, {})).status).toBe(200);
    }
  });
});

describe('an administrator’s own money and other administrators', () => {
  it('no administrator approves their own deposit, withdrawal or a transfer to them, nor adjusts their own balance', async () => {
    await fund(server.db, a.id, { USDT: '100' });
    const dep = await insertDeposit(server.db, a.id, { amount: '9999999' });
    const w = await insertWithdrawal(server.db, a.id, { currency: 'USDT', amount: '50' });
    const sender = await memberClient(server.url);
    await fund(server.db, sender.id, { USDT: '20' });
    const toA = await insertWithdrawal(server.db, sender.id, {
      currency: 'USDT',
      amount: '20',
      recipientMemberId: a.id,
    });
    for (const path of [
      `/api/admin/deposits/${dep}/approve`,
      `/api/admin/withdrawals/${w}/approve`,
      `/api/admin/withdrawals/${toA}/approve`,
    ]) {
      const r = await a.client.post(path, {});
      expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(403);
      expect(r.body.error?.message).toBe(G.ownRequest);
    }
    const adj = await a.client.post(`/api/admin/members/${a.id}/adjustments`, {
      currency: 'KRW',
      delta: '+1000',
      reason: '정산 보정',
    });
    expect(adj.status).toBe(403);
    const edit = await a.client.call('PUT', `/api/admin/members/${a.id}/balances`, { krw: '5000' });
    expect(edit.status).toBe(403);
    // Another administrator decides them as usual.
    expect((await b.client.post(`/api/admin/deposits/${dep}/approve`, {})).status).toBe(200);
  });

  it('closing another administrator’s account is refused: the role is revoked first, by two', async () => {
    const c = await adminClient(server.url, server.db);
    const r = await a.client.post(`/api/admin/members/${c.id}/close`, {});
    expect(r.status).toBe(409);
    expect(r.body.error?.message).toBe(G.closeAdmin);
    expect(await isAdmin(c.id)).toBe(true);
    expect((await c.client.get('/api/admin/proposals')).status).toBe(200);
  });
});
