import { describe, expect, it } from 'vitest';
import { decideDeposit } from '../../src/server/deposits/decide-deposit';
import { verifyLedger } from '../../src/server/wallet/ledger';
import { decideWithdrawal } from '../../src/server/withdrawals/decide-withdrawal';
import { MSG } from '../../src/shared/messages';
import { fund, insertDeposit, insertWithdrawal } from '../support/admin-fixtures';
import { adminClient, memberClient } from '../support/client';
import { fileAdmin, fileChecker, fileServer } from '../support/fixture';
import { confirmAs } from '../support/four-eyes';
import { startTestServer } from '../support/server';

// Two people for every movement of money: deposits, payouts and adjustments at or above the thresholds,
// counted over 24 hours per member and per approving administrator, whatever runs in parallel.
const P = MSG.proposals;
const onPg = Boolean(process.env.DATABASE_URL);
const server = fileServer();
const a = fileAdmin(server);
const b = fileChecker(server);

const krwDeposit = (memberId: string, amount: string) => insertDeposit(server.db, memberId, { amount });
const balanceOf = async (id: string, currency: string) => {
  const [r] = await server.db.query<{ b: string }>(
    'SELECT trim_scale(balance)::text AS b FROM balances WHERE member_id = $1 AND currency = $2',
    [id, currency],
  );
  return r?.b ?? '0';
};
const auditAfter = async (targetId: string, action: string) => {
  const [r] = await server.db.query<{ actor_username: string; after: Record<string, unknown> }>(
    'SELECT actor_username, after FROM audit_log WHERE target_id = $1 AND action = $2',
    [targetId, action],
  );
  return r;
};

describe('deposit approvals', () => {
  it('a 100,000,000 KRW deposit is a proposal; only another administrator with a fresh code credits it', async () => {
    const m = await memberClient(server.url);
    const id = await krwDeposit(m.id, '100000000');
    const r = await a.client.post(`/api/admin/deposits/${id}/approve`, {});
    expect(r.status).toBe(202);
    expect(r.body.data.proposal).toMatchObject({ kind: 'deposit.approve', target_id: id, mine: true });
    expect(await balanceOf(m.id, 'KRW')).toBe('0');
    const again = await b.client.post(`/api/admin/deposits/${id}/approve`, {});
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(P.depositPending);

    const self = await confirmAs(a.client, r.body.data.proposal.id);
    expect(self.status).toBe(403);
    expect(self.body.error?.message).toBe(P.selfConfirm);
    const noCode = await b.client.post(`/api/admin/proposals/${r.body.data.proposal.id}/confirm`, {});
    expect(noCode.status).toBe(400);
    expect(noCode.body.error?.message).toBe(MSG.otp.required);
    expect(await balanceOf(m.id, 'KRW')).toBe('0');

    const ok = await confirmAs(b.client, r.body.data.proposal.id);
    expect(ok.status).toBe(200);
    expect(ok.body.data.result.status).toBe('approved');
    expect(await balanceOf(m.id, 'KRW')).toBe('100000000');
    expect(await auditAfter(id, 'deposit.approve')).toMatchObject({
      actor_username: a.creds.username,
      after: { approval: { proposed_by: a.creds.username, confirmed_by: b.creds.username } },
    });
    const [entry] = await server.db.query<{ actor_id: string; confirmed_by: string }>(
      'SELECT actor_id::text, confirmed_by::text FROM ledger_entries WHERE deposit_id = $1',
      [id],
    );
    expect(entry).toEqual({ actor_id: a.id, confirmed_by: b.id });
  });

  it('split deposits count together: the one that reaches the threshold over 24 h is a proposal', async () => {
    const m = await memberClient(server.url);
    const first = await a.client.post(`/api/admin/deposits/${await krwDeposit(m.id, '9999999')}/approve`, {});
    expect(first.status).toBe(200);
    const second = await a.client.post(
      `/api/admin/deposits/${await krwDeposit(m.id, '9999999')}/approve`,
      {},
    );
    expect(second.status).toBe(202);
    expect(await balanceOf(m.id, 'KRW')).toBe('9999999');
  });
});

describe('no approval outside the registry', () => {
  it('the approval core’s own entries only reject: asked to approve, they refuse and move nothing', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { KRW: '1000000' });
    const d = await krwDeposit(m.id, '500000');
    const w = await insertWithdrawal(server.db, m.id, { currency: 'KRW', amount: '100000' });
    const actor = { actorId: a.id, actorUsername: a.creds.username };
    // Whatever the types say: a caller that casts its way past them is refused at run time too.
    await expect(decideDeposit(server.db, actor, d, 'approve' as 'reject')).rejects.toThrow();
    await expect(decideWithdrawal(server.db, actor, w, 'approve' as 'reject')).rejects.toThrow();
    expect(await balanceOf(m.id, 'KRW')).toBe('1000000');
    const statuses = await server.db.query<{ status: string }>(
      'SELECT status FROM deposits WHERE id = $1 UNION ALL SELECT status FROM withdrawals WHERE id = $2',
      [d, w],
    );
    expect(statuses.map((r) => r.status)).toEqual(['pending', 'pending']);
  });
});

