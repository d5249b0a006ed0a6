/**
 * The benchmark's data, written straight with SQL into a throw-away database: members with sessions
 * (a known cookie per member, so no login is timed), balances with locks, 100+ history rows per reader,
 * fresh prices, and pending KRW deposits spread over many members for the approval runs.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { hashToken } from '../src/server/auth/sessions';

export interface Member {
  id: string;
  cookie: string;
}

export interface Seed {
  readers: Member[];
  submitters: Member[];
  admin: Member;
  /** Members whose pending deposits the approval runs approve (spread so two approvals rarely wait on one row). */
  payees: string[];
}

const FAKE_HASH = `$argon2id$v=19$m=19456,t=2,p=1$${'x'.repeat(22)}$${'y'.repeat(43)}`;

/** A PostgreSQL database created for one benchmark run and dropped after it. */
export async function createBenchDatabase(
  baseUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(baseUrl);
  const name = `${base.pathname.slice(1) || 'wallet'}_bench`.replace(/[^a-zA-Z0-9_]/g, '_');
  const adminUrl = new URL(baseUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function members(
  c: pg.Client,
  prefix: string,
  n: number,
  opts: { admin?: boolean } = {},
): Promise<Member[]> {
  const { rows } = await c.query<{ id: string }>(
    `INSERT INTO members (username, email, full_name, contact, password_hash, second_password_hash, is_admin)
     SELECT $1 || i, $1 || i || '@bench.local', '벤치' || i, '010-1234-5678', $3, $3, $4
       FROM generate_series(1, $2::int) AS i
     RETURNING id::text AS id`,
    [prefix, n, FAKE_HASH, opts.admin ?? false],
  );
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  await c.query(
    `INSERT INTO sessions (token_hash, member_id, stage, expires_at)
     SELECT h, m::uuid, 'full', now() + interval '12 hours' FROM unnest($1::text[], $2::text[]) AS t(h, m)`,
    [tokens.map(hashToken), rows.map((r) => r.id)],
  );
  return rows.map((r, i) => ({ id: r.id, cookie: `wallet_session=${tokens[i]}` }));
}

export async function seed(
  url: string,
  opts: { readers: number; submitters: number; payees: number },
): Promise<Seed> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const readers = await members(c, 'benchr', opts.readers);
    const submitters = await members(c, 'benchs', opts.submitters);
    const [admin] = await members(c, 'benchadmin', 1, { admin: true });
    // An enrolled administrator, as production requires (ADMIN_TOTP_REQUIRED): the bench
    // approves with a session row of its own, so the secret is never asked for.
    await c.query(
      `INSERT INTO member_totp (member_id, secret, confirmed_at) VALUES ($1, 'plain:JBSWY3DPEHPK3PXP', now())`,
      [admin!.id],
    );
    // Won deposits come only from a member's verified own-name account: each submitter has one.
    await c.query(
      `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder, is_verified)
       SELECT m::uuid, '국민은행', '123-456-789012', '홍길동', true FROM unnest($1::text[]) AS m`,
      [submitters.map((m) => m.id)],
    );
    const payees = (await members(c, 'benchp', opts.payees)).map((m) => m.id);
    const ids = readers.map((r) => r.id);

    // Balances in every currency, each with the ledger entry that explains it (an administrator's adjustment).
    await c.query(
      `WITH b AS (
         INSERT INTO balances (member_id, currency, balance)
         SELECT m::uuid, cur, amt FROM unnest($1::text[]) AS m,
                (VALUES ('KRW', 12500000::numeric), ('ETH', 3.25), ('XRP', 1520.5), ('USDT', 8800.12)) AS v(cur, amt)
         RETURNING member_id, currency, balance)
       INSERT INTO ledger_entries (member_id, currency, amount, balance_after, kind, actor_id, note)
       SELECT member_id, currency, balance, balance, 'admin_adjustment', $2::uuid, 'bench' FROM b`,
      [ids, admin!.id],
    );
    // Locks: an open-ended, a running and an expired one per crypto currency.
    await c.query(
      `INSERT INTO asset_locks (member_id, currency, locked_amount, lock_start_date, lock_end_date, reason)
       SELECT m::uuid, cur, amt, s, e, r FROM unnest($1::text[]) AS m,
              (VALUES ('eth', 0.5::numeric, NULL::date, NULL::date, '보호예수'),
                      ('eth', 0.25, current_date - 10, current_date + 20, NULL),
                      ('usdt', 100, current_date - 40, current_date - 10, '만료'),
                      ('xrp', 20, NULL, current_date + 90, NULL)) AS v(cur, amt, s, e, r)`,
      [ids],
    );
    // History: 70 deposits and 70 withdrawals per reader over the last weeks, mixed statuses.
    await c.query(
      `INSERT INTO deposits (member_id, currency, amount, status, bank_name, account_number, account_holder,
                             depositor_name, created_at, updated_at)
       SELECT m::uuid, 'KRW', 10000 + i * 1000, (ARRAY['approved','approved','rejected','pending'])[1 + i % 4],
              '국민은행', '123-456-789012', '홍길동', '홍길동', now() - make_interval(hours => i * 5),
              now() - make_interval(hours => i * 5)
         FROM unnest($1::text[]) AS m, generate_series(1, 70) AS i`,
      [ids],
    );
    await c.query(
      `INSERT INTO withdrawals (member_id, currency, amount, fee, final_amount, method, network, recipient_address,
                                status, created_at, updated_at)
       SELECT m::uuid, 'USDT', 10 + i, 1, 9 + i, 'external', 'TRC20', 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy',
              (ARRAY['approved','rejected','approved','pending'])[1 + i % 4], now() - make_interval(hours => i * 5 + 2),
              now() - make_interval(hours => i * 5 + 2)
         FROM unnest($1::text[]) AS m, generate_series(1, 70) AS i`,
      [ids],
    );
    await refreshPrices(url, c);
    await c.query('ANALYZE');
    return { readers, submitters, admin: admin!, payees };
  } finally {
    await c.end();
  }
}

