import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { adminClient, type Client } from '../support/client';
import { fileAdmin, fileChecker, fileServer } from '../support/fixture';
import { confirmAs, depositProposal } from '../support/four-eyes';
import { balanceOf } from '../support/money';
import { loginCode, nextCode } from '../support/totp';

// One confirmation of a proposal at a time (decision 0394): a confirmation claims the proposal before its
// one-time code is checked, so copies sent in parallel, by one administrator or several, are refused at
// once and spend none of the code's five attempts; wrong guesses stay bounded by those five.
const P = MSG.proposals;
const server = fileServer();
const a = fileAdmin(server);
const b = fileChecker(server);

const proposal = () => depositProposal(server, a.client);
const confirmWith = (c: Client, id: string, otpCode: string) =>
  c.post(`/api/admin/proposals/${id}/confirm`, { otpCode });
/** The one-time code failures counted against an administrator (at five the code locks for 15 minutes). */
const otpFailures = async (memberId: string) =>
  (
    await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rate_limit_events WHERE key = $1', [
      `otp:acct:${memberId}`,
    ])
  )[0]?.n;
const claimOf = async (id: string) =>
  (
    await server.db.query<{ status: string; claimed: boolean }>(
      'SELECT status, confirming_token IS NOT NULL AS claimed FROM admin_proposals WHERE id = $1',
      [id],
    )
  )[0];
/** A claim as a confirmation in flight holds it, or as a server that stopped mid-confirmation left it. */
const claim = (id: string, until: string) =>
  server.db.query(
    `UPDATE admin_proposals SET confirming_token = gen_random_uuid(), confirming_until = now() + $2::interval
      WHERE id = $1`,
    [id, until],
  );

describe('50 copies of one confirmation by one administrator', () => {
  it('with one valid code: one applies, 49 are told 409 at once, no attempt is spent, the next confirmation works', async () => {
    const c = await adminClient(server.url, server.db);
    // Twice over (an authenticator code, then a recovery code): the first burst of a fresh server may
    // happen to finish each code check before the next begins.
    for (let round = 0; round < 2; round++) {
      const { m, id } = await proposal();
      const code = await loginCode(c.creds);
      const answers = await Promise.all(Array.from({ length: 50 }, () => confirmWith(c.client, id, code)));
      expect(answers.filter((r) => r.status < 300)).toHaveLength(1);
      const lost = answers.filter((r) => r.status >= 300);
      expect(lost.map((r) => r.status)).toEqual(lost.map(() => 409));
      for (const r of lost) expect([P.alreadyApplied, P.confirming]).toContain(r.body.error?.message);
      expect(await claimOf(id)).toEqual({ status: 'applied', claimed: false });
      expect(await balanceOf(server.db, m.id, 'KRW')).toBe('100000000');
      expect(await otpFailures(c.id)).toBe(0);
    }
    const next = await proposal();
    expect((await confirmAs(c.client, next.id)).status).toBe(200);
  });

  it('with wrong codes, on one proposal and on several: at most five codes are checked, nothing applies', async () => {
    const c = await adminClient(server.url, server.db);
    const ids = [(await proposal()).id, (await proposal()).id, (await proposal()).id];
    const right = await nextCode(c.creds.totpSecret!);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => confirmWith(c.client, ids[i % 3]!, wrong)),
    );
    const codes = new Set(answers.map((r) => r.body.error?.code));
    for (const code of codes) expect(['CONFLICT', 'OTP_INVALID', 'ACCOUNT_LOCKED']).toContain(code);
    expect(answers.filter((r) => r.status < 300)).toHaveLength(0);
    expect(await otpFailures(c.id)).toBeLessThanOrEqual(5);
    for (const id of ids) expect(await claimOf(id)).toEqual({ status: 'pending', claimed: false });
  });
});

describe('a claim left behind', () => {
  it('held: a confirmation is told 409 without a code being checked; lapsed: the next confirmation claims it', async () => {
    const { id } = await proposal();
    await claim(id, '30 seconds');
    const held = await confirmAs(b.client, id);
    expect(held.status).toBe(409);
    expect(held.body.error?.message).toBe(P.confirming);
    expect(await otpFailures(b.id)).toBe(0);
    await claim(id, '-1 second');
    expect((await confirmAs(b.client, id)).status).toBe(200);
    expect(await claimOf(id)).toEqual({ status: 'applied', claimed: false });
  });

  it('does not hold back 반려 or 철회: they decide on the row lock, which spends no code', async () => {
    const refused = await proposal();
    await claim(refused.id, '30 seconds');
    expect(
      (await b.client.post(`/api/admin/proposals/${refused.id}/cancel`, { reason: '확인 불가' })).status,
    ).toBe(200);
    const withdrawn = await proposal();
    await claim(withdrawn.id, '30 seconds');
    expect((await a.client.post(`/api/admin/proposals/${withdrawn.id}/cancel`)).status).toBe(200);
    expect((await confirmAs(b.client, withdrawn.id)).body.error?.message).toBe(P.alreadyCancelled);
  });
});
