import { describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/server/db';
import { lockMember } from '../../src/server/members/lock-member';
import { verifyLedger } from '../../src/server/wallet/ledger';
import { fund } from '../support/admin-fixtures';
import { memberClient } from '../support/client';
import { fileAdmin, fileChecker, fileServer } from '../support/fixture';
import { proposeAndConfirm } from '../support/four-eyes';

/**
 * Regressions found by the reliability suite's concurrency test: an administrator's action on a member
 * must not deadlock against that member's requests (docs/decisions/0070-member-row-lock.md).
 */
const server = fileServer();
const admin = fileAdmin(server);
const checker = fileChecker(server);

describe('administrator actions and member requests at the same time', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    "the administrator's member lock does not hold back rows that reference the member",
    async () => {
      const m = await memberClient(server.url);
      const other: Db = await openDb({ databaseUrl: process.env.DATABASE_URL });
      try {
        await server.db.tx(async (q) => {
          await lockMember(q, m.id);
          // A new request of the member (its foreign key takes KEY SHARE on the member row) goes through.
          await other.tx(async (q2) => {
            await q2.query(`SET LOCAL lock_timeout = '2s'`);
            await q2.query(
              `INSERT INTO deposits (member_id, currency, amount, bank_name, account_number, account_holder, depositor_name)
               VALUES ($1, 'KRW', 10000, '국민은행', '110-123-456789', '홍길동', '홍길동')`,
              [m.id],
            );
          });
        });
      } finally {
        await other.close();
      }
    },
  );

  it('balance edits, withdrawals and their approvals on one member in parallel: no error, ledger intact', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { KRW: '10000000' });
    const created = await Promise.all(
      Array.from({ length: 12 }, () =>
        m.client.post('/api/withdrawals/krw', {
          amount: '10000',
          bank_name: '국민은행',
          account_number: '110-123-456789',
          account_holder: '홍길동',
        }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(created.map(() => 201));
    const statuses = await Promise.all([
      ...created.map((r) =>
        admin.client.post(`/api/admin/withdrawals/${(r.body.data as { id: string }).id}/approve`),
      ),
      ...Array.from({ length: 12 }, (_, i) =>
        // Proposed by one administrator, confirmed by the other (two-person approval, decision 0160).
        proposeAndConfirm(admin.client, checker.client, 'PUT', `/api/admin/members/${m.id}/balances`, {
          krw: String(20_000_000 + i),
        }),
      ),
      ...Array.from({ length: 12 }, () =>
        m.client.post('/api/withdrawals/krw', {
          amount: '10000',
          bank_name: '국민은행',
          account_number: '110-123-456789',
          account_holder: '홍길동',
        }),
      ),
    ]).then((rs) => rs.map((r) => r.status));
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect((await verifyLedger(server.db)).ok).toBe(true);
  });
});
