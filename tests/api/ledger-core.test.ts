import { describe, expect, it } from 'vitest';
import { readBalanceState } from '../../src/server/wallet/balance-state';
import { verifyLedger } from '../../src/server/wallet/ledger';
import { memberClient } from '../support/client';
import { fileServer } from '../support/fixture';
import { adjustBalance } from '../support/money';

const server = fileServer();
// adjustBalance (tests/support/money.ts) is the money core itself: lockBalances, then applyBalanceChange.

describe('ledger core', () => {
  it('changes a balance only with its ledger entry, exactly, and never below zero', async () => {
    const { id } = await memberClient(server.url);
    const credit = (amount: string) => adjustBalance(server.db, id, 'ETH', amount);
    expect((await credit('0.1')).toFixed()).toBe('0.1');
    expect((await credit('0.2')).toFixed()).toBe('0.3');
    await expect(credit('-0.30000001')).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect((await credit('-0.3')).toFixed()).toBe('0');
    const entries = await server.db.query('SELECT 1 FROM ledger_entries WHERE member_id = $1', [id]);
    expect(entries).toHaveLength(3);
    expect((await verifyLedger(server.db)).ok).toBe(true);
  });

  it('serialises concurrent debits on one balance: none goes below zero', async () => {
    const { id } = await memberClient(server.url);
    const change = (amount: string) => adjustBalance(server.db, id, 'USDT', amount);
    await change('10');
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => change('-1')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const state = await readBalanceState(server.db, id, 'USDT');
    expect(state.total.toFixed()).toBe('0');
    expect((await verifyLedger(server.db)).ok).toBe(true);
  });

  it('counts only active locks and pending withdrawals against the available balance', async () => {
    const { id } = await memberClient(server.url);
    await adjustBalance(server.db, id, 'XRP', '100');
    await server.db.query(
      `INSERT INTO asset_locks (member_id, currency, locked_amount, lock_end_date) VALUES
        ($1, 'xrp', 10, (now() AT TIME ZONE 'Asia/Seoul')::date), ($1, 'xrp', 20, NULL), ($1, 'xrp', 40, DATE '2000-01-01')`,
      [id],
    );
    await server.db.query(
      `INSERT INTO withdrawals (member_id, currency, amount, fee, final_amount, method, recipient_id)
       VALUES ($1, 'XRP', 5, 0, 5, 'internal', 'someone')`,
      [id],
    );
    const s = await readBalanceState(server.db, id, 'XRP');
    expect([s.total, s.locked, s.held, s.available].map((d) => d.toFixed())).toEqual([
      '100',
      '30',
      '5',
      '65',
    ]);
    const btc = await readBalanceState(server.db, id, 'BTC');
    expect(btc.total.toFixed()).toBe('0');
  });
});