/** Stores fresh provider prices (the `live` path of getPrices). */
export async function refreshPrices(url: string, client?: pg.Client): Promise<void> {
  const c = client ?? new pg.Client({ connectionString: url });
  if (!client) await c.connect();
  try {
    await c.query(
      `INSERT INTO crypto_prices (symbol, price, source, updated_at)
       VALUES ('ETHUSDT', 3120.55, 'live', now()), ('XRPUSDT', 0.5612, 'live', now())
       ON CONFLICT (symbol) DO UPDATE SET price = excluded.price, source = 'live', updated_at = now()`,
    );
    await c.query(
      `INSERT INTO exchange_rates (from_currency, to_currency, rate, source, updated_at)
       VALUES ('USD', 'KRW', 1428.35, 'live', now())
       ON CONFLICT (from_currency, to_currency) DO UPDATE SET rate = excluded.rate, source = 'live', updated_at = now()`,
    );
  } finally {
    if (!client) await c.end();
  }
}

/**
 * `n` pending KRW deposits, one payee after another (deposit i belongs to payee i mod P), returned in
 * that order: consecutive approvals credit different members, as an operator's queue would.
 */
export async function pendingDeposits(url: string, payees: string[], n: number): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: string }>(
      `WITH p AS (SELECT m::uuid AS member_id, ord FROM unnest($1::text[]) WITH ORDINALITY AS t(m, ord)),
            ins AS (
              INSERT INTO deposits (member_id, currency, amount, bank_name, account_number, account_holder, depositor_name)
              SELECT p.member_id, 'KRW', 10000 + i, '신한은행', '110-123-456789', '김벤치', '김벤치'
                FROM generate_series(0, $2::int - 1) AS i JOIN p ON p.ord = 1 + i % $3
              RETURNING id, amount)
       SELECT id::text AS id FROM ins ORDER BY amount`,
      [payees, n, payees.length],
    );
    // Thousands of rows in one statement just before a timed run, after a run that filled the totals tables:
    // autovacuum, which analyses a table within a minute of such growth on a real server, has not yet, and
    // plans made on the old statistics (an empty table) would scan these tables at every approval.
    await c.query('ANALYZE');
    return rows.map((r) => r.id);
  } finally {
    await c.end();
  }
}
