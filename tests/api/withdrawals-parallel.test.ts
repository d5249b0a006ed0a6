import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { memberClient } from '../support/client';
import {
  adjustBalance,
  available,
  krwWithdrawalBody as bank,
  expectLedgerOk,
  idemKey,
} from '../support/money';
import { externalWithdrawalBody as external, withdrawalsFile } from '../support/withdrawals';

const { server, funded } = withdrawalsFile();

const W = MSG.withdraw;

describe('createCryptoWithdrawal', () => {
  it('internal transfers need an existing other member, cost nothing and store the username', async () => {
    const { client, creds } = await funded('USDT', '50');
    const friend = await memberClient(server.url);
    const missing = await client.post('/api/withdrawals/crypto', {
      currency: 'USDT',
      amount: '5',
      method: 'internal',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields).toEqual({ recipient_id: W.recipientIdRequired });
    /** 5 USDT sent inside the wallet to `recipient_id`. */
    const transfer = (recipient_id: string, extra: Record<string, unknown> = {}) =>
      client.post('/api/withdrawals/crypto', {
        currency: 'USDT',
        amount: '5',
        method: 'internal',
        recipient_id,
        ...extra,
      });
    const unknown = await transfer('nobody_here_x');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toBe(W.recipientNotFound);
    const self = await transfer(creds.username.toUpperCase());
    expect(self.status).toBe(400);
    expect(self.body.error?.message).toBe(W.recipientSelf);
    const ok = await transfer(` ${friend.creds.username.toUpperCase()} `, {
      recipient_address: 'ignored',
      network: 'TRC20',
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({
      method: 'internal',
      fee: '0',
      final_amount: '5',
      recipient_id: friend.creds.username,
      recipient_address: null,
      network: null,
    });
  });

  it('20 parallel requests against one balance never hold more than is available', async () => {
    const { client, id } = await funded('USDT', '10');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post('/api/withdrawals/crypto', external({ amount: '2' }), { 'idempotency-key': idemKey() }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(5);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.error?.message).toBe(W.checkAvailable);
    }
    const state = await available(client, 'USDT');
    expect(state).toMatchObject({ total: '10', held: '10', available: '0' });
    const [sum] = await server.db.query<{ held: string }>(
      `SELECT sum(amount)::text AS held FROM withdrawals WHERE member_id = $1 AND status = 'pending'`,
      [id],
    );
    expect(Number(sum?.held)).toBe(10);
    await expectLedgerOk(server.db);
  });

  it('parallel requests of mixed sizes and both kinds still fit the balance', async () => {
    const { client, id } = await funded('KRW', '100000');
    await adjustBalance(server.db, id, 'USDT', '7');
    const results = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        client.post('/api/withdrawals/krw', bank({ amount: String(10000 + i * 1000) })),
      ),
      ...Array.from({ length: 10 }, () =>
        client.post('/api/withdrawals/crypto', external({ amount: '1.5' })),
      ),
    ]);
    const [held] = await server.db.query<{ krw: string; usdt: string }>(
      `SELECT COALESCE(sum(amount) FILTER (WHERE currency = 'KRW'), 0)::text AS krw,
              COALESCE(sum(amount) FILTER (WHERE currency = 'USDT'), 0)::text AS usdt
         FROM withdrawals WHERE member_id = $1 AND status = 'pending'`,
      [id],
    );
    expect(Number(held?.krw)).toBeLessThanOrEqual(100000);
    expect(Number(held?.usdt)).toBe(6);
    expect(results.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(4 + 6);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
  });

  it('an idempotent retry holds once', async () => {
    const { client, id } = await funded('USDT', '10');
    const key = idemKey();
    const body = external({ amount: '6' });
    const [a, b] = await Promise.all([
      client.post('/api/withdrawals/crypto', body, { 'idempotency-key': key }),
      client.post('/api/withdrawals/crypto', body, { 'idempotency-key': key }),
    ]);
    const c = await client.post('/api/withdrawals/crypto', body, { 'idempotency-key': key });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.data.id, b.body.data.id, c.body.data.id]).size).toBe(1);
    const rows = await server.db.query('SELECT 1 FROM withdrawals WHERE member_id = $1', [id]);
    expect(rows).toHaveLength(1);
    expect((await available(client, 'USDT')).available).toBe('4');
  });
});
