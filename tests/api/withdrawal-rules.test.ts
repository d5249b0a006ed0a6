import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { insertDeposit } from '../support/admin-fixtures';
import { adminClient, type Client, memberClient } from '../support/client';
import { fileServer } from '../support/fixture';
import { proposeAndConfirm, secondAdmin } from '../support/four-eyes';
import {
  adjustBalance,
  erc20Address,
  expectLedgerOk,
  idemKey,
  trc20Address,
  xrpAddress,
} from '../support/money';

/**
 * Address book, delays, limits, travel rule; PGlite and PostgreSQL. Sample prices: 1 USDT = 1,431 KRW.
 * Address delay 0.001 h (3.6 s), hold 24 h after a KRW deposit, crypto limit 100,000 KRW a day, KRW limit
 * 50,000, travel rule from 14,310 KRW (10 USDT).
 */
const R = MSG.wrules;
const server = fileServer({
  WITHDRAWAL_ADDRESS_DELAY_HOURS: '0.001',
  KRW_DEPOSIT_WITHDRAWAL_DELAY_HOURS: '24',
  KRW_FIRST_DEPOSIT_HOLD_HOURS: '72',
  DAILY_LIMIT_CRYPTO_KRW: '100000',
  DAILY_LIMIT_KRW: '50000',
  TRAVEL_RULE_THRESHOLD_KRW: '14310',
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const WAIT_USABLE_MS = 3800;

async function member(usdt = '1000') {
  const m = await memberClient(server.url);
  m.client.addressBookPin = null; // this file registers its addresses itself
  if (usdt !== '0') await adjustBalance(server.db, m.id, 'USDT', usdt);
  return m;
}
async function register(client: Client, pin: string, over: Record<string, unknown> = {}) {
  return client.post('/api/withdrawal-addresses', {
    network: 'TRC20',
    address: trc20Address(),
    label: '내 지갑',
    wallet_kind: 'own',
    second_password: pin,
    ...over,
  });
}
const external = (address: string, over: Record<string, unknown> = {}) => ({
  currency: 'USDT',
  amount: '2',
  method: 'external',
  network: 'TRC20',
  recipient_address: address,
  ...over,
});
const withdraw = (client: Client, body: unknown) =>
  client.post('/api/withdrawals/crypto', body, { 'idempotency-key': idemKey() });

describe('address book', () => {
  it('registration needs the second password; a new address waits, then works; the list shows when', async () => {
    const m = await member();
    const none = await register(m.client, '');
    expect(none.status).toBe(400);
    expect(none.body.error!.fields!.second_password).toBe(R.secondPasswordRequired);
    const wrong = await register(m.client, m.creds.pin === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error!.fields!.second_password).toBe(R.secondPasswordWrong(4));
    const bad = await register(m.client, m.creds.pin, { address: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.fields!.address).toBeTruthy();
    const exch = await register(m.client, m.creds.pin, { wallet_kind: 'exchange' });
    expect(exch.body.error!.fields!.exchange).toBe(R.exchangeRequired);

    const reg = await register(m.client, m.creds.pin, { wallet_kind: 'exchange', exchange: 'upbit' });
    expect(reg.status).toBe(201);
    expect(reg.body.data).toMatchObject({ usable: false, exchange: 'upbit', deleted_at: null });
    const a = reg.body.data.address as string;
    const dup = await register(m.client, m.creds.pin, { address: a });
    expect(dup.body.error!.fields!.address).toBe(R.duplicate);

    // 20 parallel attempts inside the waiting period: refused with the rule and its time. (On a slow machine
    // the 3.6 s may pass while they run: whatever was accepted was created at or after usable_at.)
    const usableAt = reg.body.data.usable_at as string;
    const early = await Promise.all(Array.from({ length: 20 }, () => withdraw(m.client, external(a))));
    const refused = early.filter((r) => r.status === 400);
    expect(refused.length).toBeGreaterThan(0);
    expect(early.every((r) => r.status === 400 || r.status === 201)).toBe(true);
    expect(refused[0]!.body.error!.fields!.recipient_address).toMatch(
      /\[출금 주소 대기 시간\].*\d{4}\.\s\d{1,2}\.\s\d{1,2}\.\s오[전후]\s\d{1,2}:\d{2}부터/,
    );
    const byId = await withdraw(m.client, external(a, { address_id: reg.body.data.id }));
    if (byId.status === 400)
      expect(byId.body.error!.fields!.address_id).toMatch(/부터 출금에 쓸 수 있습니다/);
    const created = await server.db.query<{ early: boolean }>(
      `SELECT created_at < $2::timestamptz AS early FROM withdrawals WHERE member_id = $1`,
      [m.id, usableAt],
    );
    expect(created.filter((c) => c.early)).toEqual([]);

    await sleep(WAIT_USABLE_MS);
    const list = await m.client.get('/api/withdrawal-addresses');
    expect(list.body.data.items).toHaveLength(1);
    expect(list.body.data.items[0]).toMatchObject({ usable: true, address: a });
    const ok = await withdraw(m.client, external(a, { address_id: reg.body.data.id }));
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ address_book_id: reg.body.data.id, recipient_address: a });
  });

  it('refuses an unregistered address, a deleted one, another member’s, and the wrong network', async () => {
    const m = await member();
    const other = await member();
    const unregistered = await withdraw(m.client, external(trc20Address()));
    expect(unregistered.status).toBe(400);
    expect(unregistered.body.error!.fields!.recipient_address).toBe(R.notRegistered);

    const mine = (await register(m.client, m.creds.pin)).body.data;
    const theirs = (await register(other.client, other.creds.pin)).body.data;
    const erc = (await register(m.client, m.creds.pin, { network: 'ERC20', address: erc20Address() })).body
      .data;
    await sleep(WAIT_USABLE_MS);

    const foreign = await withdraw(m.client, external(theirs.address, { address_id: theirs.id }));
    expect(foreign.body.error!.fields!.address_id).toBe(R.notFound);
    const foreignByAddress = await withdraw(m.client, external(theirs.address));
    expect(foreignByAddress.body.error!.fields!.recipient_address).toBe(R.notRegistered);
    // The ERC20 entry named with TRC20 (network mismatch) and an ETH withdrawal to a TRC20 entry.
    const mismatch = await withdraw(m.client, external(mine.address, { address_id: erc.id }));
    expect(mismatch.body.error!.fields!.address_id).toBe(R.wrongNetwork('USDT'));
    const ethOnTron = await withdraw(m.client, {
      ...external(mine.address),
      currency: 'ETH',
      network: 'TRC20',
    });
    expect(ethOnTron.status).toBe(400);
    expect(await m.client.call('DELETE', `/api/withdrawal-addresses/${theirs.id}`)).toMatchObject({
      status: 404,
    });
    expect(await m.client.call('DELETE', '/api/withdrawal-addresses/nope')).toMatchObject({ status: 404 });

    const sent = await withdraw(m.client, external(mine.address, { address_id: mine.id }));
    expect(sent.status).toBe(201);
    const del = await m.client.call('DELETE', `/api/withdrawal-addresses/${mine.id}`);
    expect(del.status).toBe(200);
    expect(del.body.data.deleted_at).not.toBeNull();
    const after = await withdraw(m.client, external(mine.address, { address_id: mine.id }));
    expect(after.body.error!.fields!.address_id).toBe(R.deletedAddress);
    const afterByAddress = await withdraw(m.client, external(mine.address));
    expect(afterByAddress.body.error!.fields!.recipient_address).toBe(R.notRegistered);
    // Soft delete: the row stays, the request keeps what it was sent to, the database refuses a DELETE.
    const [row] = await server.db.query<{ deleted: boolean; sent_to: string }>(
      `SELECT a.deleted_at IS NOT NULL AS deleted, w.recipient_address AS sent_to
         FROM withdrawal_addresses a JOIN withdrawals w ON w.address_book_id = a.id WHERE a.id = $1`,
      [mine.id],
    );
    expect(row).toEqual({ deleted: true, sent_to: mine.address });
    await expect(
      server.db.query('DELETE FROM withdrawal_addresses WHERE id = $1', [mine.id]),
    ).rejects.toThrow(/permanent record/);
    await expect(
      server.db.query(`UPDATE withdrawal_addresses SET label = 'x' WHERE id = $1`, [erc.id]),
    ).rejects.toThrow(/only setting deleted_at/);
    // Audited.
    const audit = await server.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE actor_id = $1 AND action LIKE 'member.withdrawal_address.%' ORDER BY id`,
      [m.id],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'member.withdrawal_address.registered',
      'member.withdrawal_address.registered',
      'member.withdrawal_address.deleted',
    ]);
  });

  it('an XRP address keeps its destination tag; the tag must match', async () => {
    const m = await member();
    await adjustBalance(server.db, m.id, 'XRP', '100');
    const a = xrpAddress();
    const reg = await register(m.client, m.creds.pin, {
      network: 'XRPL',
      address: a,
      destination_tag: '12345',
    });
    expect(reg.status).toBe(201);
    expect(reg.body.data.destination_tag).toBe('12345');
    await sleep(WAIT_USABLE_MS);
    const body = { currency: 'XRP', amount: '5', method: 'external', network: 'XRPL', recipient_address: a };
    expect(
      (await withdraw(m.client, { ...body, destination_tag: '999' })).body.error!.fields!.recipient_address,
    ).toBe(R.notRegistered);
    const ok = await withdraw(m.client, { ...body, destination_tag: '12345' });
    expect(ok.status).toBe(201);
  });
});

describe('hold after a KRW deposit', () => {
  it('external crypto waits 24 h after an approved KRW deposit; internal transfers and KRW withdrawals do not', async () => {
    const m = await member();
    const friend = await member('0');
    const a = (await register(m.client, m.creds.pin)).body.data;
    await adjustBalance(server.db, m.id, 'KRW', '100000');
    // A pending or rejected deposit holds nothing; an approved one does.
    await insertDeposit(server.db, m.id, { status: 'rejected' });
    await sleep(WAIT_USABLE_MS);
    expect((await m.client.get('/api/withdrawals/rules')).body.data.krw_deposit_hold_until).toBeNull();
    const id = await insertDeposit(server.db, m.id, { status: 'approved' });
    await server.db.query('UPDATE deposits SET processed_at = now() WHERE id = $1', [id]);
    const rules = (await m.client.get('/api/withdrawals/rules')).body.data;
    const until = new Date(rules.krw_deposit_hold_until).getTime();
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    const refused = await withdraw(m.client, external(a.address, { address_id: a.id }));
    expect(refused.status).toBe(400);
    expect(refused.body.error!.fields!.method).toMatch(
      /\[원화 입금 후 출금 지연\].*\d{4}\.\s\d{1,2}\.\s\d{1,2}\.\s오[전후]\s\d{1,2}:\d{2}부터 출금할 수 있습니다/,
    );
    const internal = await withdraw(m.client, {
      currency: 'USDT',
      amount: '2',
      method: 'internal',
      recipient_id: friend.creds.username,
    });
    expect(internal.status).toBe(201);
    const krw = await m.client.post(
      '/api/withdrawals/krw',
      { amount: '10000', bank_name: '신한은행', account_number: '110-123-456789', account_holder: '홍길동' },
      { 'idempotency-key': idemKey() },
    );
    expect(krw.status).toBe(201);
  });
});

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
      /^\[1일 출금 한도\].*14,140원.*\d{4}\.\s\d{1,2}\.\s\d{1,2}\.\s오[전후]\s\d{1,2}:\d{2}부터 한도가 다시 늘어납니다/,
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
