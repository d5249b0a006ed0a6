import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { insertDeposit } from '../support/admin-fixtures';
import { adjustBalance, erc20Address, idemKey, trc20Address, xrpAddress } from '../support/money';
import { external, register, rulesFile, sleep, WAIT_USABLE_MS, withdraw } from '../support/withdrawal-rules';

/** Address book and the hold after a KRW deposit, on PGlite and PostgreSQL (the server: rulesFile). */
const R = MSG.wrules;
const { server, member } = rulesFile();

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
    if (byId.status === 400) expect(byId.body.error!.fields!.address_id).toMatch(/부터 출금에 쓸 수 있어요/);
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
      /\[원화 입금 후 출금 지연\].*\d{4}\.\s\d{1,2}\.\s\d{1,2}\.\s오[전후]\s\d{1,2}:\d{2}부터 출금할 수 있어요/,
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
