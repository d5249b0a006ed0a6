import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyMovement } from '../../src/server/money/kernel';
import { verifyLedger } from '../../src/server/wallet/ledger';
import { dec } from '../../src/shared/decimal';
import { memberClient } from '../support/client';
import { fileServer } from '../support/fixture';

// The money kernel: a movement's balance changes, ledger entries, audit entry and live events are written
// together or not at all, and no other server code writes balances or the ledger.
const server = fileServer();

const counts = async (memberId: string) => {
  const [r] = await server.db.query<{ ledger: number; audit: number; events: number }>(
    `SELECT (SELECT count(*)::int FROM ledger_entries WHERE member_id = $1) AS ledger,
            (SELECT count(*)::int FROM audit_log WHERE target_id = $1::text) AS audit,
            (SELECT count(*)::int FROM live_events WHERE member_id = $1) AS events`,
    [memberId],
  );
  return r!;
};

const movement = (memberId: string, amounts: string[]) => ({
  changes: amounts.map((a) => ({
    memberId,
    currency: 'USDT' as const,
    amount: dec(a),
    kind: 'admin_adjustment' as const,
    actorId: null,
    note: '테스트',
  })),
  audit: (after: { toFixed(): string }[]) => ({
    actorId: null,
    actorUsername: 'test',
    action: 'member.balance.adjust' as const,
    targetType: 'member',
    targetId: memberId,
    after: { balances: after.map((b) => b.toFixed()) },
  }),
  events: [
    {
      type: 'balance.changed' as const,
      memberId,
      toMember: true,
      toAdmins: false,
      data: { currencies: ['USDT'] },
    },
  ],
});

describe('applyMovement', () => {
  it('writes every change with its ledger entry, the audit entry with what they left, and the event', async () => {
    const { id } = await memberClient(server.url);
    const after = await server.db.tx((q) => applyMovement(q, movement(id, ['10', '-2.5'])));
    expect(after.map((b) => b.toFixed())).toEqual(['10', '7.5']);
    expect(await counts(id)).toEqual({ ledger: 2, audit: 1, events: 1 });
    const [audit] = await server.db.query<{ after: unknown }>(
      'SELECT after FROM audit_log WHERE target_id = $1',
      [id],
    );
    expect(audit?.after).toEqual({ balances: ['10', '7.5'] });
    expect((await verifyLedger(server.db)).ok).toBe(true);
  });

  it('a change below zero refuses the whole movement: no balance, ledger, audit or event is written', async () => {
    const { id } = await memberClient(server.url);
    await expect(server.db.tx((q) => applyMovement(q, movement(id, ['5', '-6'])))).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await counts(id)).toEqual({ ledger: 0, audit: 0, events: 0 });
  });
});

describe('one write path', () => {
  it('no server file but the kernel writes balances or ledger entries', () => {
    const root = path.resolve(__dirname, '../../src/server');
    const writers: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) {
          if (e.name !== 'migrations') walk(full);
        } else if (e.name.endsWith('.ts')) {
          const text = readFileSync(full, 'utf8');
          if (/UPDATE\s+balances\s+SET|INSERT\s+INTO\s+ledger_entries/i.test(text)) {
            writers.push(path.relative(root, full));
          }
        }
      }
    };
    walk(root);
    expect(writers).toEqual(['money/kernel.ts']);
  });
});
