import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { adminClient, memberClient } from '../support/client';
import { fileAdmin, fileChecker, fileServer } from '../support/fixture';
import { confirmAs, secondAdmin } from '../support/four-eyes';
import { loginCode } from '../support/totp';

// Where every member's won lands (the receiving account) and another administrator's one-time code are
// changed by two administrators; the audit names both, and parallel requests apply once.
const D = MSG.deskRecords;
const P = MSG.proposals;
const onPg = Boolean(process.env.DATABASE_URL);
// The receiving account is one setting for the whole service: a database of this file's own, so another
// file setting it in parallel cannot change it between a proposal and its confirmation.
const server = fileServer({}, { ownDatabase: true });
const a = fileAdmin(server);
const b = fileChecker(server);

const account = (n: number) => ({
  bank_name: '우리은행',
  account_number: `1005-123-${String(100000 + n)}`,
  account_holder: '(주)월렛',
});
const current = async () =>
  (
    await server.db.query<{ account_number: string }>('SELECT account_number FROM service_receiving_account')
  )[0]?.account_number ?? null;
const totpRows = async (id: string) =>
  (await server.db.query('SELECT 1 FROM member_totp WHERE member_id = $1', [id])).length;

describe('the receiving account', () => {
  it('one administrator alone cannot set it; a second with a fresh code confirms; the audit names both', async () => {
    const before = await current();
    const r = await a.client.call('PUT', '/api/admin/receiving-account', account(1));
    expect(r.status).toBe(202);
    expect(r.body.data.proposal.kind).toBe('receiving_account.set');
    expect(r.body.data.proposal.lines[0]).toContain('1005-123-100001');
    expect(await current()).toBe(before);
    // The proposer cannot confirm it, and a confirmation without a code is refused.
    expect((await confirmAs(a.client, r.body.data.proposal.id)).status).toBe(403);
    const noCode = await b.client.post(`/api/admin/proposals/${r.body.data.proposal.id}/confirm`, {});
    expect(noCode.status).toBeGreaterThanOrEqual(400);
    expect(await current()).toBe(before);
    const ok = await confirmAs(b.client, r.body.data.proposal.id);
    expect(ok.status).toBe(200);
    expect(await current()).toBe('1005-123-100001');
    const [audit] = await server.db.query<{ after: Record<string, unknown> }>(
      `SELECT after FROM audit_log WHERE action = 'settings.receiving_account.set' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit?.after).toMatchObject({
      account_number: '1005-123-100001',
      approval: { proposed_by: a.creds.username, confirmed_by: b.creds.username },
    });
    // The same account again changes nothing and needs nobody.
    expect((await a.client.call('PUT', '/api/admin/receiving-account', account(1))).status).toBe(200);
  });

  it('50 parallel proposals: each waits; of two confirmed, the second is refused (the account changed)', async () => {
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        a.client.call('PUT', '/api/admin/receiving-account', account(200 + i)),
      ),
    );
    expect(replies.every((r) => r.status === 202)).toBe(true);
    const [first, second] = replies.map((r) => r.body.data.proposal.id as string);
    expect((await confirmAs(b.client, first!)).status).toBe(200);
    const stale = await confirmAs(b.client, second!);
    expect(stale.status).toBe(409);
    expect(stale.body.error?.message).toBe(D.proposals.receivingChanged);
    expect(await current()).toBe(account(200).account_number);
  });

  it('members cannot propose it', async () => {
    const m = await memberClient(server.url);
    expect((await m.client.call('PUT', '/api/admin/receiving-account', account(9))).status).toBe(403);
  });
});

describe('another administrator’s OTP', () => {
  it('one administrator alone cannot reset it; a second confirms; the target cannot; the audit names both', async () => {
    const target = await adminClient(server.url, server.db);
    expect(await totpRows(target.id)).toBe(1);
    const r = await a.client.post(`/api/admin/members/${target.id}/totp-reset`, {});
    expect(r.status).toBe(202);
    expect(r.body.data.proposal).toMatchObject({
      kind: 'totp.reset',
      lines: [D.proposals.otpLine(target.creds.username)],
    });
    expect(await totpRows(target.id)).toBe(1);
    const own = await confirmAs(target.client, r.body.data.proposal.id);
    expect(own.status).toBe(403);
    expect(own.body.error?.message).toBe(P.aboutYou);
    const ok = await confirmAs(b.client, r.body.data.proposal.id);
    expect(ok.status).toBe(200);
    expect(await totpRows(target.id)).toBe(0);
    const [audit] = await server.db.query<{ actor_id: string; after: Record<string, unknown> }>(
      `SELECT actor_id::text, after FROM audit_log WHERE action = 'member.totp.reset' AND target_id = $1`,
      [target.id],
    );
    expect(audit?.after).toMatchObject({
      totp: false,
      approval: { proposed_by: a.creds.username, confirmed_by: b.creds.username },
    });
    // Nothing left to reset: refused at once, in Korean.
    const again = await a.client.post(`/api/admin/members/${target.id}/totp-reset`, {});
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(D.security.otpNotEnrolled);
  });

  it('one’s own OTP is not reset here; a bad id is not found; members cannot', async () => {
    const own = await a.client.post(`/api/admin/members/${a.id}/totp-reset`, {});
    expect(own.status).toBe(403);
    expect(own.body.error?.message).toBe(D.security.otpOwn);
    expect((await a.client.post('/api/admin/members/nope/totp-reset', {})).status).toBe(404);
    const m = await memberClient(server.url);
    expect((await m.client.post(`/api/admin/members/${a.id}/totp-reset`, {})).status).toBe(403);
  });

  it('an administrator without OTP can neither propose nor confirm', async () => {
    const target = await adminClient(server.url, server.db);
    const plain = await adminClient(server.url, server.db);
    await server.db.query('DELETE FROM member_totp_recovery WHERE member_id = $1', [plain.id]);
    await server.db.query('DELETE FROM member_totp WHERE member_id = $1', [plain.id]);
    expect((await plain.client.post(`/api/admin/members/${target.id}/totp-reset`, {})).status).toBe(403);
    const r = await a.client.post(`/api/admin/members/${target.id}/totp-reset`, {});
    expect(r.status).toBe(202);
    const by = await plain.client.post(`/api/admin/proposals/${r.body.data.proposal.id}/confirm`, {});
    expect(by.status).toBe(403);
    expect(await totpRows(target.id)).toBe(1);
  });

  it.runIf(onPg)('50 parallel proposals confirmed in parallel: the reset applies once', async () => {
    const target = await adminClient(server.url, server.db);
    const c = await secondAdmin(server.url, server.db);
    const proposed = await Promise.all(
      Array.from({ length: 50 }, () => a.client.post(`/api/admin/members/${target.id}/totp-reset`, {})),
    );
    expect(proposed.every((r) => r.status === 202)).toBe(true);
    const codes = new Map([
      [b.client, await loginCode(b.creds)],
      [c.client, await loginCode(c.creds)],
    ]);
    const replies = await Promise.all(
      proposed.map((p, i) => {
        const by = i % 2 ? b.client : c.client;
        return by.post(`/api/admin/proposals/${p.body.data.proposal.id}/confirm`, { otpCode: codes.get(by) });
      }),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) expect([400, 409, 429]).toContain(r.status);
    const entries = await server.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'member.totp.reset' AND target_id = $1`,
      [target.id],
    );
    expect(entries).toHaveLength(1);
    expect(await totpRows(target.id)).toBe(0);
  });
});
