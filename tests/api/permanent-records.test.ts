import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { fund, insertDeposit, insertWithdrawal } from '../support/admin-fixtures';
import { memberClient } from '../support/client';
import { fileServer } from '../support/fixture';

// Counts whole tables while it tries to change them: a database of its own.
const server = fileServer({}, { ownDatabase: true });

const exists = async (db: Db, table: string) =>
  (await db.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [table]))[0]?.t != null;

describe('permanent records in the database itself (as the application’s own database user)', () => {
  it('the ledger, the audit log and the sign-in log refuse UPDATE, DELETE and TRUNCATE', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { KRW: '5000' });
    await server.db.query(
      `INSERT INTO audit_log (actor_id, actor_username, action, target_type, target_id) VALUES ($1::uuid, 'x', 'test.entry', 'member', $1::text)`,
      [m.id],
    );
    const tables: [string, string][] = [
      ['ledger_entries', 'member_id = $1'],
      ['audit_log', 'target_id = $1::text'],
    ];
    if (await exists(server.db, 'auth_events')) tables.push(['auth_events', 'true']);
    for (const [table, where] of tables) {
      const [before] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      const param = where.includes('$1') ? [m.id] : [];
      await expect(
        server.db.query(`DELETE FROM ${table} WHERE ${where}`, param),
        `${table} delete`,
      ).rejects.toThrow(/permanent record|append-only/);
      await expect(
        server.db.query(`UPDATE ${table} SET created_at = created_at WHERE ${where}`, param),
        `${table} update`,
      ).rejects.toThrow(/permanent record|append-only/);
      await expect(server.db.query(`TRUNCATE ${table} CASCADE`), `${table} truncate`).rejects.toThrow(
        /permanent record|append-only/,
      );
      const [after] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      expect(after?.n, table).toBe(before?.n);
    }
    // The ledger refuses even a change that looks harmless (001 checked only four columns).
    await expect(
      server.db.query(`UPDATE ledger_entries SET note = 'rewritten' WHERE member_id = $1`, [m.id]),
    ).rejects.toThrow(/permanent record|append-only/);
  });

  it('requests and members are never deleted', async () => {
    const m = await memberClient(server.url);
    await insertDeposit(server.db, m.id, { status: 'rejected' });
    await insertWithdrawal(server.db, m.id, { status: 'rejected' });
    for (const [table, col] of [
      ['deposits', 'member_id'],
      ['withdrawals', 'member_id'],
      ['members', 'id'],
    ] as const) {
      await expect(server.db.query(`DELETE FROM ${table} WHERE ${col} = $1`, [m.id]), table).rejects.toThrow(
        /permanent record|append-only/,
      );
    }
    expect(await server.db.query('SELECT 1 FROM deposits WHERE member_id = $1', [m.id])).toHaveLength(1);
    expect(await server.db.query('SELECT 1 FROM withdrawals WHERE member_id = $1', [m.id])).toHaveLength(1);
  });

  it('a payout, a derived address, a destination tag and a reserve snapshot are never deleted', async () => {
    const m = await memberClient(server.url);
    const w = await insertWithdrawal(server.db, m.id, { status: 'approved' });
    const txid = randomBytes(32).toString('hex');
    await server.db.query(
      `INSERT INTO withdrawal_payouts (withdrawal_id, network, txid, recorded_by_username) VALUES ($1, 'TRC20', $2, 'x')`,
      [w, txid],
    );
    await server.db.query(
      `INSERT INTO deposit_address_derivations (network, xpub, derivation_index, address, member_id)
       VALUES ('TRC20', repeat('x', 111), nextval('deposit_derivation_index_trc20'), $1, $2)`,
      [`T${randomBytes(16).toString('hex')}`, m.id],
    );
    await server.db.query(
      `INSERT INTO member_deposit_tags (member_id, tag) VALUES ($1, nextval('member_deposit_tag_seq'))`,
      [m.id],
    );
    const refused = /permanent record|append-only/;
    for (const table of ['withdrawal_payouts', 'deposit_address_derivations', 'member_deposit_tags']) {
      const col = table === 'withdrawal_payouts' ? 'withdrawal_id' : 'member_id';
      const id = table === 'withdrawal_payouts' ? w : m.id;
      await expect(server.db.query(`DELETE FROM ${table} WHERE ${col} = $1`, [id]), table).rejects.toThrow(
        refused,
      );
      await expect(server.db.query(`TRUNCATE ${table} CASCADE`), `${table} truncate`).rejects.toThrow(
        refused,
      );
      expect(await server.db.query(`SELECT 1 FROM ${table} WHERE ${col} = $1`, [id]), table).toHaveLength(1);
    }
    await expect(server.db.query('TRUNCATE reserve_snapshots')).rejects.toThrow(refused);
    // What was recorded never changes; the checker's verdict is written once and is then final.
    await expect(
      server.db.query(`UPDATE withdrawal_payouts SET txid = $2 WHERE withdrawal_id = $1`, [
        w,
        '0'.repeat(64),
      ]),
    ).rejects.toThrow(refused);
    await server.db.query(`UPDATE withdrawal_payouts SET status = 'confirmed' WHERE withdrawal_id = $1`, [w]);
    await expect(
      server.db.query(`UPDATE withdrawal_payouts SET status = 'recorded' WHERE withdrawal_id = $1`, [w]),
    ).rejects.toThrow(refused);
  });

  it('every foreign key to members, deposits or withdrawals is ON DELETE RESTRICT', async () => {
    const fks = await server.db.query<{ tbl: string; conname: string; confdeltype: string }>(
      `SELECT conrelid::regclass::text AS tbl, conname, confdeltype::text AS confdeltype FROM pg_constraint
        WHERE contype = 'f' AND confrelid IN ('members'::regclass, 'deposits'::regclass, 'withdrawals'::regclass)`,
    );
    const tables = new Set(fks.map((f) => f.tbl));
    for (const t of ['balances', 'ledger_entries', 'deposits', 'withdrawals', 'asset_locks', 'audit_log']) {
      expect(tables, t).toContain(t);
    }
    if (await exists(server.db, 'auth_events')) expect(tables).toContain('auth_events');
    for (const fk of fks) expect(fk.confdeltype, `${fk.tbl}.${fk.conname}`).toBe('r');
  });
});
