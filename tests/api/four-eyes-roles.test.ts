import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { MSG } from '../../src/shared/messages';
import { adminClient, Client, loginFully, memberClient } from '../support/client';
import { proposeAndConfirm, secondAdmin } from '../support/four-eyes';
import { fourEyesFile } from '../support/four-eyes-file';
import { startOnDataDir, startTestServer, uniqueName } from '../support/server';
import { enrolTotp, loginCode } from '../support/totp';

// Two-person approval of administrator roles, once-only confirmation in parallel, expiry, its settings
// and the command that creates an administrator (tests/support/four-eyes-file.ts).
const P = MSG.proposals;
const onPg = Boolean(process.env.DATABASE_URL);
const { server, a, b, balancesUrl, balanceOf, confirm, auditOf } = fourEyesFile();

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
    // Refused as applied already, or while another confirmation holds it: no copy gets as far as the code
    // (decision 0394). Never a second application.
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect([P.alreadyApplied, P.confirming]).toContain(r.body.error?.message);
    }
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