describe('payouts split under the threshold', () => {
  it('3 × 9,999,999 KRW to one member: only the first passes alone', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { KRW: '40000000' });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const w = await insertWithdrawal(server.db, m.id, { currency: 'KRW', amount: '9999999' });
      statuses.push((await b.client.post(`/api/admin/withdrawals/${w}/approve`, {})).status);
    }
    expect(statuses).toEqual([200, 202, 202]);
    expect(await balanceOf(m.id, 'KRW')).toBe('30000001');
    expect((await verifyLedger(server.db)).ok).toBe(true);
  });
});

describe('the approving administrator’s own 24 hours', () => {
  it('past FOUR_EYES_ADMIN_DAILY_KRW every approval of that administrator needs a second one', async () => {
    const small = await startTestServer({ FOUR_EYES_ADMIN_DAILY_KRW: '15000000' });
    try {
      const x = await adminClient(small.url, small.db);
      const ids = [];
      for (let i = 0; i < 2; i++) {
        const m = await memberClient(small.url);
        ids.push(await insertDeposit(small.db, m.id, { amount: '9000000' }));
      }
      expect((await x.client.post(`/api/admin/deposits/${ids[0]}/approve`, {})).status).toBe(200);
      // A different member, under the member threshold: the administrator's own total decides.
      expect((await x.client.post(`/api/admin/deposits/${ids[1]}/approve`, {})).status).toBe(202);
    } finally {
      await small.close();
    }
  });
});

describe('balance adjustments', () => {
  const url = (id: string) => `/api/admin/members/${id}/adjustments`;

  it('a +/− change with a reason: proposed, confirmed, its own ledger entry naming both administrators', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { ETH: '2' });
    const r = await a.client.post(url(m.id), { currency: 'ETH', delta: '-0.5', reason: '중복 입금 정정' });
    expect(r.status).toBe(202);
    expect(r.body.data.proposal.kind).toBe('balance.adjust');
    expect(r.body.data.proposal.lines[0]).toBe(P.adjustLine('ETH', '−0.5', '2', '1.5'));
    expect(await balanceOf(m.id, 'ETH')).toBe('2');
    const ok = await confirmAs(b.client, r.body.data.proposal.id);
    expect(ok.status).toBe(200);
    expect(ok.body.data.result).toMatchObject({
      member_id: m.id,
      currency: 'ETH',
      delta: '-0.5',
      before: '2',
      after: '1.5',
      reason: '중복 입금 정정',
    });
    const [entry] = await server.db.query<{ amount: string; note: string; confirmed_by: string }>(
      `SELECT trim_scale(amount)::text AS amount, note, confirmed_by::text FROM ledger_entries
        WHERE member_id = $1 AND kind = 'admin_adjustment'`,
      [m.id],
    );
    expect(entry).toEqual({ amount: '-0.5', note: '중복 입금 정정', confirmed_by: b.id });
    expect(await auditAfter(m.id, 'member.balance.adjust')).toMatchObject({
      after: { approval: { proposed_by: a.creds.username, confirmed_by: b.creds.username } },
    });
  });

  it('refuses with Korean messages: below zero, no reason, zero, too many decimals', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { KRW: '1000' });
    const neg = await a.client.post(url(m.id), { currency: 'KRW', delta: '-1500', reason: '정정' });
    expect(neg.status).toBe(409);
    expect(neg.body.error?.message).toBe(MSG.admin.adjust.negative('KRW', '1,000', '-1,500'));
    const noReason = await a.client.post(url(m.id), { currency: 'KRW', delta: '100', reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error?.fields?.reason).toBe(MSG.admin.adjust.reasonLength);
    const zero = await a.client.post(url(m.id), { currency: 'KRW', delta: '-0', reason: '정정' });
    expect(zero.body.error?.fields?.delta).toBe(MSG.admin.adjust.deltaZero);
    const decimals = await a.client.post(url(m.id), { currency: 'KRW', delta: '1.5', reason: '정정' });
    expect(decimals.status).toBe(400);
    expect(await server.db.query('SELECT 1 FROM admin_proposals WHERE member_id = $1', [m.id])).toHaveLength(
      0,
    );
    expect(await balanceOf(m.id, 'KRW')).toBe('1000');
  });
});

describe('in parallel (PostgreSQL)', () => {
  it.runIf(onPg)(
    '50 approvals of 1,000,000 KRW deposits of one member at once: 9 alone, the rest proposed',
    async () => {
      const m = await memberClient(server.url);
      const ids = [];
      for (let i = 0; i < 50; i++) ids.push(await krwDeposit(m.id, '1000000'));
      const replies = await Promise.all(
        ids.map((id, i) => (i % 2 ? a : b).client.post(`/api/admin/deposits/${id}/approve`, {})),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(9);
      expect(replies.filter((r) => r.status === 202)).toHaveLength(41);
      expect(await balanceOf(m.id, 'KRW')).toBe('9000000');
      expect((await verifyLedger(server.db)).ok).toBe(true);
    },
  );

  it.runIf(onPg)('50 approvals of one large payout at once: one proposal, nothing paid', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { KRW: '50000000' });
    const w = await insertWithdrawal(server.db, m.id, { currency: 'KRW', amount: '20000000' });
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? a : b).client.post(`/api/admin/withdrawals/${w}/approve`, {}),
      ),
    );
    expect(replies.filter((r) => r.status === 202)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 202)) expect(r.status).toBe(409);
    expect(await balanceOf(m.id, 'KRW')).toBe('50000000');
  });
});
