import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/server/wallet/ledger';
import { MSG } from '../../src/shared/messages';
import { fund, insertWithdrawal } from '../support/admin-fixtures';
import { Client, loginFully, memberClient } from '../support/client';
import { proposeAndConfirm } from '../support/four-eyes';
import { fourEyesFile } from '../support/four-eyes-file';

// Two-person approval of balance edits, locks and payouts: a proposal until a different administrator
// confirms it (tests/support/four-eyes-file.ts).
const P = MSG.proposals;
const { server, a, b, balancesUrl, balanceOf, statusOf, confirm, cancel, auditOf } = fourEyesFile();

describe('a balance edit is a proposal until a different administrator confirms it', () => {
  it('proposes without changing anything, lists it, refuses the proposer, applies once for the other', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { KRW: '1000' });
    const proposed = await a.client.call('PUT', balancesUrl(m.id), { krw: '5000', eth: '0.5' });
    expect(proposed.status).toBe(202);
    expect(proposed.body.data.message).toBe(P.proposed);
    const p = proposed.body.data.proposal;
    expect(p).toMatchObject({
      kind: 'balances.set',
      status: 'pending',
      member_id: m.id,
      payload: { KRW: '5000', ETH: '0.5' },
      basis: { KRW: '1000', ETH: '0' },
      proposed_by_username: a.creds.username,
      mine: true,
    });
    // The edit's changes, then the 24 h totals it was weighed against (as an adjustment's, decision 0370).
    expect(p.lines).toEqual([
      P.balanceLine('KRW', '1,000', '5,000'),
      P.balanceLine('ETH', '0', '0.5'),
      expect.stringMatching(/^최근 24시간 누계: /),
    ]);
    expect(await balanceOf(m.id, 'KRW')).toBe('1000');

    const listB = await b.client.get('/api/admin/proposals');
    const seen = listB.body.data.pending.find((x: { id: string }) => x.id === p.id);
    expect(seen).toMatchObject({ mine: false, status: 'pending' });
    expect(Date.parse(seen.expires_at) - Date.parse(seen.created_at)).toBe(24 * 3600 * 1000);

    // The proposer, in this session or in a second one, cannot confirm.
    const self = await confirm(a.client, p.id);
    expect(self.status).toBe(403);
    expect(self.body.error?.message).toBe(P.selfConfirm);
    const second = new Client(server.url);
    await loginFully(second, a.creds);
    second.otp = a.creds;
    expect((await confirm(second, p.id)).body.error?.message).toBe(P.selfConfirm);
    expect(await balanceOf(m.id, 'KRW')).toBe('1000');

    const ok = await confirm(b.client, p.id);
    expect(ok.status).toBe(200);
    expect(ok.body.data.proposal).toMatchObject({ status: 'applied', decided_by_username: b.creds.username });
    expect(ok.body.data.result.changes).toHaveLength(2);
    expect(await balanceOf(m.id, 'KRW')).toBe('5000');
    expect(await balanceOf(m.id, 'ETH')).toBe('0.5');
    const [entry] = await auditOf(m.id);
    expect(entry).toMatchObject({
      action: 'member.balances.set',
      actor_username: a.creds.username,
      after: {
        KRW: '5000',
        approval: { proposal_id: p.id, proposed_by: a.creds.username, confirmed_by: b.creds.username },
      },
    });

    const again = await confirm(b.client, p.id);
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(P.alreadyApplied);
    expect((await cancel(a.client, p.id)).body.error?.message).toBe(P.alreadyApplied);
    expect((await verifyLedger(server.db)).ok).toBe(true);
  });

  it('a balance edit that changes nothing needs no second administrator', async () => {
    const m = await memberClient(server.url);
    const r = await a.client.call('PUT', balancesUrl(m.id), { krw: '0' });
    expect(r.status).toBe(200);
    expect(r.body.data.changes).toEqual([]);
  });

  it('the proposer withdraws it or the other refuses it (with a reason); then it cannot be confirmed', async () => {
    const m = await memberClient(server.url);
    for (const canceller of [a, b]) {
      const p = (await a.client.call('PUT', balancesUrl(m.id), { xrp: '7' })).body.data.proposal;
      const c = await cancel(canceller.client, p.id, canceller === b ? '근거 서류 없음' : undefined);
      expect(c.status).toBe(200);
      expect(c.body.data.proposal).toMatchObject({
        status: 'cancelled',
        decided_by_username: canceller.creds.username,
      });
      const late = await confirm(b.client, p.id);
      expect(late.status).toBe(409);
      expect(late.body.error?.message).toBe(P.alreadyCancelled);
      expect(await statusOf(p.id)).toBe('cancelled');
    }
    expect(await balanceOf(m.id, 'XRP')).toBe('0');
  });

  it('refuses to confirm when the balances changed after the proposal (stale basis), changing nothing', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { USDT: '10' });
    const p = (await a.client.call('PUT', balancesUrl(m.id), { usdt: '25' })).body.data.proposal;
    await fund(server.db, m.id, { USDT: '5' });
    const r = await confirm(b.client, p.id);
    expect(r.status).toBe(409);
    expect(r.body.error?.message).toBe(P.staleBalances(P.staleBalanceItem('USDT', '10', '15')));
    expect(await balanceOf(m.id, 'USDT')).toBe('15');
    expect(await statusOf(p.id)).toBe('pending');
  });

  it('concurrent proposals from the same balance: each confirmation applies or is refused as stale', async () => {
    const m = await memberClient(server.url);
    const replies = await Promise.all(
      ['1', '2', '3', '4'].map((v) =>
        proposeAndConfirm(a.client, b.client, 'PUT', balancesUrl(m.id), { eth: v }),
      ),
    );
    const applied = replies.filter((r) => r.status === 200);
    expect(applied.length).toBeGreaterThanOrEqual(1);
    for (const r of replies.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.error?.message).toMatch(/^제안 이후 잔액이 바뀌어/);
    }
    // Every applied edit started from the balance the previous one left: one ledger entry each.
    const entries = await server.db.query(
      `SELECT 1 FROM ledger_entries WHERE member_id = $1 AND kind = 'admin_adjustment'`,
      [m.id],
    );
    expect(entries).toHaveLength(applied.length);
    expect((await verifyLedger(server.db)).ok).toBe(true);
  });

  it('proposals are permanent: never deleted, a decided one never changes', async () => {
    const m = await memberClient(server.url);
    const p = (await a.client.call('PUT', balancesUrl(m.id), { krw: '1' })).body.data.proposal;
    await expect(server.db.query('DELETE FROM admin_proposals WHERE id = $1', [p.id])).rejects.toThrow(
      /permanent record/,
    );
    await expect(
      server.db.query(`UPDATE admin_proposals SET payload = '{"KRW":"999"}' WHERE id = $1`, [p.id]),
    ).rejects.toThrow(/only a pending proposal/);
    await cancel(a.client, p.id);
    await expect(
      server.db.query(`UPDATE admin_proposals SET status = 'pending', decided_at = NULL WHERE id = $1`, [
        p.id,
      ]),
    ).rejects.toThrow(/only a pending proposal/);
  });
});

