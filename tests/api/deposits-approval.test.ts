import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { approveDeposit } from '../../src/server/proposals/approve-deposit';
import { MSG } from '../../src/shared/messages';
import { adminClient, Client, memberClient } from '../support/client';
import { ledgerFile } from '../support/fixture';
import { expectLedgerOk, krwDepositBody, setDepositAddress, trc20Address, txid } from '../support/money';

const { server, admin } = ledgerFile();

const krw = krwDepositBody;

async function pendingKrwDeposit(amount = '50000') {
  const m = await memberClient(server.url);
  const r = await m.client.post('/api/deposits/krw', krw(amount));
  expect(r.status).toBe(201);
  return { ...m, depositId: r.body.data.id as string };
}

const balanceOf = async (memberId: string, currency: string) => {
  const rows = await server.db.query<{ balance: string }>(
    'SELECT balance::text AS balance FROM balances WHERE member_id = $1 AND currency = $2',
    [memberId, currency],
  );
  return rows[0] ? Number(rows[0].balance) : null;
};

describe('adminApproveDeposit / adminRejectDeposit', () => {
  it("lists the decision in the audit view of the depositing member, beside the member's own entries", async () => {
    const { id, depositId } = await pendingKrwDeposit('20000');
    expect(
      (await admin.client.post(`/api/admin/deposits/${depositId}/reject`, { reason: '확인 불가' })).status,
    ).toBe(200);
    const other = await pendingKrwDeposit('30000');
    expect((await admin.client.post(`/api/admin/deposits/${other.depositId}/approve`)).status).toBe(200);
    const view = await admin.client.get(`/api/admin/audit?targetId=${id}`);
    expect(view.status).toBe(200);
    expect(view.body.data.total).toBe(1);
    expect(view.body.data.items[0]).toMatchObject({
      action: 'deposit.reject',
      target_type: 'deposit',
      target_id: depositId,
    });
  });

  it('approval credits the balance once, with its ledger entry and audit entry', async () => {
    const { id, depositId } = await pendingKrwDeposit('50000');
    const r = await admin.client.post(`/api/admin/deposits/${depositId}/approve`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      id: depositId,
      status: 'approved',
      processed_by: admin.id,
      amount: '50000',
    });
    expect(r.body.data.processed_at).not.toBeNull();
    expect(await balanceOf(id, 'KRW')).toBe(50000);
    const ledger = await server.db.query<{ amount: string; kind: string; actor_id: string }>(
      'SELECT amount::text AS amount, kind, actor_id::text AS actor_id FROM ledger_entries WHERE deposit_id = $1',
      [depositId],
    );
    expect(ledger).toEqual([{ amount: '50000.00000000', kind: 'deposit', actor_id: admin.id }]);
    const audit = await server.db.query<{ action: string; actor_id: string; before: unknown; after: any }>(
      `SELECT action, actor_id::text AS actor_id, before, after FROM audit_log WHERE target_id = $1`,
      [depositId],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'deposit.approve',
      actor_id: admin.id,
      before: { status: 'pending' },
    });
    expect(audit[0]?.after).toMatchObject({ status: 'approved', amount: '50000', balance_after: '50000' });

    // A second decision is refused; nothing moves again.
    for (const d of ['approve', 'reject']) {
      const again = await admin.client.post(`/api/admin/deposits/${depositId}/${d}`, { reason: '확인 불가' });
      expect(again.status).toBe(409);
      expect(again.body.error).toMatchObject({ code: 'NOT_PENDING', message: MSG.approval.notPending });
    }
    expect(await balanceOf(id, 'KRW')).toBe(50000);
    await expectLedgerOk(server.db);
  });

  it('an approval with and without a matched chain check writes the same records through the kernel', async () => {
    const m = await memberClient(server.url);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await m.client.post('/api/deposits/krw', krw('12345'));
      expect(r.status).toBe(201);
      ids.push(r.body.data.id);
    }
    const core = ids[1]!;
    // The second deposit passes the chain gate with a matched check; the first has none.
    await server.db.query(
      `INSERT INTO deposit_chain_checks (deposit_id, network, verdict, confirmations, required_confirmations, final)
       VALUES ($1, 'TRC20', 'match', 20, 20, true)`,
      [core],
    );
    const views = [];
    for (const id of ids) {
      const r = await admin.client.post(`/api/admin/deposits/${id}/approve`, { reason: '입금 확인' });
      expect(r.status).toBe(200);
      views.push(r.body.data);
    }
    const strip = ({ id: _i, processed_at: _p, created_at: _c, updated_at: _u, ...rest }: any) => rest;
    expect(strip(views[0])).toEqual(strip(views[1]));

    const audit = await server.db.query<{
      target_id: string;
      action: string;
      actor_id: string;
      before: any;
      after: any;
    }>(
      `SELECT target_id, action, actor_id::text AS actor_id, before, after FROM audit_log
        WHERE target_id = ANY($1) ORDER BY id`,
      [ids],
    );
    expect(audit.map((a) => a.target_id)).toEqual(ids);
    expect(audit[0]!.after).toEqual({
      status: 'approved',
      member_id: m.id,
      currency: 'KRW',
      amount: '12345',
      balance_after: '12345',
      reason: '입금 확인',
    });
    const { chain_verdict, chain_confirmations, ...coreAfter } = audit[1]!.after;
    expect({ chain_verdict, chain_confirmations }).toEqual({
      chain_verdict: 'match',
      chain_confirmations: 20,
    });
    expect(coreAfter).toEqual({ ...audit[0]!.after, balance_after: '24690' });
    expect({ ...audit[1], after: null, target_id: null }).toEqual({
      ...audit[0],
      after: null,
      target_id: null,
    });

    const ledger = await server.db.query<Record<string, unknown>>(
      `SELECT deposit_id::text AS deposit_id, member_id::text AS member_id, currency, amount::text AS amount,
              balance_after::text AS balance_after, kind, withdrawal_id, actor_id::text AS actor_id, note
         FROM ledger_entries WHERE deposit_id = ANY($1) ORDER BY id`,
      [ids],
    );
    expect(ledger).toEqual(
      ids.map((id, i) => ({
        deposit_id: id,
        member_id: m.id,
        currency: 'KRW',
        amount: '12345.00000000',
        balance_after: i === 0 ? '12345.00000000' : '24690.00000000',
        kind: 'deposit',
        withdrawal_id: null,
        actor_id: admin.id,
        note: null,
      })),
    );

    const events = await server.db.query<{
      type: string;
      member_id: string;
      to_member: boolean;
      to_admins: boolean;
      data: any;
    }>(
      `SELECT type, member_id::text AS member_id, to_member, to_admins, data FROM live_events
        WHERE data->>'request_id' = ANY($1) AND type = 'deposit.approved' ORDER BY id`,
      [ids],
    );
    expect(events).toEqual(
      ids.map((id) => ({
        type: 'deposit.approved',
        member_id: m.id,
        to_member: true,
        to_admins: true,
        data: {
          kind: 'deposit',
          request_id: id,
          currency: 'KRW',
          amount: '12345',
          status: 'approved',
          by: admin.creds.username,
        },
      })),
    );
    expect(await balanceOf(m.id, 'KRW')).toBe(24690);
  });

  it('approval creates a missing balance row; a USDT deposit credits USDT', async () => {
    const m = await memberClient(server.url);
    await setDepositAddress(server.db, m.id, trc20Address());
    await server.db.query('DELETE FROM balances WHERE member_id = $1', [m.id]);
    const d = await m.client.post('/api/deposits/crypto', {
      amount: '12.345678',
      txid: txid(),
      sender_address: trc20Address(),
    });
    const r = await admin.client.post(`/api/admin/deposits/${d.body.data.id}/approve`);
    expect(r.status).toBe(200);
    expect(await balanceOf(m.id, 'USDT')).toBe(12.345678);
    await expectLedgerOk(server.db);
  });

  it('rejection changes only the status, with an audit entry and the optional reason', async () => {
    const { id, depositId } = await pendingKrwDeposit();
    const r = await admin.client.post(`/api/admin/deposits/${depositId}/reject`, {
      reason: '입금 확인 불가',
    });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('rejected');
    expect(await balanceOf(id, 'KRW')).toBe(0);
    expect(
      await server.db.query('SELECT 1 FROM ledger_entries WHERE deposit_id = $1', [depositId]),
    ).toHaveLength(0);
    const [audit] = await server.db.query<{ action: string; after: any }>(
      'SELECT action, after FROM audit_log WHERE target_id = $1',
      [depositId],
    );
    expect(audit).toMatchObject({
      action: 'deposit.reject',
      after: { status: 'rejected', reason: '입금 확인 불가' },
    });
  });

  it('a rejected TXID can be used again', async () => {
    const m = await memberClient(server.url);
    await setDepositAddress(server.db, m.id, trc20Address());
    const body = { amount: '5', txid: txid(), sender_address: trc20Address() };
    const first = await m.client.post('/api/deposits/crypto', body);
    expect((await m.client.post('/api/deposits/crypto', body)).status).toBe(409);
    await admin.client.post(`/api/admin/deposits/${first.body.data.id}/reject`, { reason: '확인 불가' });
    expect((await m.client.post('/api/deposits/crypto', body)).status).toBe(201);
  });

  it('an approval racing a rejection of the same request: exactly one wins', async () => {
    const admin2 = await adminClient(server.url, server.db);
    for (let i = 0; i < 5; i++) {
      const { id, depositId } = await pendingKrwDeposit('10000');
      const [a, b] = await Promise.all([
        admin.client.post(`/api/admin/deposits/${depositId}/approve`),
        admin2.client.post(`/api/admin/deposits/${depositId}/reject`, { reason: '확인 불가' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const approved = a.status === 200;
      expect(await balanceOf(id, 'KRW')).toBe(approved ? 10000 : 0);
      const [row] = await server.db.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [
        depositId,
      ]);
      expect(row?.status).toBe(approved ? 'approved' : 'rejected');
      expect(await server.db.query('SELECT 1 FROM audit_log WHERE target_id = $1', [depositId])).toHaveLength(
        1,
      );
    }
    // Many parallel approvals of one request credit once.
    const { id, depositId } = await pendingKrwDeposit('20000');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => admin.client.post(`/api/admin/deposits/${depositId}/approve`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await balanceOf(id, 'KRW')).toBe(20000);
    await expectLedgerOk(server.db);
  });

  it('is refused to members and anonymous callers; unknown ids are 404', async () => {
    const { client, depositId } = await pendingKrwDeposit();
    const own = await client.post(`/api/admin/deposits/${depositId}/approve`);
    expect(own.status).toBe(403);
    expect(own.body.error?.message).toBe(MSG.common.adminOnly);
    expect((await new Client(server.url).post(`/api/admin/deposits/${depositId}/approve`)).status).toBe(401);
    for (const id of [randomUUID(), 'not-a-uuid', "1' OR '1'='1"]) {
      const r = await admin.client.post(`/api/admin/deposits/${encodeURIComponent(id)}/approve`);
      expect(r.status).toBe(404);
      expect(r.body.error?.message).toBe(MSG.approval.depositNotFound);
    }
    const [row] = await server.db.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [
      depositId,
    ]);
    expect(row?.status).toBe('pending');
  });
});

describe('a deposit approval on the database', () => {
  it('is 6 round trips: BEGIN, the row, its status with the reset check, balance and ledger, audit and events, the check with COMMIT', async () => {
    const { id, depositId } = await pendingKrwDeposit('40000');
    // The server's own database handle, each statement of the approval's transaction counted on its way.
    let trips = 0;
    const counted: Db = {
      ...server.db,
      tx: (fn) =>
        server.db.tx((q) => {
          trips = 1; // BEGIN, again for each attempt
          return fn({
            ...q,
            query: <T>(sql: string, params?: unknown[]) => {
              trips++;
              return q.query<T>(sql, params);
            },
            exec: (script) => {
              trips++;
              return q.exec(script);
            },
            commitWith: (sql, params, opts) => {
              trips++;
              return q.commitWith(sql, params, opts);
            },
          });
        }),
    };
    const actor = { actorId: admin.id, actorUsername: admin.creds.username };
    const out = await approveDeposit(counted, server.config, actor, depositId);
    expect(out).toHaveProperty('applied');
    expect(trips).toBe(6);
    expect(await balanceOf(id, 'KRW')).toBe(40000);
  });
});
