import { describe, expect, it } from 'vitest';
import { ADDRESS_PLACEHOLDERS } from '../../src/shared/constants';
import { MSG } from '../../src/shared/messages';
import { adminClient, memberClient } from '../support/client';
import { late } from '../support/fixture';
import { proposeAndConfirm, secondAdmin } from '../support/four-eyes';
import { erc20Address, setDepositAddress, trc20Address, txid, xrpAddress } from '../support/money';
import { startXrplApi } from '../support/xrpl-api';
import { fileE2E, signIn } from './support';

const CHAT = 'https://chat.example.com/wallet-admin';
const SERVICE = xrpAddress();
/** The XRP Ledger's stand-in (rippled's JSON-RPC shapes): the claim of an untagged payment is checked there. */
const xrpl = late(startXrplApi, (x) => x.close());
const e2e = fileE2E(() => ({ ADMIN_CHAT_URL: CHAT, XRPL_RPC_URL: xrpl.url, XRP_DEPOSIT_ADDRESS: SERVICE }));

const K = MSG.depositKrw;
const O = MSG.wonAccounts;
const D = MSG.deposit;
const H = MSG.history;
const X = MSG.xrpDeposit;

describe('deposits in the browser', () => {
  it('a KRW deposit request is approved by an administrator and the history shows it', async () => {
    const member = await memberClient(e2e.server.url, { fullName: '김입금' });
    member.client.ownAccount = null;
    const admin = await adminClient(e2e.server.url, e2e.server.db);
    const { page, context } = await e2e.newPage();
    await signIn(page, member.creds);
    await page.goto('/assets/deposit-krw');
    await page.getByRole('heading', { name: K.title }).waitFor();
    // Without a verified own-name account: how to register one, and no form.
    await page.getByTestId('no-own-account').waitFor();
    expect(await page.getByLabel(K.amountLabel).count()).toBe(0);

    // The operator sets the receiving account; the member's own account is verified.
    const receiving = {
      bank_name: '우리은행',
      account_number: '1005-123-456789',
      account_holder: '(주)월렛',
    };
    // Where members send their won is set by two administrators.
    const checker = await secondAdmin(e2e.server.url, e2e.server.db);
    const set = await proposeAndConfirm(
      admin.client,
      checker.client,
      'PUT',
      '/api/admin/receiving-account',
      receiving,
    );
    expect(set.status).toBe(200);
    await e2e.server.db.query(
      `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder, is_verified)
       VALUES ($1, '국민은행', '123-456-789012', '김입금', true)`,
      [member.id],
    );
    await page.reload();
    const to = page.getByTestId('receiving-account');
    await to.waitFor();
    expect(await to.textContent()).toContain('1005-123-456789');
    expect(await to.textContent()).toContain('(주)월렛');
    await to.getByRole('button', { name: O.copyNumber, exact: true }).waitFor();
    const from = page.getByTestId('own-account');
    expect(await from.textContent()).toContain('123-456-789012');
    // The sender is the own account: nothing to type for it.
    expect(await page.getByLabel(K.bankLabel).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: K.accountNumberLabel }).count()).toBe(0);
    if (process.env.E2E_SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/deposit-krw.png`, fullPage: true });
    }

    const submit = page.getByRole('button', { name: K.submit });
    const amount = page.getByLabel(K.amountLabel);
    expect(await page.getByLabel(K.depositorLabel).inputValue()).toBe('김입금');
    expect(await amount.getAttribute('inputmode')).toBe('numeric');
    await page.getByText(K.minimum).waitFor();
    expect(await submit.isDisabled()).toBe(true);

    // Validation: digits only, the SPEC minimum.
    await amount.fill('5,0a00');
    expect(await amount.inputValue()).toBe('5,000'); // grouped as typed; the form keeps 5000
    await page.getByText(K.minAmountInline).waitFor();
    expect(await submit.isDisabled()).toBe(true);

    await amount.fill('50000');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByText(K.success).waitFor();
    // Cleared except the depositor name.
    await expect.poll(() => amount.inputValue()).toBe('');
    expect(await page.getByLabel(K.depositorLabel).inputValue()).toBe('김입금');
    const [sender] = await e2e.server.db.query<{ bank: string }>(
      `SELECT bank_name || ' ' || account_number || ' ' || account_holder AS bank FROM deposits WHERE member_id = $1`,
      [member.id],
    );
    expect(sender?.bank).toBe('국민은행 123-456-789012 김입금');

    const [deposit] = await e2e.server.db.query<{ id: string }>(
      `SELECT id::text AS id FROM deposits WHERE member_id = $1 AND status = 'pending'`,
      [member.id],
    );
    await page.goto('/assets/history');
    await page.getByText(H.limitNote).waitFor();
    await page.getByText('+50,000원').waitFor();
    await page.getByText(H.statusPending, { exact: true }).waitFor();

    const approved = await admin.client.post(`/api/admin/deposits/${deposit!.id}/approve`);
    expect(approved.status).toBe(200);
    await page.reload();
    await page.getByText('+50,000원').waitFor();
    await page.getByText(H.statusApproved, { exact: true }).waitFor();
    expect(await page.getByText(H.statusPending, { exact: true }).count()).toBe(0);
    const [balance] = await e2e.server.db.query<{ balance: string }>(
      `SELECT balance::text AS balance FROM balances WHERE member_id = $1 AND currency = 'KRW'`,
      [member.id],
    );
    expect(Number(balance?.balance)).toBe(50000);

    // The filters: a withdrawal-only view of a member who never withdrew is empty.
    await page.getByRole('button', { name: H.filterWithdraw, exact: true }).click();
    await page.getByText(MSG.timeline.empty).waitFor();
    await page.getByRole('button', { name: H.filterDeposit, exact: true }).click();
    await page.getByText('+50,000원').waitFor();
    expect(
      await page.getByRole('button', { name: H.filterDeposit, exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    await context.close();
  });

  it('a USDT deposit: contact the admin without an address, then copy, QR, validation and request', async () => {
    const member = await memberClient(e2e.server.url);
    const { page, context } = await e2e.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    await signIn(page, member.creds);
    await page.goto('/assets/deposit');
    const address = page.getByLabel(D.addressLabel);
    await expect.poll(() => address.inputValue()).toBe(ADDRESS_PLACEHOLDERS.contactAdmin);
    const chat = page.getByRole('link', { name: D.contactAdminButton });
    expect(await chat.getAttribute('href')).toBe(CHAT);
    expect(await chat.getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('button', { name: D.copyAria }).count()).toBe(0);
    expect(await page.getByRole('button', { name: D.submit }).isDisabled()).toBe(true);

    const assigned = trc20Address();
    await setDepositAddress(e2e.server.db, member.id, assigned);
    await page.reload();
    await expect.poll(() => address.inputValue()).toBe(assigned);
    await page.getByRole('img', { name: D.qrLabel }).waitFor();
    expect(await page.getByRole('link', { name: D.contactAdminButton }).count()).toBe(0);
    await page.getByRole('button', { name: D.copyAria }).click();
    await page.getByText(D.copied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(assigned);

    const amount = page.getByLabel(D.amountLabel);
    const submit = page.getByRole('button', { name: D.submit });
    expect(await amount.getAttribute('inputmode')).toBe('decimal');
    await amount.fill('0');
    await page.getByText(`* ${D.amountPositive}`).waitFor();
    await amount.fill('1.2.3abc');
    expect(await amount.inputValue()).toBe('1.23');
    await page.getByLabel(D.txidLabel).fill('x');
    await page.getByLabel(D.txidLabel).fill('');
    await page.getByText(`* ${D.txidRequired}`).waitFor();
    await page.getByLabel(D.senderLabel).fill('y');
    await page.getByText(`* ${D.senderInvalidFor('TRC20')}`).waitFor();
    await page.getByLabel(D.senderLabel).fill('');
    await page.getByText(`* ${D.senderRequired}`).waitFor();
    expect(await submit.isDisabled()).toBe(true);

    const hash = txid();
    await amount.fill('12.5');
    await page.getByLabel(D.txidLabel).fill(hash);
    await page.getByLabel(D.senderLabel).fill(trc20Address());
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByText(D.success).waitFor();
    await page.waitForURL('**/assets/USDT');

    // The same TXID again: the server's refusal, once, at the TXID field (no system-error toast).
    await page.goto('/assets/deposit');
    await expect.poll(() => address.inputValue()).toBe(assigned);
    await amount.fill('1');
    await page.getByLabel(D.txidLabel).fill(hash);
    await page.getByLabel(D.senderLabel).fill(trc20Address());
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByText(`* ${D.duplicateTxid}`).waitFor();
    const txidInput = page.getByLabel(D.txidLabel);
    expect(await txidInput.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await txidInput.getAttribute('aria-describedby')) ?? '';
    const under = await Promise.all(
      describedBy.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(under).toContain(`* ${D.duplicateTxid}`);
    expect(await page.getByText(D.duplicateTxid).count()).toBe(1);
    expect(await page.getByText(D.failed('')).count()).toBe(0);

    await page.goto('/assets/history?asset=USDT');
    await page.getByRole('heading', { name: H.title('USDT') }).waitFor();
    await page.getByText('+12.5 USDT').waitFor();
    const rows = await e2e.server.db.query('SELECT 1 FROM deposits WHERE member_id = $1', [member.id]);
    expect(rows).toHaveLength(1);
    await context.close();
  });

  it('a USDT deposit on ERC20: its own address and QR code, Ethereum TXID and sender', async () => {
    const member = await memberClient(e2e.server.url);
    const trc = trc20Address();
    await setDepositAddress(e2e.server.db, member.id, trc);
    const { page, context } = await e2e.newPage();
    await signIn(page, member.creds);
    await page.goto('/assets/deposit');
    const address = page.getByLabel(D.addressLabel);
    const network = page.getByLabel(D.networkLabel);
    await expect.poll(() => address.inputValue()).toBe(trc);
    expect(await network.inputValue()).toBe('TRC20');
    // No ERC20 address yet: the member is sent to the administrator.
    await network.selectOption('ERC20');
    await expect.poll(() => address.inputValue()).toBe(ADDRESS_PLACEHOLDERS.contactAdmin);
    const erc = erc20Address();
    await setDepositAddress(e2e.server.db, member.id, erc);
    await page.reload();
    await network.selectOption('ERC20');
    await expect.poll(() => address.inputValue()).toBe(erc);
    await page.getByText(D.networkNote('ERC20')).waitFor();
    await page.getByRole('img', { name: D.qrLabel }).waitFor();

    const submit = page.getByRole('button', { name: D.submit });
    await page.getByLabel(D.amountLabel).fill('3');
    await page.getByLabel(D.txidLabel).fill(txid());
    await page.getByText(`* ${D.txidInvalidFor('ERC20')}`).waitFor();
    await page.getByLabel(D.senderLabel).fill(trc20Address());
    await page.getByText(`* ${D.senderInvalidFor('ERC20')}`).waitFor();
    const hash = `0x${txid()}`;
    await page.getByLabel(D.txidLabel).fill(hash);
    await page.getByLabel(D.senderLabel).fill(erc20Address());
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByText(D.success).waitFor();
    const rows = await e2e.server.db.query(
      'SELECT network, deposit_address, txid FROM deposits WHERE member_id = $1',
      [member.id],
    );
    expect(rows).toEqual([{ network: 'ERC20', deposit_address: erc, txid: hash }]);
    await context.close();
  });

  it('XRP: the service address with the member’s tag, and the claim of a payment sent without it', async () => {
    const member = await memberClient(e2e.server.url);
    const { page, context } = await e2e.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });
    await signIn(page, member.creds);
    await page.goto('/assets/deposit/XRP');
    await page.getByRole('heading', { name: X.title }).waitFor();
    await expect.poll(() => page.getByLabel(X.addressLabel, { exact: true }).inputValue()).toBe(SERVICE);
    const tag = await page.getByLabel(X.tagLabel, { exact: true }).inputValue();
    expect(tag).toMatch(/^\d+$/);
    await page.getByText(X.tagNote).waitFor();
    await page.getByRole('img', { name: X.qrLabel }).waitFor();
    await page.getByRole('button', { name: X.copyTagAria }).click();
    await page.getByText(X.copiedTag).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(tag);

    // Folded until asked: a payment sent with the tag needs no claim.
    const submit = page.getByRole('button', { name: X.submit });
    expect(await submit.isVisible()).toBe(false);
    await page.getByText(X.claimLead).click();
    await expect.poll(() => submit.isVisible()).toBe(true);
    const hashField = page.getByLabel(X.txidLabel);
    await hashField.fill(`0x${txid()}`);
    await page.getByText(`* ${D.txidInvalidFor('XRPL')}`).waitFor();
    await page.getByLabel(X.amountLabel).fill('1.0000001');
    await page.getByText(`* ${D.xrpAmountDecimals}`).waitFor();
    expect(await submit.isDisabled()).toBe(true);

    // A hash the ledger does not know: the server's refusal, once, at the hash.
    const from = xrpAddress();
    await page.getByLabel(X.amountLabel).fill('25');
    await page.getByLabel(X.senderLabel).fill(from);
    await hashField.fill(txid());
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByText(`* ${MSG.xrpClaim.notFound}`).waitFor();
    expect(await hashField.getAttribute('aria-invalid')).toBe('true');

    const hash = xrpl.pay({ from, to: SERVICE, amount: '25000000', ledger: 5000 });
    await hashField.fill(hash.toLowerCase());
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByText(X.success).waitFor();
    await page.waitForURL('**/assets/XRP');
    const rows = await e2e.server.db.query(
      'SELECT currency, network, txid, sender_address, destination_tag FROM deposits WHERE member_id = $1',
      [member.id],
    );
    expect(rows).toEqual([
      { currency: 'XRP', network: 'XRPL', txid: hash, sender_address: from, destination_tag: null },
    ]);
    await context.close();
  });

  it('each currency has its own deposit page: never another currency’s address', async () => {
    const member = await memberClient(e2e.server.url);
    const { page, context } = await e2e.newPage();
    await signIn(page, member.creds);
    for (const c of ['ETH']) {
      // Opened from far down a long page, it starts at its title.
      await page.evaluate(() => window.scrollTo(0, 5000));
      await page.goto(`/assets/deposit/${c}`);
      await page.getByRole('heading', { name: D.otherTitle(c) }).waitFor();
      await page.getByText(D.otherUnavailable(c)).waitFor();
      expect(await page.getByLabel(D.addressLabel).count()).toBe(0);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }
    await page.goto('/assets/deposit/XRP');
    await page.getByRole('heading', { name: X.title }).waitFor();
    await page.goto('/assets/deposit/USDT');
    await page.getByRole('heading', { name: D.title }).waitFor();
    await page.getByLabel(D.addressLabel).waitFor();
    await page.goto('/assets/deposit/KRW');
    await page.waitForURL('**/assets/deposit-krw');
    await page.getByRole('heading', { name: MSG.depositKrw.title }).waitFor();
    await context.close();
  });
});
