import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { verifyLedger } from '../../src/server/wallet/ledger';
import { MSG } from '../../src/shared/messages';
import { fund, insertWithdrawal } from '../support/admin-fixtures';
import { adminClient, Client, loginFully, memberClient } from '../support/client';
import { type Admin, fileServer } from '../support/fixture';
import { confirmAs, proposeAndConfirm, secondAdmin } from '../support/four-eyes';
import { startOnDataDir, startTestServer, uniqueName } from '../support/server';
import { enrolTotp, loginCode } from '../support/totp';

const P = MSG.proposals;
const onPg = Boolean(process.env.DATABASE_URL);
const server = fileServer();
let a: Admin;
let b: Admin;
beforeAll(async () => {
  a = await adminClient(server.url, server.db);
  b = await secondAdmin(server.url, server.db);
});

const balancesUrl = (id: string) => `/api/admin/members/${id}/balances`;
const balanceOf = async (id: string, currency: string) => {
  const [r] = await server.db.query<{ b: string }>(
    `SELECT trim_scale(balance)::text AS b FROM balances WHERE member_id = $1 AND currency = $2`,
    [id, currency],
  );
  return r?.b;
};
const statusOf = async (id: string) =>
  (await server.db.query<{ status: string }>('SELECT status FROM admin_proposals WHERE id = $1', [id]))[0]
    ?.status;
const confirm = (c: Client, id: string) => confirmAs(c, id);
const cancel = (c: Client, id: string, reason?: string) =>
  c.post(`/api/admin/proposals/${id}/cancel`, reason ? { reason } : undefined);
const auditOf = async (targetId: string) =>
  (await a.client.get(`/api/admin/audit?targetId=${targetId}`)).body.data.items as {
    action: string;
    actor_username: string;
    after: Record<string, unknown>;
  }[];

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

describe('administrator roles', () => {
  it('grant and revoke are proposals; the member becomes and stops being an administrator', async () => {
    const m = await memberClient(server.url);
    // Only a member who enrolled their own one-time code is proposed (decisions 0150, 0370).
    const early = await a.client.post(`/api/admin/members/${m.id}/admin-role`, { admin: true });
    expect(early.body.error?.message).toBe(MSG.guards.grantNeedsOtp);
    await enrolTotp(m.client);
    const grant = await a.client.post(`/api/admin/members/${m.id}/admin-role`, { admin: true });
    expect(grant.status).toBe(202);
    expect((await m.client.get('/api/admin/proposals')).status).toBe(403);
    expect((await confirm(b.client, grant.body.data.proposal.id)).status).toBe(200);
    expect((await m.client.get('/api/admin/proposals')).status).toBe(200);
    const again = await a.client.post(`/api/admin/members/${m.id}/admin-role`, { admin: true });
    expect(again.body.error?.message).toBe(P.alreadyAdmin);
    const revoke = await proposeAndConfirm(
      m.client,
      b.client,
      'POST',
      `/api/admin/members/${m.id}/admin-role`,
      {
        admin: false,
      },
    );
    expect(revoke.status).toBe(200);
    expect((await m.client.get('/api/admin/proposals')).status).toBe(403);
    const entries = (await auditOf(m.id)).map((e) => e.action);
    expect(entries.slice(0, 2)).toEqual(['member.admin.revoke', 'member.admin.grant']);
  });

  it('a ring of revocations confirmed at once leaves administrators, and only sitting ones decide', async () => {
    const ring = await Promise.all(Array.from({ length: 3 }, () => adminClient(server.url, server.db)));
    // Each proposes revoking the next; each is confirmed by the one after that.
    const proposals = [];
    for (let i = 0; i < 3; i++) {
      const target = ring[(i + 1) % 3]!;
      const r = await ring[i]!.client.post(`/api/admin/members/${target.id}/admin-role`, { admin: false });
      expect(r.status).toBe(202);
      proposals.push(r.body.data.proposal.id as string);
    }
    const replies = await Promise.all(proposals.map((id, i) => confirm(ring[(i + 2) % 3]!.client, id)));
    for (const r of replies) expect([200, 403, 409]).toContain(r.status);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const left = await server.db.query('SELECT 1 FROM members WHERE id = ANY($1::uuid[]) AND is_admin', [
      ring.map((x) => x.id),
    ]);
    expect(left).toHaveLength(2);
  });

  it.skipIf(onPg)('the last administrator cannot be revoked (PGlite: a database of its own)', async () => {
    const solo = await startTestServer();
    try {
      const seed = new Client(solo.url);
      await loginFully(seed, {
        username: solo.config.admin.username!,
        password: solo.config.admin.password!,
        pin: solo.config.admin.secondPassword!,
      });
      await enrolTotp(seed);
      const [me] = await solo.db.query<{ id: string }>('SELECT id FROM members WHERE is_admin');
      const r = await seed.post(`/api/admin/members/${me!.id}/admin-role`, { admin: false });
      expect(r.status).toBe(409);
      expect(r.body.error?.message).toBe(P.lastAdmin);
    } finally {
      await solo.close();
    }
  });
});

