import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { newErc20Address as erc20Address } from '../support/addresses';
import { adminClient, Client, loginFully, memberClient } from '../support/client';
import { fileAdmin, fileChecker, fileServer } from '../support/fixture';
import { confirmAs } from '../support/four-eyes';

// What decides where money lands or who may move it is changed by two administrators: deposit addresses,
// other administrators' credentials, daily withdrawal limits. The audit names both.
const P = MSG.proposals;
const server = fileServer();
const a = fileAdmin(server);
const b = fileChecker(server);

const lastAudit = async (memberId: string, action: string) => {
  const [r] = await server.db.query<{ after: Record<string, unknown> }>(
    `SELECT after FROM audit_log WHERE target_id = $1 AND action = $2 ORDER BY id DESC LIMIT 1`,
    [memberId, action],
  );
  return r;
};

describe('deposit addresses', () => {
  it('assigning one is a proposal; nothing is assigned until another administrator confirms', async () => {
    const m = await memberClient(server.url);
    const address = erc20Address();
    const url = `/api/admin/members/${m.id}/deposit-address`;
    const r = await a.client.call('PUT', url, { deposit_address: address, network: 'ERC20' });
    expect(r.status).toBe(202);
    expect(r.body.data.proposal).toMatchObject({ kind: 'deposit_address.set' });
    expect(r.body.data.proposal.lines).toEqual([P.addressSetLine('ERC20', null, address)]);
    expect(
      await server.db.query('SELECT 1 FROM member_deposit_addresses WHERE member_id = $1', [m.id]),
    ).toHaveLength(0);
    const ok = await confirmAs(b.client, r.body.data.proposal.id);
    expect(ok.status).toBe(200);
    expect(ok.body.data.result).toEqual({ network: 'ERC20', deposit_address: address });
    expect(await lastAudit(m.id, 'member.deposit_address.set')).toMatchObject({
      after: { approval: { proposed_by: a.creds.username, confirmed_by: b.creds.username } },
    });
    // The same address again changes nothing and needs nobody; removing it is a proposal again.
    expect((await a.client.call('PUT', url, { deposit_address: address, network: 'ERC20' })).status).toBe(
      200,
    );
    expect((await a.client.call('DELETE', `${url}?network=ERC20`)).status).toBe(202);
  });
});

describe('another administrator’s credentials', () => {
  it('a password reset waits for a third administrator: the target keeps signing in, cannot confirm it', async () => {
    const target = await adminClient(server.url, server.db);
    const r = await a.client.post(`/api/admin/members/${target.id}/password`, {
      new_password: 'newpassw0rd9',
      confirm_password: 'newpassw0rd9',
    });
    expect(r.status).toBe(202);
    expect(r.body.data.proposal.kind).toBe('password.reset');
    expect(JSON.stringify(r.body.data.proposal)).not.toContain('newpassw0rd9');
    // The target's session is untouched until the reset is confirmed; they cannot confirm it themselves.
    expect((await target.client.get('/api/admin/proposals')).status).toBe(200);
    const own = await confirmAs(target.client, r.body.data.proposal.id);
    expect(own.status).toBe(403);
    expect(own.body.error?.message).toBe(P.aboutYou);
    const ok = await confirmAs(b.client, r.body.data.proposal.id);
    expect(ok.status).toBe(200);
    expect(ok.body.data.result.sessionsEnded).toBeGreaterThanOrEqual(1);
    expect((await target.client.get('/api/admin/proposals')).status).toBe(401);
    const again = new Client(server.url);
    await loginFully(again, { ...target.creds, password: 'newpassw0rd9' });
    const [hash] = await server.db.query<{ secret_hash: string | null }>(
      'SELECT secret_hash FROM admin_proposals WHERE id = $1',
      [r.body.data.proposal.id],
    );
    expect(hash?.secret_hash).toBeNull();
  });

  it('a member’s second password is set by no administrator, alone or with another', async () => {
    const m = await memberClient(server.url);
    const r = await a.client.post(`/api/admin/members/${m.id}/second-password`, {
      new_second_password: '135790',
      confirm_second_password: '135790',
    });
    expect(r.status).toBe(403);
    expect(r.body.error?.message).toBe(MSG.accountTrust.memberSecretRefused);
  });
});

describe('daily withdrawal limits', () => {
  it('a change is a proposal, applied by the other administrator', async () => {
    const m = await memberClient(server.url);
    const url = `/api/admin/members/${m.id}/withdrawal-limits`;
    const r = await a.client.call('PUT', url, { crypto_krw: '1000000', krw: null });
    expect(r.status).toBe(202);
    expect((await a.client.get(url)).body.data.crypto_krw).toBeNull();
    expect((await confirmAs(b.client, r.body.data.proposal.id)).status).toBe(200);
    expect((await a.client.get(url)).body.data.crypto_krw).toBe('1000000');
  });
});

describe('step-up', () => {
  it('a confirmation with a wrong code is refused and applies nothing', async () => {
    const m = await memberClient(server.url);
    const r = await a.client.call('PUT', `/api/admin/members/${m.id}/withdrawal-limits`, {
      crypto_krw: '5000000',
      krw: null,
    });
    const bad = await b.client.post(`/api/admin/proposals/${r.body.data.proposal.id}/confirm`, {
      otpCode: '000000',
    });
    expect(bad.status).toBe(400);
    const [row] = await server.db.query<{ status: string }>(
      'SELECT status FROM admin_proposals WHERE id = $1',
      [r.body.data.proposal.id],
    );
    expect(row?.status).toBe('pending');
  });
});
