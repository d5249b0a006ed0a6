import { describe, expect, it } from 'vitest';
import { newErc20Address } from '../support/addresses';
import { memberClient } from '../support/client';
import { fileAdmin, fileServer } from '../support/fixture';

/**
 * Closing an account and the member's own requests serialise on the member (decision 0311): once the
 * close has answered 200, no request of that member has been accepted after it. Meaningful on PostgreSQL,
 * where the requests really run beside the close; PGlite runs them one after the other.
 */
const server = fileServer();
const admin = fileAdmin(server);

type Res = { status: number; body: any };

/** The member's 50 requests: deposits, withdrawals, address book, contact and email changes. */
function memberRequests(m: Awaited<ReturnType<typeof memberClient>>, round: number) {
  const c = m.client;
  const out: { kind: string; run: () => Promise<Res> }[] = [];
  for (let i = 0; i < 20; i++) {
    out.push({
      kind: 'deposit',
      run: () =>
        c.post('/api/deposits/krw', {
          bank_name: '신한은행',
          account_number: '110-123-456789',
          account_holder: '홍길동',
          amount: '10000',
          depositor_name: '홍길동',
        }),
    });
  }
  for (let i = 0; i < 10; i++) {
    out.push({
      kind: 'withdrawal',
      run: () =>
        c.post('/api/withdrawals/krw', {
          amount: '10000',
          bank_name: '신한은행',
          account_number: '110-123-456789',
          account_holder: '홍길동',
          memo: '',
        }),
    });
  }
  for (let i = 0; i < 4; i++) {
    out.push({
      kind: 'address',
      run: () =>
        c.post('/api/withdrawal-addresses', {
          network: 'ERC20',
          address: newErc20Address(),
          label: '내 지갑',
          wallet_kind: 'own',
          second_password: m.creds.pin,
        }),
    });
  }
  for (let i = 0; i < 12; i++) {
    out.push({
      kind: 'contact',
      run: () =>
        c.call('PATCH', '/api/profile/contact', {
          contact: `010-${String(1000 + round).slice(-4)}-${String(1000 + i).slice(-4)}`,
        }),
    });
  }
  for (let i = 0; i < 4; i++) {
    out.push({
      kind: 'email',
      run: () => c.post('/api/profile/email', { email: `new${round}_${i}_${m.creds.username}@example.com` }),
    });
  }
  return out;
}

const onPostgres = Boolean(process.env.DATABASE_URL);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether a transaction holds the member's row FOR UPDATE (the close, past its first lock). */
async function memberRowHeld(memberId: string): Promise<boolean> {
  try {
    await server.db.query('SELECT 1 FROM members WHERE id = $1 FOR KEY SHARE NOWAIT', [memberId]);
    return false;
  } catch (err) {
    if ((err as { code?: string }).code === '55P03') return true;
    throw err;
  }
}

async function lockWaiters(): Promise<number> {
  const [row] = await server.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return row?.n ?? 0;
}

describe('closing an account while the member sends requests', () => {
  it.runIf(onPostgres)(
    'after a close that answered 200, none of the 50 parallel requests of the member was accepted after it (PostgreSQL)',
    async () => {
      const m = await memberClient(server.url);
      // The account the won requests name is the member's verified own one, recorded before the burst, so
      // only the close can refuse them. The client does not record it per request: those writes would
      // wait on the close with the connections of the test's own handle, which the test needs meanwhile.
      await server.db.query(
        `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder, is_verified)
         VALUES ($1, '신한은행', '110-123-456789', '홍길동', true)`,
        [m.id],
      );
      m.client.ownAccount = null;
      const requests = memberRequests(m, 0);
      expect(requests).toHaveLength(50);
      let all: Promise<[Res, { kind: string; res: Res }[]]> | undefined;
      // The test holds the member's balance rows: the close takes the member's row, then waits here, with
      // the sessions still in place. The 50 requests are sent then, pass their session checks and run
      // into the close; the test lets the close go on once they wait on it.
      await server.db.tx(async (q) => {
        await q.query('SELECT 1 FROM balances WHERE member_id = $1 FOR UPDATE', [m.id]);
        const closing = admin.client.post(`/api/admin/members/${m.id}/close`);
        for (let i = 0; i < 400 && !(await memberRowHeld(m.id)); i++) await pause(10);
        const sent = Promise.all(requests.map(async (r) => ({ kind: r.kind, res: await r.run() })));
        // Up to eight of the requests waiting on the close (the server's pool has ten connections; the
        // close holds one): enough in flight, short of the pool's own 5-second wait.
        for (let i = 0; i < 300 && (await lockWaiters()) < 9; i++) await pause(10);
        all = Promise.all([closing, sent]);
      });
      const [closed, answers] = await all!;
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      for (const a of answers)
        expect(a.res.status, `${a.kind} ${JSON.stringify(a.res.body)}`).toBeLessThan(500);

      const accepted = (kind: string) => answers.filter((a) => a.kind === kind && a.res.status < 300);
      // A deposit or withdrawal accepted before the close would have been pending and refused the close.
      expect(accepted('deposit')).toHaveLength(0);
      expect(accepted('withdrawal')).toHaveLength(0);
      const one = async (sql: string) =>
        ((await server.db.query<{ n: number }>(sql, [m.id]))[0] as { n: number }).n;
      expect(await one('SELECT count(*)::int AS n FROM deposits WHERE member_id = $1')).toBe(0);
      expect(await one('SELECT count(*)::int AS n FROM withdrawals WHERE member_id = $1')).toBe(0);
      // Nothing of the member's was written after the close: no session, no email change, and the
      // personal data stays masked.
      expect(await one('SELECT count(*)::int AS n FROM sessions WHERE member_id = $1')).toBe(0);
      expect(await one('SELECT count(*)::int AS n FROM email_changes WHERE member_id = $1')).toBe(0);
      const [row] = await server.db.query<{ contact: string; email: string }>(
        'SELECT contact, email FROM members WHERE id = $1',
        [m.id],
      );
      expect(row!.contact).toContain('*');
      expect(row!.email).toContain('*');
      expect(accepted('contact')).toHaveLength(0);
      expect(await one('SELECT count(*)::int AS n FROM withdrawal_addresses WHERE member_id = $1')).toBe(
        accepted('address').length,
      );
      // The refusals are the member's account being closed (403) or the session being gone (401).
      for (const a of answers)
        expect([401, 403, 409, 429], `${a.kind} ${JSON.stringify(a.res.body)}`).toContain(a.res.status);
      expect((await m.client.get('/api/balances')).status).toBe(401);
    },
  );

  it('a closed member cannot be written to afterwards, whatever path the write takes', async () => {
    const m = await memberClient(server.url);
    expect((await admin.client.post(`/api/admin/members/${m.id}/close`)).status).toBe(200);
    // Straight in the database, as a request past its checks would write: refused by the database.
    for (const sql of [
      `INSERT INTO deposits (member_id, currency, amount) VALUES ($1, 'KRW', 10000)`,
      `UPDATE members SET contact = '010-1111-2222' WHERE id = $1`,
      `INSERT INTO sessions (member_id, token_hash, stage, expires_at)
         VALUES ($1, 'x' || gen_random_uuid(), 'full', now() + interval '1 hour')`,
    ]) {
      await expect(server.db.query(sql, [m.id]), sql).rejects.toMatchObject({ code: 'WC001' });
    }
  });
});
