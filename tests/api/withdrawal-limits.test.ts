import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { adminClient } from '../support/client';
import { proposeAndConfirm, secondAdmin } from '../support/four-eyes';
import { adjustBalance, expectLedgerOk, idemKey } from '../support/money';
import { external, register, rulesFile, sleep, WAIT_USABLE_MS, withdraw } from '../support/withdrawal-rules';

/** Daily limits and the travel rule, on PGlite and PostgreSQL (the server: rulesFile). */
const R = MSG.wrules;
const { server, member } = rulesFile();

describe('daily limits', () => {
  it('counts pending and approved, not rejected; shows what is left; an administrator sets a member’s own', async () => {
    const m = await member();
    const friend = await member('0');
    const admin = await adminClient(server.url, server.db);
    const send = (amount: string) =>
      withdraw(m.client, {
        currency: 'USDT',
        amount,
        method: 'internal',
        recipient_id: friend.creds.username,
      });
    // 60 USDT = 85,860 KRW of 100,000.
    const first = await send('60');
    expect(first.status).toBe(201);
    const left = (await m.client.get('/api/withdrawals/rules')).body.data.crypto;
    expect(left).toMatchObject({ limit: '100000', used: '85860', remaining: '14140', own: false });
    const over = await send('10');
    expect(over.status).toBe(400);
    expect(over.body.error!.fields!.amount).toMatch(
      /^\[1일 출금 한도\].*14,140원.*\d{4}\.\s\d{1,2}\.\s\d{1,2}\.\s오[전후]\s\d{1,2}:\d{2}부터 한도가 다시 늘어나요/,
    );
    // A rejected withdrawal no longer counts.
    expect(
      (
        await admin.client.post(`/api/admin/withdrawals/${first.body.data.id}/reject`, {
          reason: '확인 불가',
        })
      ).status,
    ).toBe(200);
    expect((await send('60')).status).toBe(201);

    // KRW: 50,000 a day.
    await adjustBalance(server.db, m.id, 'KRW', '200000');
    const bank = (amount: string) =>
      m.client.post(
        '/api/withdrawals/krw',
        { amount, bank_name: '신한은행', account_number: '110-123-456789', account_holder: '홍길동' },
        { 'idempotency-key': idemKey() },
      );
    expect((await bank('30000')).status).toBe(201);
    const krwOver = await bank('30000');
    expect(krwOver.status).toBe(400);
    expect(krwOver.body.error!.fields!.amount).toMatch(/^\[1일 출금 한도\] 원화 출금.*20,000원/);

    // The administrator raises this member's KRW limit (audited); members may not.
    const path = `/api/admin/members/${m.id}/withdrawal-limits`;
    expect((await m.client.call('PUT', path, { crypto_krw: null, krw: '1000000' })).status).toBe(403);
    expect((await admin.client.call('PUT', path, { crypto_krw: '-5', krw: null })).status).toBe(400);
    expect((await admin.client.call('PUT', path, { crypto_krw: null, krw: '1.5' })).status).toBe(400);
    expect(
      (
        await admin.client.call('PUT', `/api/admin/members/nope/withdrawal-limits`, {
          crypto_krw: null,
          krw: null,
        })
      ).status,
    ).toBe(404);
    const checker = await secondAdmin(server.url, server.db);
    const set = await proposeAndConfirm(admin.client, checker.client, 'PUT', path, {
      crypto_krw: null,
      krw: '100000',
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ crypto_krw: null, krw: '100000', default_krw: '50000' });
    expect((await admin.client.get(path)).body.data.krw).toBe('100000');
    expect((await bank('30000')).status).toBe(201);
    const [audit] = await server.db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE action = 'member.withdrawal_limits.set' AND target_id = $1`,
      [m.id],
    );
    expect(audit).toMatchObject({ before: { krw: null }, after: { krw: '100000' } });
    await expectLedgerOk(server.db);
  });

  it('50 parallel withdrawals across currencies never exceed the daily limit', async () => {
    const m = await member('1000');
    const friend = await member('0');
    await adjustBalance(server.db, m.id, 'XRP', '1000');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        withdraw(m.client, {
          currency: i % 2 ? 'XRP' : 'USDT',
          amount: i % 2 ? '5' : '3',
          method: 'internal',
          recipient_id: friend.creds.username,
        }),
      ),
    );
    expect(results.every((r) => r.status === 201 || r.status === 400)).toBe(true);
    const [sum] = await server.db.query<{ v: string; n: number }>(
      `SELECT COALESCE(sum(krw_value), 0)::text AS v, count(*)::int AS n FROM withdrawals WHERE member_id = $1`,
      [m.id],
    );
    expect(Number(sum!.v)).toBeLessThanOrEqual(100000);
    expect(sum!.n).toBe(results.filter((r) => r.status === 201).length);
    // Some were accepted, and the remaining room is smaller than the smallest request.
    expect(sum!.n).toBeGreaterThan(10);
    const left = (await m.client.get('/api/withdrawals/rules')).body.data.crypto.remaining;
    expect(Number(left)).toBeLessThan(3 * 1431);
  });

  it('50 parallel withdrawals in three currencies against a limit that fits one: exactly one is accepted', async () => {
    // Each currency has its own balance-row lock; only the member's withdrawal lock stops three requests
    // (USDT 3 = 4,293, XRP 5 = 3,965, ETH 0.001 = 4,401 KRW) from each reading "nothing used yet".
    const m = await member('1000');
    const friend = await member('0');
    const admin = await adminClient(server.url, server.db);
    await adjustBalance(server.db, m.id, 'XRP', '1000');
    await adjustBalance(server.db, m.id, 'ETH', '1');
    const checker = await secondAdmin(server.url, server.db);
    const set = await proposeAndConfirm(
      admin.client,
      checker.client,
      'PUT',
      `/api/admin/members/${m.id}/withdrawal-limits`,
      {
        crypto_krw: '5000',
        krw: null,
      },
    );
    expect(set.status).toBe(200);
    const kinds = [
      ['USDT', '3'],
      ['XRP', '5'],
      ['ETH', '0.001'],
    ] as const;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        withdraw(m.client, {
          currency: kinds[i % 3]![0],
          amount: kinds[i % 3]![1],
          method: 'internal',
          recipient_id: friend.creds.username,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(49);
    const [sum] = await server.db.query<{ v: string }>(
      `SELECT COALESCE(sum(krw_value), 0)::text AS v FROM withdrawals WHERE member_id = $1`,
      [m.id],
    );
    expect(Number(sum!.v)).toBeLessThanOrEqual(5000);
  });
});

describe('travel rule', () => {
  it('from the threshold an external withdrawal needs the recipient and the receiving exchange; the admin sees them', async () => {
    const m = await member();
    const admin = await adminClient(server.url, server.db);
    const a = (await register(m.client, m.creds.pin)).body.data;
    await sleep(WAIT_USABLE_MS);
    // 9 USDT = 12,879 KRW: below, nothing asked.
    expect((await withdraw(m.client, external(a.address, { amount: '9' }))).status).toBe(201);
    const missing = await withdraw(m.client, external(a.address, { amount: '10' }));
    expect(missing.status).toBe(400);
    expect(missing.body.error!.fields!).toMatchObject({
      travel_rule_name: R.travelNameRequired('14,310'),
      travel_rule_exchange: R.travelExchangeRequired('14,310'),
    });
    const personal = await withdraw(
      m.client,
      external(a.address, { amount: '10', travel_rule_name: '홍길동', travel_rule_exchange: 'personal' }),
    );
    expect(personal.body.error!.fields!.travel_rule_declared).toBe(R.travelDeclareRequired);
    const badExchange = await withdraw(
      m.client,
      external(a.address, { amount: '10', travel_rule_name: '홍길동', travel_rule_exchange: 'mtgox' }),
    );
    expect(badExchange.status).toBe(400);
    const ok = await withdraw(
      m.client,
      external(a.address, { amount: '10', travel_rule_name: '홍길동', travel_rule_exchange: 'upbit' }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ travel_rule_name: '홍길동', travel_rule_exchange: 'upbit' });
    const declared = await withdraw(
      m.client,
      external(a.address, {
        amount: '10',
        travel_rule_name: '김철수',
        travel_rule_exchange: 'personal',
        travel_rule_declared: true,
      }),
    );
    expect(declared.status).toBe(201);
    const list = await admin.client.get(`/api/admin/withdrawals?memberId=${m.id}`);
    const items = list.body.data.items as {
      travel_rule_name: string | null;
      travel_rule_exchange: string | null;
    }[];
    expect(items.map((i) => [i.travel_rule_name, i.travel_rule_exchange])).toEqual(
      expect.arrayContaining([
        ['홍길동', 'upbit'],
        ['김철수', 'personal'],
        [null, null],
      ]),
    );
  });
});
