import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { fund } from '../support/admin-fixtures';
import { memberClient } from '../support/client';
import { fileAdmin, fileChecker, fileServer } from '../support/fixture';
import { confirmAs } from '../support/four-eyes';

// A member's won goes to their verified bank account: one administrator cannot redirect it, and won to an
// account changed in the last 24 h needs a second administrator (decision 0370).
const G = MSG.guards;
const server = fileServer();
const a = fileAdmin(server);
const b = fileChecker(server);

const OWN = { bank_name: '신한은행', account_number: '110-123-456789', account_holder: '홍길동' };
const THIEF = { bank_name: '국민은행', account_number: '999-888-777666', account_holder: '홍길동' };
const account = async (id: string) =>
  (
    await server.db.query<{ account_number: string; is_verified: boolean }>(
      'SELECT account_number, is_verified FROM bank_accounts WHERE member_id = $1',
      [id],
    )
  )[0];

describe('a member’s bank account', () => {
  it('saving it verified or verifying it is a proposal; unverified saves stay one step', async () => {
    const v = await memberClient(server.url);
    const url = `/api/admin/members/${v.id}/bank-account`;
    const put = await a.client.call('PUT', url, { ...OWN, is_verified: true });
    expect(put.status).toBe(202);
    expect(put.body.data.proposal.kind).toBe('bank_account.save');
    expect(await account(v.id)).toBeUndefined();
    expect((await confirmAs(b.client, put.body.data.proposal.id)).status).toBe(200);
    expect(await account(v.id)).toEqual({ account_number: OWN.account_number, is_verified: true });

    // Redirecting a member's won: replaced and verified by one administrator → a proposal, nothing changed.
    const redirect = await a.client.call('PUT', url, { ...THIEF, is_verified: true });
    expect(redirect.status).toBe(202);
    expect(await account(v.id)).toEqual({ account_number: OWN.account_number, is_verified: true });
    // Saved unverified: applied at once, and verifying it is a proposal again.
    const plain = await a.client.call('PUT', url, { ...THIEF, is_verified: false });
    expect(plain.status).toBe(200);
    const verify = await a.client.call('PATCH', url, { is_verified: true });
    expect(verify.status).toBe(202);
    expect(verify.body.data.proposal.kind).toBe('bank_account.verify');
    // The pending redirect was about the verified account: it changed since, so it is refused.
    const stale = await confirmAs(b.client, redirect.body.data.proposal.id);
    expect(stale.status).toBe(409);
    expect(stale.body.error?.message).toBe(G.bankAccountChanged);
  });

  it('an administrator changes nothing of their own account', async () => {
    const r = await a.client.call('PUT', `/api/admin/members/${a.id}/bank-account`, {
      ...OWN,
      is_verified: true,
    });
    expect(r.status).toBe(403);
    expect(r.body.error?.message).toBe(G.ownBankAccount);
    expect((await a.client.call('DELETE', `/api/admin/members/${a.id}/bank-account`)).status).toBe(403);
  });

  it('won to an account changed in the last 24 h needs a second administrator whatever the amount', async () => {
    const v = await memberClient(server.url);
    v.client.ownAccount = null;
    const url = `/api/admin/members/${v.id}/bank-account`;
    const p = await a.client.call('PUT', url, { ...OWN, is_verified: true });
    expect((await confirmAs(b.client, p.body.data.proposal.id)).status).toBe(200);
    await fund(server.db, v.id, { KRW: '90000' });
    const w = await v.client.post('/api/withdrawals/krw', { amount: '90000' });
    expect(w.status).toBe(201);
    const r = await a.client.post(`/api/admin/withdrawals/${w.body.data.id}/approve`, {});
    expect(r.status).toBe(202);
    expect(r.body.data.proposal.lines).toContain(G.recentBankAccountLine);
  });
});
