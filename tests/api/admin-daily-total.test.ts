import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/server/db';
import { adminTotalKrw } from '../../src/server/money/limits';
import { verifyLedger } from '../../src/server/wallet/ledger';
import { memberClient } from '../support/client';
import { fileAdmin, fileServer } from '../support/fixture';

// The four-eyes daily total of one administrator is read from hourly totals plus the ledger entries of the
// hour the 24-hour window starts in: it must equal the plain sum of the ledger entries inside the window,
// wherever the entries fall against the hour boundaries.
const server = fileServer();
const admin = fileAdmin(server);

/** Appends an entry of `kind` as if written `ago` before now (the ledger admits inserts only). */
async function entry(
  q: Queryable,
  memberId: string,
  amount: string,
  ago: string,
  kind = 'admin_adjustment',
  confirmedBy?: string,
) {
  await q.query(
    `INSERT INTO ledger_entries (member_id, currency, amount, balance_after, kind, actor_id, confirmed_by, note, created_at)
     VALUES ($1, 'KRW', $2, 0, $3, $4, $5, 'window test', now() - $6::interval)`,
    [memberId, amount, kind, admin.id, confirmedBy ?? null, ago],
  );
}

const plainSum = async () => {
  const [r] = await server.db.query<{ s: string }>(
    `SELECT COALESCE(sum(abs(amount)), 0)::text AS s FROM ledger_entries
      WHERE actor_id = $1 AND confirmed_by IS NULL AND created_at > now() - interval '24 hours'
        AND kind IN ('deposit', 'withdrawal', 'transfer_out', 'admin_adjustment')`,
    [admin.id],
  );
  return r?.s ?? '0';
};

describe('an administrator’s 24-hour total', () => {
  it('equals the ledger’s sum inside the window, at every edge of the hours', async () => {
    const m = await memberClient(server.url);
    const other = await memberClient(server.url);
    // One transaction, the member's balance set to what the entries add up to: other files check the shared
    // database's ledger meanwhile.
    await server.db.tx(async (q) => {
      // Outside the window, at its edge, inside the hour it starts in, and in whole hours after it.
      for (const [amount, ago] of [
        ['1000', '24 hours 30 minutes'],
        ['2000', '24 hours 1 second'],
        ['4000', '23 hours 59 minutes'],
        ['8000', '23 hours 30 minutes'],
        ['16000', '23 hours'],
        ['32000', '12 hours'],
        ['-64000', '1 minute'],
        ['128000', '0 seconds'],
      ] as const) {
        await entry(q, m.id, amount, ago);
      }
      // Not counted: confirmed by a second administrator, and a kind that moves no money in or out.
      await entry(q, m.id, '256000', '1 hour', 'admin_adjustment', other.id);
      await entry(q, m.id, '512000', '1 hour', 'transfer_in');
      await q.query(
        `INSERT INTO balances (member_id, currency, balance)
       SELECT $1, 'KRW', sum(amount) FROM ledger_entries WHERE member_id = $1 AND currency = 'KRW'
       ON CONFLICT (member_id, currency) DO UPDATE SET balance = excluded.balance`,
        [m.id],
      );
    });

    const expected = await plainSum();
    expect(expected).toBe('252000.00000000');
    expect((await adminTotalKrw(server.db, 60, admin.id)).toFixed()).toBe('252000');
    expect((await verifyLedger(server.db)).hourlyMismatches).toEqual([]);
  });
});
