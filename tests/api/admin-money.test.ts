import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/server/wallet/ledger';
import { MSG } from '../../src/shared/messages';
import { fund, insertWithdrawal } from '../support/admin-fixtures';
import { adminClient, memberClient } from '../support/client';
import { fileAdmin, fileChecker, fileServer } from '../support/fixture';
import { byTwo } from '../support/four-eyes';
import { startTestServer } from '../support/server';

const A = MSG.admin;
const server = fileServer();
const admin = fileAdmin(server);
const checker = fileChecker(server);
/** A balance or lock change: proposed by `admin`, confirmed by `checker` (two-person approval). */
const asAdmins = byTwo(admin, checker);

const setBalances = (id: string, body: unknown) => asAdmins('PUT', `/api/admin/members/${id}/balances`, body);
const ledger = (id: string) =>
  server.db.query<{
    currency: string;
    amount: string;
    balance_after: string;
    kind: string;
    actor_id: string;
    note: string;
  }>(
    `SELECT currency, amount::text AS amount, balance_after::text AS balance_after, kind, actor_id::text AS actor_id, note
       FROM ledger_entries WHERE member_id = $1 ORDER BY id`,
    [id],
  );
const balanceOf = async (id: string, currency: string) => {
  const [r] = await server.db.query<{ b: string }>(
    `SELECT trim_scale(balance)::text AS b FROM balances WHERE member_id = $1 AND currency = $2`,
    [id, currency],
  );
  return r?.b;
};

