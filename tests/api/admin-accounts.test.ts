import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { newErc20Address, newTrc20Address } from '../support/addresses';
import { memberClient } from '../support/client';
import { fileAdmin, fileChecker, fileServer } from '../support/fixture';
import { byTwo } from '../support/four-eyes';

const server = fileServer();
const admin = fileAdmin(server);
const A = MSG.admin;
const checker = fileChecker(server);
/** A deposit address is set and cleared by two administrators: proposed by one, confirmed by the other. */
const twoPeople = byTwo(admin, checker);

const bankUrl = (id: string) => `/api/admin/members/${id}/bank-account`;
const account = { bank_name: '국민은행', account_number: '123456-01-234567', account_holder: '홍길동' };
const lastAudit = async (id: string) =>
  (await admin.client.get(`/api/admin/audit?targetId=${id}`)).body.data.items[0];

describe('bank account', () => {
  it('creates, updates (trimmed) and deletes the one account of a member, with audit entries', async () => {
    const m = await memberClient(server.url);
    const created = await admin.client.call('PUT', bankUrl(m.id), {
      bank_name: '  국민은행 ',
      account_number: ' 123456-01-234567 ',
      account_holder: ' 홍길동 ',
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ ...account, is_verified: false });
    expect((await lastAudit(m.id)).action).toBe('member.bank_account.save');

    // Saved verified: where the member's won goes, so a second administrator confirms it (decision 0370).
    const verified = await twoPeople('PUT', bankUrl(m.id), { ...account, is_verified: true });
    expect(verified.body.data.is_verified).toBe(true);
    // Saving the same account keeps its verification; changing it without the flag resets it.
    expect((await admin.client.call('PUT', bankUrl(m.id), account)).body.data.is_verified).toBe(true);
    const changed = await admin.client.call('PUT', bankUrl(m.id), {
      ...account,
      account_number: '9876543210',
    });
    expect(changed.body.data).toMatchObject({ account_number: '9876543210', is_verified: false });
    const audit = await lastAudit(m.id);
    expect(audit.before).toMatchObject({ account_number: '123456-01-234567', is_verified: true });
    expect(audit.after).toMatchObject({ account_number: '9876543210', is_verified: false });
    const rows = await server.db.query('SELECT 1 FROM bank_accounts WHERE member_id = $1', [m.id]);
    expect(rows).toHaveLength(1);

    const del = await admin.client.call('DELETE', bankUrl(m.id));
    expect(del.status).toBe(200);
    expect((await admin.client.get(`/api/admin/members/${m.id}`)).body.data.bank_account).toBeNull();
    expect(await lastAudit(m.id)).toMatchObject({ action: 'member.bank_account.delete', after: null });
    const again = await admin.client.call('DELETE', bankUrl(m.id));
    expect(again.status).toBe(404);
    expect(again.body.error?.message).toBe(A.fail(A.failed.bankDelete, A.noBankAccount));
  });

  it('toggles verification (from the list), and says so when there is no account', async () => {
    const m = await memberClient(server.url);
    const none = await admin.client.call('PATCH', bankUrl(m.id), { is_verified: true });
    expect(none.status).toBe(404);
    expect(none.body.error?.message).toBe(A.fail(A.failed.bankSave, A.noBankAccount));
    await admin.client.call('PUT', bankUrl(m.id), account);
    expect((await admin.client.call('PATCH', bankUrl(m.id), { is_verified: true })).status).toBe(202);
    const on = await twoPeople('PATCH', bankUrl(m.id), { is_verified: true });
    expect(on.status).toBe(200);
    expect(on.body.data.is_verified).toBe(true);
    const listed = await admin.client.get(`/api/admin/members?q=${m.creds.username}`);
    expect(listed.body.data.items[0].bank_verified).toBe(true);
    expect(await lastAudit(m.id)).toMatchObject({
      action: 'member.bank_account.verify',
      before: { is_verified: false },
      after: { is_verified: true },
    });
    const off = await admin.client.call('PATCH', bankUrl(m.id), { is_verified: false });
    expect(off.body.data.is_verified).toBe(false);
    expect((await admin.client.call('PATCH', bankUrl(m.id), { is_verified: 'yes' })).status).toBe(400);
  });

  it('applies SPEC’s rules with Korean messages: number ≥ 10 characters, bank and holder required', async () => {
    const m = await memberClient(server.url);
    for (const [body, message] of [
      [{ ...account, account_number: '123456789' }, A.accountNumberInvalid],
      [{ ...account, account_number: '   123456789   ' }, A.accountNumberInvalid],
      [{ ...account, account_number: '1234567890abc' }, A.accountNumberChars],
      [{ ...account, account_number: '1'.repeat(31) }, A.accountNumberTooLong],
      [{ ...account, bank_name: '   ' }, A.bankNameRequired],
      [{ ...account, bank_name: undefined }, A.bankNameRequired],
      [{ ...account, account_holder: '' }, A.holderRequired],
      [{ ...account, account_holder: 'x'.repeat(51) }, A.holderTooLong],
    ] as const) {
      const res = await admin.client.call('PUT', bankUrl(m.id), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.message, JSON.stringify(body)).toBe(message);
    }
    expect(await server.db.query('SELECT 1 FROM bank_accounts WHERE member_id = $1', [m.id])).toHaveLength(0);
    const unknown = await admin.client.call('PUT', bankUrl(randomUUID()), account);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.message).toBe(A.memberNotFound);
  });
});

