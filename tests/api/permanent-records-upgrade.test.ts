import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../../src/server/db';
import { migrate } from '../../src/server/db/migrate';
import { fileServer } from '../support/fixture';

const MIGRATIONS = path.resolve('src/server/db/migrations');
// Counts whole tables while it tries to change them: a database of its own.
const server = fileServer({}, { ownDatabase: true });

/**
 * A database filled by the version with migrations 001–006 only (before money records became
 * permanent) is brought to this model by the remaining migrations without losing or changing a row.
 * On PostgreSQL it runs in a schema of its own.
 */
describe('upgrading a database of the previous version', () => {
  let db: Db;
  let schema: string | null = null;
  beforeAll(async () => {
    // The schema lives in the file's own database (the server's), so connect there, not to the shared one.
    const url = process.env.DATABASE_URL ? server.config.databaseUrl : undefined;
    if (url) {
      schema = `upgrade_${randomBytes(6).toString('hex')}`;
      await server.db.query(`CREATE SCHEMA ${schema}`);
      const sep = url.includes('?') ? '&' : '?';
      db = await openDb({
        databaseUrl: `${url}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      });
    } else {
      db = await openDb({ memory: true });
    }
  });
  afterAll(async () => {
    await db?.close();
    if (schema) await server.db.query(`DROP SCHEMA ${schema} CASCADE`);
  });

  const MONEY_TABLES = [
    'members',
    'balances',
    'ledger_entries',
    'deposits',
    'withdrawals',
    'asset_locks',
    'bank_accounts',
    'audit_log',
    'sessions',
    'idempotency_keys',
  ];
  /** Every row of every table, as JSON text, without the columns the upgrade adds. */
  // Later migrations may add columns (010: a deposit's network); what was there must be kept as it was,
  // so the rows after the upgrade are compared on the columns the previous version had.
  const columnsBefore: Record<string, string[]> = {};
  const contents = async () => {
    const out: Record<string, string[]> = {};
    for (const t of MONEY_TABLES) {
      if (!columnsBefore[t]) {
        const cols = await db.query<{ c: string }>(
          `SELECT column_name::text AS c FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = $1`,
          [t],
        );
        columnsBefore[t] = cols.map((r) => r.c);
      }
      const rows = await db.query<{ r: string }>(
        `SELECT (SELECT jsonb_object_agg(e.key, e.value) FROM jsonb_each(to_jsonb(x)) e
                  WHERE e.key = ANY($1::text[]) AND e.key NOT IN ('closed_at', 'closed_by'))::text AS r
           FROM ${t} x ORDER BY 1`,
        [columnsBefore[t]],
      );
      out[t] = rows.map((row) => row.r);
    }
    return out;
  };

  it('keeps every row and its content, and then refuses deletions', async () => {
    expect(await migrate(db, { through: '006_audit_member_txid.sql' })).toHaveLength(6);
    // The previous version's data: members, balances, a deposit, an internal transfer, an external
    // withdrawal, a lock, a bank account, audit entries and a session.
    const [admin, alice, bob] = await db.query<{ id: string }>(
      `INSERT INTO members (username, email, full_name, contact, password_hash, is_admin)
       VALUES ('boss', 'boss@example.com', '관리자', '', 'h', true),
              ('alice', 'alice@example.com', '앨리스', '010-1111-2222', 'h', false),
              ('bob', 'bob@example.com', '밥', '', 'h', false)
       RETURNING id::text AS id`,
    );
    const ids = { admin: admin!.id, alice: alice!.id, bob: bob!.id };
    await db.query(
      `INSERT INTO balances (member_id, currency, balance) SELECT m, c, 0 FROM unnest($1::uuid[]) m, unnest(ARRAY['KRW','ETH','XRP','USDT']) c`,
      [[ids.alice, ids.bob]],
    );
    const [dep] = await db.query<{ id: string }>(
      `INSERT INTO deposits (member_id, currency, amount, status, txid, processed_by, processed_at)
       VALUES ($1, 'USDT', 100, 'approved', 'ab12', $2, now()) RETURNING id::text AS id`,
      [ids.alice, ids.admin],
    );
    await db.query(
      `INSERT INTO ledger_entries (member_id, currency, amount, balance_after, kind, deposit_id, actor_id)
       VALUES ($1, 'USDT', 100, 100, 'deposit', $2, $3)`,
      [ids.alice, dep!.id, ids.admin],
    );
    const [tr] = await db.query<{ id: string }>(
      `INSERT INTO withdrawals (member_id, currency, amount, fee, final_amount, method, recipient_id, recipient_member_id,
                                status, processed_by, processed_at)
       VALUES ($1, 'USDT', 40, 1, 39, 'internal', 'bob', $2, 'approved', $3, now()) RETURNING id::text AS id`,
      [ids.alice, ids.bob, ids.admin],
    );
    await db.query(
      `INSERT INTO ledger_entries (member_id, currency, amount, balance_after, kind, withdrawal_id, actor_id)
       VALUES ($1, 'USDT', -40, 60, 'transfer_out', $3, $4), ($2, 'USDT', 39, 39, 'transfer_in', $3, $4)`,
      [ids.alice, ids.bob, tr!.id, ids.admin],
    );
    await db.query(
      `INSERT INTO withdrawals (member_id, currency, amount, fee, final_amount, method, network, recipient_address)
       VALUES ($1, 'USDT', 10, 1, 9, 'external', 'TRC20', 'TXYZ')`,
      [ids.alice],
    );
    await db.query(`UPDATE balances SET balance = 60 WHERE member_id = $1 AND currency = 'USDT'`, [
      ids.alice,
    ]);
    await db.query(`UPDATE balances SET balance = 39 WHERE member_id = $1 AND currency = 'USDT'`, [ids.bob]);
    await db.query(
      `INSERT INTO asset_locks (member_id, currency, locked_amount, reason, created_by) VALUES ($1, 'usdt', 5, '보증', $2)`,
      [ids.alice, ids.admin],
    );
    await db.query(
      `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder) VALUES ($1, '우리은행', '1002123456789', '앨리스')`,
      [ids.alice],
    );
    await db.query(
      `INSERT INTO audit_log (actor_id, actor_username, action, target_type, target_id, before, after)
       VALUES ($1, 'boss', 'deposit.approve', 'deposit', $2, '{"status":"pending"}', '{"status":"approved"}'),
              (gen_random_uuid(), 'gone', 'member.delete', 'member', gen_random_uuid()::text, '{"username":"old"}', NULL)`,
      [ids.admin, dep!.id],
    );
    await db.query(
      `INSERT INTO sessions (token_hash, member_id, stage, expires_at) VALUES ('t1', $1, 'full', now() + interval '1 hour')`,
      [ids.bob],
    );
    // The sign-in log arrives in migration 007; on a branch without it, a stand-in of its shape (with
    // a row naming a member an earlier version deleted) exercises 009's guarded link.
    const standIn = !(await readdir(MIGRATIONS)).some((f) => f.startsWith('007_'));
    if (standIn) {
      await db.query(
        'CREATE TABLE auth_events (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, member_id uuid)',
      );
      await db.query('INSERT INTO auth_events (member_id) VALUES ($1), (gen_random_uuid()), (NULL)', [
        ids.alice,
      ]);
    }
    const before = await contents();

    const applied = await migrate(db);
    expect(applied).toContain('009_permanent_records.sql');
    const after = await contents();
    for (const t of MONEY_TABLES) expect(after[t], t).toEqual(before[t]);
    expect(before.ledger_entries).toHaveLength(3);
    expect(before.audit_log).toHaveLength(2);

    // The upgraded database is the new model: nothing is deleted, the transfer keeps its link.
    await expect(db.query('DELETE FROM ledger_entries')).rejects.toThrow(/permanent record|append-only/);
    await expect(db.query('DELETE FROM audit_log')).rejects.toThrow(/permanent record|append-only/);
    await expect(db.query('DELETE FROM withdrawals WHERE id = $1', [tr!.id])).rejects.toThrow(
      /permanent record|append-only/,
    );
    await expect(db.query('DELETE FROM members WHERE id = $1', [ids.bob])).rejects.toThrow(
      /permanent record|append-only/,
    );
    const [fkMode] = await db.query<{ modes: string[] }>(
      `SELECT array_agg(DISTINCT confdeltype::text) AS modes FROM pg_constraint
        WHERE contype = 'f' AND confrelid IN ('members'::regclass, 'deposits'::regclass, 'withdrawals'::regclass)`,
    );
    expect(fkMode?.modes).toEqual(['r']);
    if (standIn) {
      expect(await db.query('SELECT 1 FROM auth_events')).toHaveLength(3);
      await expect(db.query('DELETE FROM auth_events')).rejects.toThrow(/permanent record|append-only/);
      await expect(
        db.query('INSERT INTO auth_events (member_id) VALUES (gen_random_uuid())'),
      ).rejects.toThrow(/foreign key/);
    }
    const [open] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM members WHERE closed_at IS NULL',
    );
    expect(open?.n).toBe(3);
  });
});