describe('locks are proposals too', () => {
  it('create, update, delete each wait for the second administrator; a lock changed meanwhile is refused', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { USDT: '100' });
    const url = `/api/admin/members/${m.id}/locks`;
    const created = await proposeAndConfirm(a.client, b.client, 'POST', url, {
      locked_amount: '30',
      reason: '조사',
    });
    expect(created.status).toBe(201);
    const lockId = created.body.data.id;
    // Refused already when proposed: more than is available.
    const tooMuch = await a.client.post(url, { locked_amount: '80' });
    expect(tooMuch.status).toBe(409);
    const up1 = (await a.client.call('PUT', `${url}/${lockId}`, { locked_amount: '40' })).body.data.proposal;
    const up2 = (await b.client.call('PUT', `${url}/${lockId}`, { locked_amount: '50' })).body.data.proposal;
    expect((await confirm(b.client, up1.id)).status).toBe(200);
    const stale = await confirm(a.client, up2.id);
    expect(stale.status).toBe(409);
    expect(stale.body.error?.message).toBe(P.lockChanged);
    const del = await proposeAndConfirm(b.client, a.client, 'DELETE', `${url}/${lockId}`);
    expect(del.status).toBe(200);
    expect(await server.db.query('SELECT 1 FROM asset_locks WHERE id = $1', [lockId])).toHaveLength(0);
    const actions = (await auditOf(m.id)).map((e) => e.action);
    expect(actions.slice(0, 3)).toEqual(['lock.delete', 'lock.update', 'lock.create']);
  });
});

describe('payouts', () => {
  it('below FOUR_EYES_PAYOUT_KRW: approved in one step', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { KRW: '20000000' });
    const w = await insertWithdrawal(server.db, m.id, { currency: 'KRW', amount: '9999999' });
    const r = await a.client.post(`/api/admin/withdrawals/${w}/approve`, {});
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('approved');
  });

  it('at or above it: a proposal (one per withdrawal), applied by the other administrator', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { KRW: '20000000' });
    const w = await insertWithdrawal(server.db, m.id, { currency: 'KRW', amount: '10000000' });
    const r = await a.client.post(`/api/admin/withdrawals/${w}/approve`, {});
    expect(r.status).toBe(202);
    const p = r.body.data.proposal;
    expect(p).toMatchObject({ kind: 'withdrawal.approve', target_id: w });
    const twice = await b.client.post(`/api/admin/withdrawals/${w}/approve`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.error?.message).toBe(P.payoutPending);
    expect(await balanceOf(m.id, 'KRW')).toBe('20000000');
    const ok = await confirm(b.client, p.id);
    expect(ok.status).toBe(200);
    expect(ok.body.data.result.status).toBe('approved');
    expect(await balanceOf(m.id, 'KRW')).toBe('10000000');
    const [entry] = await auditOf(w);
    expect(entry).toMatchObject({
      action: 'withdrawal.approve',
      after: { approval: { proposed_by: a.creds.username, confirmed_by: b.creds.username } },
    });
    expect((await verifyLedger(server.db)).ok).toBe(true);
  });
});