describe('confirming is once only, whatever runs in parallel (PostgreSQL)', () => {
  it.runIf(onPg)('50 parallel confirmations of one proposal: exactly one applies', async () => {
    const m = await memberClient(server.url);
    const c = await secondAdmin(server.url, server.db);
    const p = (await a.client.call('PUT', balancesUrl(m.id), { krw: '777' })).body.data.proposal;
    // Each confirmation carries its administrator's code of this moment (step-up): one code per administrator.
    const codes = new Map([
      [b.client, await loginCode(b.creds)],
      [c.client, await loginCode(c.creds)],
    ]);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const by = i % 2 ? b.client : c.client;
        return by.post(`/api/admin/proposals/${p.id}/confirm`, { otpCode: codes.get(by) });
      }),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = replies.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(49);
    // Refused as applied already, or for the code: used by another of the parallel requests, or too many
    // codes checked at once for one administrator. Never a second application.
    for (const r of refused) expect([400, 409, 429]).toContain(r.status);
    const entries = await server.db.query(
      `SELECT 1 FROM ledger_entries WHERE member_id = $1 AND kind = 'admin_adjustment'`,
      [m.id],
    );
    expect(entries).toHaveLength(1);
    expect(await balanceOf(m.id, 'KRW')).toBe('777');
  });
});

describe('expiry', () => {
  it('a proposal not confirmed within PROPOSAL_TTL_HOURS expires and cannot be confirmed', async () => {
    // 0.0005 h = 1.8 s.
    const short = await startTestServer({ PROPOSAL_TTL_HOURS: '0.0005' });
    try {
      const x = await adminClient(short.url, short.db);
      const y = await secondAdmin(short.url, short.db);
      const m = await memberClient(short.url);
      const p = (await x.client.call('PUT', balancesUrl(m.id), { krw: '5' })).body.data.proposal;
      await new Promise((r) => setTimeout(r, 2500));
      const r = await confirm(y.client, p.id);
      expect(r.status).toBe(409);
      expect(r.body.error?.message).toBe(P.expired(0.0005));
      const [row] = await short.db.query<{ status: string }>(
        'SELECT status FROM admin_proposals WHERE id = $1',
        [p.id],
      );
      expect(row?.status).toBe('expired');
    } finally {
      await short.close();
    }
  });
});

describe('configuration', () => {
  it('validates FOUR_EYES_PAYOUT_KRW, PROPOSAL_TTL_HOURS and FOUR_EYES_ADMIN_EDITS', async () => {
    expect(loadConfig({}).fourEyes).toEqual({
      payoutKrw: '10000000',
      depositKrw: '10000000',
      adminDailyKrw: '50000000',
      proposalTtlHours: 24,
      adminEdits: true,
    });
    expect(() => loadConfig({ FOUR_EYES_PAYOUT_KRW: '0' })).toThrow(/FOUR_EYES_PAYOUT_KRW/);
    expect(() => loadConfig({ FOUR_EYES_PAYOUT_KRW: '1e7' })).toThrow(/FOUR_EYES_PAYOUT_KRW/);
    expect(() => loadConfig({ PROPOSAL_TTL_HOURS: '0' })).toThrow(/PROPOSAL_TTL_HOURS/);
    expect(() => loadConfig({ PROPOSAL_TTL_HOURS: '200' })).toThrow(/PROPOSAL_TTL_HOURS/);
    expect(() => loadConfig({ FOUR_EYES_ADMIN_EDITS: 'maybe' })).toThrow(/FOUR_EYES_ADMIN_EDITS/);
    expect(loadConfig({ FOUR_EYES_ADMIN_EDITS: 'false' }).fourEyes.adminEdits).toBe(false);
  });
});

describe('npm run admin -- create', () => {
  const run = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, ['scripts/admin.mjs', ...args], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      input: '',
    });

  it('creates an administrator who can sign in, enforcing the password policy', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'wallet-admin-cli-'));
    const target: Record<string, string> = onPg ? {} : { DATA_DIR: dir };
    const username = uniqueName('boss');
    try {
      const weak = run(['create', username], {
        ...target,
        ADMIN_PASSWORD: 'short',
        ADMIN_SECOND_PASSWORD: '1234',
      });
      expect(weak.status).toBe(2);
      expect(weak.stderr).toContain(MSG.signup.passwordRule);
      const usage = run(['make', username], target);
      expect(usage.status).toBe(2);
      // The shared PostgreSQL database has administrators already: a further one only with --additional.
      const made = run(['create', username, '--name', '김관리', ...(onPg ? ['--additional'] : [])], {
        ...target,
        ADMIN_PASSWORD: 'goodpass123',
        ADMIN_SECOND_PASSWORD: '135790'.slice(0, 6),
      });
      expect(made.stderr).toBe('');
      expect(made.status).toBe(0);
      expect(made.stdout).toContain(username);
      const dup = run(['create', username], {
        ...target,
        ADMIN_PASSWORD: 'goodpass123',
        ADMIN_SECOND_PASSWORD: '1234',
      });
      expect(dup.status).toBe(2);
      expect(dup.stderr).toContain(P.cli.taken);
      if (!onPg) {
        // The first two come from here; a third needs --additional and is warned about (decision 0370).
        const env = { ...target, ADMIN_PASSWORD: 'goodpass123', ADMIN_SECOND_PASSWORD: '135790' };
        expect(run(['create', uniqueName('boss')], env).status).toBe(0);
        const third = run(['create', uniqueName('boss')], env);
        expect(third.status).toBe(2);
        expect(third.stderr).toContain(MSG.guards.cliAdditionalRequired(2));
        const forced = run(['create', uniqueName('boss'), '--additional'], env);
        expect(forced.status).toBe(0);
        expect(forced.stdout).toContain(MSG.guards.cliAdditionalWarning);
      }
      // The account signs in to the administrator API (on PostgreSQL: this file's server, same database).
      const srv = onPg ? server : await startOnDataDir(dir);
      try {
        const c = new Client(srv.url);
        await loginFully(c, { username, password: 'goodpass123', pin: '135790' });
        await enrolTotp(c);
        expect((await c.get('/api/admin/proposals')).status).toBe(200);
      } finally {
        if (!onPg) await srv.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Four runs of the command (a process each, the database migrated on the first) and a server start.
  }, 180_000);
});