describe('setting balances', () => {
  it('sets exact decimals, one admin-adjustment ledger entry per change carrying the delta', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { ETH: '1.5' });
    const res = await setBalances(m.id, { krw: '1234567', eth: '0.12345678', xrp: '0', usdt: '99.99999999' });
    expect(res.status).toBe(200);
    expect(res.body.data.changes).toEqual([
      { currency: 'KRW', before: '0', after: '1234567', delta: '1234567' },
      { currency: 'ETH', before: '1.5', after: '0.12345678', delta: '-1.37654322' },
      { currency: 'USDT', before: '0', after: '99.99999999', delta: '99.99999999' },
    ]);
    expect(res.body.data.balances.find((b: { currency: string }) => b.currency === 'ETH')).toEqual({
      currency: 'ETH',
      total: '0.12345678',
      locked: '0',
      held: '0',
      available: '0.12345678',
    });
    const entries = (await ledger(m.id)).filter((e) => e.kind === 'admin_adjustment');
    expect(entries.map((e) => [e.currency, Number(e.amount), e.actor_id, e.note])).toEqual([
      ['KRW', 1234567, admin.id, A.ledgerNote],
      ['ETH', -1.37654322, admin.id, A.ledgerNote],
      ['USDT', 99.99999999, admin.id, A.ledgerNote],
    ]);
    expect(await balanceOf(m.id, 'USDT')).toBe('99.99999999');
    expect((await verifyLedger(server.db)).ok).toBe(true);

    const audit = await admin.client.get(`/api/admin/audit?targetId=${m.id}`);
    expect(audit.body.data.items[0]).toMatchObject({
      action: 'member.balances.set',
      actor_username: admin.creds.username,
      before: { KRW: '0', ETH: '1.5', USDT: '0' },
      after: { KRW: '1234567', ETH: '0.12345678', USDT: '99.99999999' },
    });
  });

  it('clamps a negative value to 0 (SPEC) and leaves unchanged values alone', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { XRP: '12.5', KRW: '5000' });
    const res = await setBalances(m.id, { xrp: '-3.5', krw: '5000' });
    expect(res.status).toBe(200);
    expect(res.body.data.changes).toEqual([{ currency: 'XRP', before: '12.5', after: '0', delta: '-12.5' }]);
    expect(await balanceOf(m.id, 'XRP')).toBe('0');
    const none = await setBalances(m.id, { krw: '5000.0' });
    expect(none.body.data.changes).toEqual([]);
    expect((await ledger(m.id)).filter((e) => e.kind === 'admin_adjustment')).toHaveLength(1);
  });

  it('refuses malformed values with Korean messages', async () => {
    const m = await memberClient(server.url);
    for (const [body, message] of [
      [{ krw: '100.5' }, A.krwWhole],
      [{ eth: '0.123456789' }, A.cryptoDecimals],
      [{ usdt: '1e5' }, A.balanceFormat],
      [{ usdt: '1,000' }, A.balanceFormat],
      [{ usdt: '' }, A.balanceFormat],
      [{ usdt: 5 }, A.balanceFormat],
      [{ usdt: '1000000000001' }, A.amountTooLarge],
      [{}, A.balancesEmpty],
    ] as const) {
      const res = await setBalances(m.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.message, JSON.stringify(body)).toBe(message);
    }
    const btc = await setBalances(m.id, { btc: '1' });
    expect(btc.status).toBe(400);
    expect(btc.body.error?.message).toContain(MSG.common.unknownField);
    expect((await setBalances(randomUUID(), { krw: '1' })).status).toBe(404);
  });

  it('refuses (409) to drop a balance below its locks plus pending withdrawals', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { USDT: '100' });
    await server.db.query(
      `INSERT INTO asset_locks (member_id, currency, locked_amount) VALUES ($1, 'usdt', 40)`,
      [m.id],
    );
    await insertWithdrawal(server.db, m.id, { currency: 'USDT', amount: '25' });
    const res = await setBalances(m.id, { usdt: '64.9', krw: '1000' });
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toBe(A.balanceBelowReserved('USDT', '64.9', '65', '100'));
    expect(res.body.error?.message).toMatch(/^자산 수정 실패: /);
    // Nothing changed, not even the KRW part of the same request.
    expect(await balanceOf(m.id, 'USDT')).toBe('100');
    expect(await balanceOf(m.id, 'KRW')).toBe('0');
    expect((await setBalances(m.id, { usdt: '65' })).status).toBe(200);
  });

  it('refuses (409) a value edited on a screen that no longer shows the current balance', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { KRW: '10000' });
    // A deposit is credited after the administrator opened the form showing 10000.
    await fund(server.db, m.id, { KRW: '50000' });
    const res = await setBalances(m.id, { krw: '12000', expected: { krw: '10000' } });
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toBe(A.balanceChanged('KRW', '10000', '60000'));
    expect(await balanceOf(m.id, 'KRW')).toBe('60000');
    const fresh = await setBalances(m.id, { krw: '62000', expected: { krw: '60000.00' } });
    expect(fresh.status).toBe(200);
  });

  // About the one-step edit itself: run with two-person approval off (FOUR_EYES_ADMIN_EDITS=false). With it
  // on, concurrent proposals based on the same balance apply once (tests/api/four-eyes.test.ts).
  it('serialises concurrent edits: every change is in the ledger and the ledger adds up', async () => {
    const oneStep = await startTestServer({ FOUR_EYES_ADMIN_EDITS: 'false' });
    try {
      const a = await adminClient(oneStep.url, oneStep.db);
      const m = await memberClient(oneStep.url);
      const values = ['1', '2', '3', '4', '5', '6'];
      const results = await Promise.all(
        values.map((v) => a.client.call('PUT', `/api/admin/members/${m.id}/balances`, { xrp: v })),
      );
      expect(results.every((r) => r.status === 200)).toBe(true);
      const [row] = await oneStep.db.query<{ b: string }>(
        `SELECT trim_scale(balance)::text AS b FROM balances WHERE member_id = $1 AND currency = 'XRP'`,
        [m.id],
      );
      const entries = await oneStep.db.query<{ balance_after: string }>(
        `SELECT balance_after::text AS balance_after FROM ledger_entries WHERE member_id = $1 AND currency = 'XRP' ORDER BY id`,
        [m.id],
      );
      expect(entries.at(-1)!.balance_after.replace(/\.?0+$/, '')).toBe(row?.b);
      expect((await verifyLedger(oneStep.db)).ok).toBe(true);
    } finally {
      await oneStep.close();
    }
  });
});
