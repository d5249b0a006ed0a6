import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_BATCH_ROWS } from '../../src/server/exports/batches';
import { exportSource } from '../../src/server/exports/sources';
import { kstDayKey } from '../../src/shared/format';
import { MSG } from '../../src/shared/messages';
import { fund, insertDeposit, insertWithdrawal } from '../support/admin-fixtures';
import { adminClient, Client, memberClient } from '../support/client';
import { adjustBalance } from '../support/money';
import { startTestServer, type TestServer } from '../support/server';

// The desk's records: the audit and sign-in logs filtered by username, action and period (Korean days),
// and the CSV exports (BOM, Korean headers, quoting, formula guard, streamed in batches, audited).
const X = MSG.deskRecords.exports;
const E = MSG.authEvents;
let server: TestServer;
let a: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  server = await startTestServer();
  a = await adminClient(server.url, server.db);
});
afterAll(async () => {
  await server?.close();
});

const kstDay = (plus = 0) => kstDayKey(new Date(), plus);
const period = `from=${kstDay(-1)}&to=${kstDay(1)}`;

const cookieOf = (c: Client) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

const download = async (path: string) => {
  const res = await fetch(`${server.url}${path}`, { headers: { cookie: cookieOf(a.client) } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
};

describe('audit log filters', () => {
  it('by username (whom it concerns or who acted), action and period; an unknown username lists nothing', async () => {
    const m = await memberClient(server.url);
    const saved = await a.client.call('PUT', `/api/admin/members/${m.id}/bank-account`, {
      bank_name: '국민은행',
      account_number: '123456-01-234567',
      account_holder: m.creds.fullName,
    });
    expect(saved.status).toBe(200);
    const mine = await a.client.get(`/api/admin/audit?username=${m.creds.username.toUpperCase()}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.items.length).toBeGreaterThan(0);
    for (const e of mine.body.data.items) expect(e.member_username).toBe(m.creds.username);
    const byAction = await a.client.get(
      `/api/admin/audit?username=${m.creds.username}&action=member.bank_account.save&${period}`,
    );
    expect(byAction.body.data.items).toHaveLength(1);
    expect(byAction.body.data.items[0].action).toBe('member.bank_account.save');
    // Who acted: the administrator's own entries.
    const byActor = await a.client.get(
      `/api/admin/audit?username=${a.creds.username}&action=member.bank_account.save`,
    );
    expect(
      byActor.body.data.items.some(
        (e: { member_username: string }) => e.member_username === m.creds.username,
      ),
    ).toBe(true);
    const future = await a.client.get(`/api/admin/audit?username=${m.creds.username}&from=${kstDay(2)}`);
    expect(future.body.data).toMatchObject({ items: [], total: 0 });
    const nobody = await a.client.get('/api/admin/audit?username=nobody-here-at-all');
    expect(nobody.status).toBe(200);
    expect(nobody.body.data).toMatchObject({ items: [], total: 0 });
  });

  it('bad filters are refused in Korean (400) and members are refused (403)', async () => {
    const bad = await a.client.get('/api/admin/audit?from=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields?.from).toBe(E.dateInvalid);
    const reversed = await a.client.get(`/api/admin/audit?from=${kstDay(1)}&to=${kstDay(-1)}`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.error?.fields?.to).toBe(E.dateRangeInvalid);
    const action = await a.client.get('/api/admin/audit?action=DROP%20TABLE');
    expect(action.status).toBe(400);
    expect(action.body.error?.fields?.action).toBe(X.actionInvalid);
    const m = await memberClient(server.url);
    expect((await m.client.get('/api/admin/audit')).status).toBe(403);
  });
});

describe('sign-in log filters', () => {
  it('by username; an unknown username lists nothing', async () => {
    const m = await memberClient(server.url);
    const r = await a.client.get(`/api/admin/auth-events?username=${m.creds.username}&${period}`);
    expect(r.status).toBe(200);
    expect(r.body.data.items.length).toBeGreaterThan(0);
    for (const e of r.body.data.items) expect(e.username).toBe(m.creds.username);
    const none = await a.client.get('/api/admin/auth-events?username=nobody-here-at-all');
    expect(none.body.data).toMatchObject({ items: [], total: 0 });
  });
});

describe('CSV exports', () => {
  it('UTF-8 with BOM, Korean headers, quoted cells, formulas guarded; the export is audited', async () => {
    // A sign-in attempt typing a formula with a comma and quotes: stored as typed, exported as text.
    const typed = '=SUM(1,2)"x"';
    await new Client(server.url).call('POST', '/api/login', { email: typed, password: 'wrong-password-1' });
    const { res, bytes, text } = await download(`/api/admin/exports/auth-events.csv?${period}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(`auth-events_${kstDay(-1)}_${kstDay(1)}.csv`);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      [
        X.columns.time,
        X.columns.member,
        X.columns.identifier,
        X.columns.activity,
        X.columns.result,
        X.columns.ip,
        X.columns.device,
      ].join(','),
    );
    expect(text).toContain(`"'=SUM(1,2)""x"""`);
    expect(text).not.toMatch(/(^|,)=SUM/m);
    const [audit] = await server.db.query<{ actor_username: string; after: unknown }>(
      `SELECT actor_username, after FROM audit_log WHERE action = 'records.export' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({
      actor_username: a.creds.username,
      after: { export: 'auth-events', from: kstDay(-1), to: kstDay(1) },
    });
  });

  it('requests and ledger entries of a member, with Korean labels and signed amounts as numbers', async () => {
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { KRW: '1000000' });
    await adjustBalance(server.db, m.id, 'KRW', '-1000');
    await insertDeposit(server.db, m.id, { currency: 'KRW', amount: '50000' });
    await insertWithdrawal(server.db, m.id, { currency: 'KRW', amount: '20000' });
    const requests = await download(`/api/admin/exports/requests.csv?${period}&username=${m.creds.username}`);
    expect(requests.res.status).toBe(200);
    const rows = requests.text.slice(1).trim().split('\r\n');
    expect(rows[0]!.startsWith(`${X.columns.type},${X.columns.time},${X.columns.member}`)).toBe(true);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(`${X.deposit},`);
    expect(rows[1]).toContain(',KRW,50000,,대기,');
    expect(rows[2]).toContain(`${X.withdrawal},`);
    const ledger = await download(`/api/admin/exports/ledger.csv?${period}&username=${m.creds.username}`);
    const entries = ledger.text.slice(1).trim().split('\r\n');
    expect(entries).toHaveLength(3);
    expect(entries[1]).toContain(`,${m.creds.username},KRW,${X.ledgerKinds.deposit},1000000,1000000,`);
    // A negative amount stays a number (no formula guard on the export's own amounts).
    expect(entries[2]).toContain(`,KRW,${X.ledgerKinds.admin_adjustment},-1000,999000,`);
    const audit = await download(`/api/admin/exports/audit.csv?${period}&username=nobody-here-at-all`);
    expect(audit.text.slice(1).trim().split('\r\n')).toHaveLength(1);
  });

  it('a period is required, at most a year; members are refused', async () => {
    const none = await a.client.get('/api/admin/exports/audit.csv');
    expect(none.status).toBe(400);
    expect(none.body.error?.fields?.from).toBe(X.periodRequired);
    const long = await a.client.get('/api/admin/exports/ledger.csv?from=2024-01-01&to=2025-12-31');
    expect(long.status).toBe(400);
    expect(long.body.error?.fields?.to).toBe(X.periodTooLong(366));
    const year = await download('/api/admin/exports/ledger.csv?from=2024-01-01&to=2024-12-31');
    expect(year.res.status).toBe(200);
    const m = await memberClient(server.url);
    expect((await m.client.get(`/api/admin/exports/ledger.csv?${period}`)).status).toBe(403);
  });

  it('a large export is read in batches and sent as it is read (chunked, no length)', async () => {
    const rows = 6 * EXPORT_BATCH_ROWS + 17;
    const tag = `bulk${Date.now()}-`;
    await server.db.query(
      `INSERT INTO auth_events (identifier, kind, success, reason, ip, created_at)
       SELECT $2 || g, 'login', false, 'unknown_account', '10.0.0.1', now() - interval '1 minute'
         FROM generate_series(1, $1::int) g`,
      [rows, tag],
    );
    // The export's own reader never holds more than one batch.
    const source = await exportSource(server.db, 'auth-events', { from: kstDay(-1), to: kstDay(1) });
    let batches = 0;
    let seen = 0;
    for await (const batch of source.rows) {
      expect(batch.length).toBeLessThanOrEqual(EXPORT_BATCH_ROWS);
      batches += 1;
      seen += batch.length;
    }
    expect(batches).toBeGreaterThanOrEqual(7);
    expect(seen).toBeGreaterThanOrEqual(rows);
    // Over HTTP: streamed (no content-length, chunked), arriving in more than one piece, every row there.
    const res = await fetch(`${server.url}/api/admin/exports/auth-events.csv?${period}`, {
      headers: { cookie: cookieOf(a.client) },
    });
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const reader = res.body!.getReader();
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      text += decoder.decode(value, { stream: true });
    }
    expect(chunks).toBeGreaterThan(1);
    expect(text.split('\r\n').filter((l) => l.includes(`,${tag}`)).length).toBe(rows);
  });
});