describe('deposit address', () => {
  const url = (id: string) => `/api/admin/members/${id}/deposit-address`;

  it('assigns a TRC20 or ERC20 address, one member per address, and clears it', async () => {
    const m = await memberClient(server.url);
    const trc = newTrc20Address();
    const set = await twoPeople('PUT', url(m.id), { deposit_address: ` ${trc} ` });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ deposit_address: trc, network: 'TRC20' });
    expect((await admin.client.get(`/api/admin/members/${m.id}`)).body.data.member.deposit_addresses).toEqual(
      {
        TRC20: trc,
        ERC20: null,
      },
    );
    expect(await lastAudit(m.id)).toMatchObject({
      action: 'member.deposit_address.set',
      before: { deposit_address: null, network: 'TRC20' },
      after: { deposit_address: trc, network: 'TRC20' },
    });

    // One address per network: the ERC20 address joins the TRC20 one.
    const erc = newErc20Address();
    const second = await twoPeople('PUT', url(m.id), { network: 'ERC20', deposit_address: erc });
    expect(second.body.data).toEqual({ deposit_address: erc, network: 'ERC20' });
    expect((await admin.client.get(`/api/admin/members/${m.id}`)).body.data.member.deposit_addresses).toEqual(
      {
        TRC20: trc,
        ERC20: erc,
      },
    );
    // An address in the other network's field is refused.
    const wrong = await twoPeople('PUT', url(m.id), {
      network: 'TRC20',
      deposit_address: newErc20Address(),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.message).toBe(A.addressWrongNetwork('TRC20'));
    // Clearing one network keeps the other.
    const clearTrc = await twoPeople('DELETE', `${url(m.id)}?network=TRC20`);
    expect(clearTrc.body.data).toEqual({ deposit_address: null, network: 'TRC20' });
    expect((await admin.client.get(`/api/admin/members/${m.id}`)).body.data.member.deposit_addresses).toEqual(
      {
        TRC20: null,
        ERC20: erc,
      },
    );
    expect((await twoPeople('PUT', url(m.id), { deposit_address: trc })).status).toBe(200);

    const other = await memberClient(server.url);
    const taken = await twoPeople('PUT', url(other.id), {
      deposit_address: erc.toUpperCase().replace('0X', '0x'),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error?.message).toBe(A.addressTaken);

    const cleared = await twoPeople('DELETE', url(m.id));
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toEqual({ deposit_address: null, network: 'TRC20' });
    expect((await admin.client.get(`/api/admin/members/${m.id}`)).body.data.member.deposit_addresses).toEqual(
      {
        TRC20: null,
        ERC20: null,
      },
    );
    expect(await lastAudit(m.id)).toMatchObject({ action: 'member.deposit_address.clear' });
    // Freed, the address can go to the other member.
    expect((await twoPeople('PUT', url(other.id), { deposit_address: erc })).status).toBe(200);
  });

  it('refuses anything that is not a valid TRC20 or ERC20 address', async () => {
    const m = await memberClient(server.url);
    const good = newTrc20Address();
    const typo = `${good.slice(0, 20)}${good[20] === 'a' ? 'b' : 'a'}${good.slice(21)}`;
    for (const [address, message] of [
      [typo, A.addressInvalid],
      ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6', A.addressInvalid],
      ['0x12345', A.addressInvalid],
      ['bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', A.addressInvalid],
      ['', A.addressRequired],
      ['   ', A.addressRequired],
    ] as const) {
      const res = await twoPeople('PUT', url(m.id), { deposit_address: address });
      expect(res.status, address).toBe(400);
      expect(res.body.error?.message, address).toBe(message);
    }
  });
});
