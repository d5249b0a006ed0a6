import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADDRESS_PLACEHOLDERS } from '../../src/shared/constants';
import { MSG } from '../../src/shared/messages';
import { NETWORK_LABELS } from '../../src/shared/networks';
import { memberClient } from '../support/client';
import { late } from '../support/fixture';
import { erc20Address, setDepositAddress, trc20Address, txid, xrpAddress } from '../support/money';
import { startTronApi } from '../support/tron-api';
import { startXrplApi } from '../support/xrpl-api';
import { expectNoSevereViolations } from './checks/a11y';
import { expectFailure, fileE2E, memberOn, signIn } from './support';

// Crypto deposits in the browser: USDT on TRON and Ethereum, XRP with the member's tag and the claim of an
// untagged payment, one page per currency (won deposits: deposits-krw.test.ts).
const CHAT = 'https://chat.example.com/wallet-admin';
const SERVICE = xrpAddress();
/** The XRP Ledger's stand-in (rippled's JSON-RPC shapes): the claim of an untagged payment is checked there. */
const xrpl = late(startXrplApi, (x) => x.close());
const tron = late(startTronApi, (t) => t.close());
// Every network's connection is set (what a page offers without one: deposit-screens.test.ts). Ethereum's
// is a closed local port: these claims are recorded, not checked.
const e2e = fileE2E(() => ({
  ADMIN_CHAT_URL: CHAT,
  XRPL_RPC_URL: xrpl.url,
  XRP_DEPOSIT_ADDRESS: SERVICE,
  TRON_API_URL: tron.url,
  ETH_RPC_URL: 'http://127.0.0.1:9',
}));

/** The copy buttons' text is read back from the clipboard. */
const allowClipboard = (context: BrowserContext) =>
  context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.url });

const D = MSG.deposit;
const H = MSG.history;
const X = MSG.xrpDeposit;
const S = MSG.depositScreen;
const addressOf = (page: Page) => page.getByRole('textbox', { name: S.addressLabel('USDT'), exact: true });
const pickNetwork = (page: Page, n: 'TRC20' | 'ERC20') =>
  page.getByText(NETWORK_LABELS[n], { exact: true }).click();

describe('crypto deposits in the browser', () => {
  it('a USDT deposit: contact the admin without an address, then copy, QR, validation and request', async () => {
    const { member, page, context } = await memberOn(e2e, '/assets/deposit');
    expectFailure(page, /^response: POST \/api\/deposits\/crypto → 409$/);
    await allowClipboard(context);
    const address = addressOf(page);
    await expect.poll(() => address.inputValue()).toBe(ADDRESS_PLACEHOLDERS.contactAdmin);
    const chat = page.getByRole('link', { name: D.contactAdminButton });
    expect(await chat.getAttribute('href')).toBe(CHAT);
    expect(await chat.getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('button', { name: S.copyAddressAria('USDT') }).isDisabled()).toBe(true);
    // No address: nothing to claim a transfer to.
    expect(await page.getByTestId('deposit-claim').count()).toBe(0);

    const assigned = trc20Address();
    await setDepositAddress(e2e.server.db, member.id, assigned);
    await page.reload();
    await expect.poll(() => address.inputValue()).toBe(assigned);
    await page.getByRole('img', { name: S.qrLabel('USDT') }).waitFor();
    expect(await page.getByRole('link', { name: D.contactAdminButton }).count()).toBe(0);
    await page.getByRole('button', { name: S.copyAddressAria('USDT') }).click();
    await page.getByText(S.copied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(assigned);
    await page.getByText(S.claimTitle).click();

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
    await page.getByTestId('deposit-done').waitFor();

    // The same TXID again: the server's refusal, once, at the TXID field (no system-error toast).
    await page.goto('/assets/deposit');
    await expect.poll(() => address.inputValue()).toBe(assigned);
    await page.getByText(S.claimTitle).click();
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
    const address = addressOf(page);
    await expect.poll(() => address.inputValue()).toBe(trc);
    expect(await page.getByRole('radio', { name: NETWORK_LABELS.TRC20 }).isChecked()).toBe(true);
    // No ERC20 address yet: the member is sent to the administrator.
    await pickNetwork(page, 'ERC20');
    await expect.poll(() => address.inputValue()).toBe(ADDRESS_PLACEHOLDERS.contactAdmin);
    const erc = erc20Address();
    await setDepositAddress(e2e.server.db, member.id, erc);
    await page.reload();
    await pickNetwork(page, 'ERC20');
    await expect.poll(() => address.inputValue()).toBe(erc);
    await page.getByText(S.wrongNetwork('USDT', NETWORK_LABELS.ERC20)).waitFor();
    await page.getByText(S.confirmations(12)).waitFor();
    await page.getByRole('img', { name: S.qrLabel('USDT') }).waitFor();
    await page.getByText(S.claimTitle).click();

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
    await page.getByTestId('deposit-done').waitFor();
    const rows = await e2e.server.db.query(
      'SELECT network, deposit_address, txid FROM deposits WHERE member_id = $1',
      [member.id],
    );
    expect(rows).toEqual([{ network: 'ERC20', deposit_address: erc, txid: hash }]);
    await context.close();
  });

  it('XRP: the service address with the member’s tag, and the claim of a payment sent without it', async () => {
    const { member, page, context } = await memberOn(e2e, '/assets/deposit/XRP');
    expectFailure(page, /^response: POST \/api\/deposits\/crypto → 409$/);
    await allowClipboard(context);
    await page.getByRole('heading', { name: X.title }).waitFor();
    await expect.poll(() => page.getByLabel(X.addressLabel, { exact: true }).inputValue()).toBe(SERVICE);
    const tag = await page.getByLabel(X.tagLabel, { exact: true }).inputValue();
    expect(tag).toMatch(/^\d+$/);
    await page.getByText(X.tagNote).waitFor();
    await page.getByText(S.confirmations(1)).waitFor();
    await page.getByRole('img', { name: X.qrLabel }).waitFor();
    await page.getByRole('button', { name: X.copyTagAria }).click();
    await page.getByText(X.copiedTag).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(tag);

    // Folded until asked: a payment sent with the tag needs no claim.
    const submit = page.getByRole('button', { name: X.submit });
    expect(await submit.isVisible()).toBe(false);
    await page.getByText(X.claimTitle).click();
    await expect.poll(() => submit.isVisible()).toBe(true);
    const hashField = page.getByLabel(X.txidLabel);
    await hashField.fill(`0x${txid()}`);
    await page.getByText(`* ${D.txidInvalidFor('XRPL')}`).waitFor();
    await expectNoSevereViolations(page, '/assets/deposit/XRP, the claim open with a wrong hash');
    await page.getByLabel(X.amountLabel).fill('1.0000001');
    await page.getByText(`* ${D.amountDecimalsFor('XRP', 6)}`).waitFor();
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
    await page.getByTestId('deposit-done').getByText('25 XRP').waitFor();
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
    for (const c of ['BTC']) {
      // Opened from far down a long page, it starts at its title.
      await page.evaluate(() => window.scrollTo(0, 5000));
      await page.goto(`/assets/deposit/${c}`);
      await page.getByRole('heading', { name: D.otherTitle(c) }).waitFor();
      await page.getByText(D.otherUnavailable(c)).waitFor();
      expect(await page.locator('textarea').count()).toBe(0);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }
    // ETH: the member's Ethereum address, the one USDT on ERC20 uses.
    const erc = erc20Address();
    await setDepositAddress(e2e.server.db, member.id, erc);
    await page.goto('/assets/deposit/ETH');
    await page.getByRole('heading', { name: S.title('ETH') }).waitFor();
    const eth = page.getByRole('textbox', { name: S.addressLabel('ETH'), exact: true });
    await expect.poll(() => eth.inputValue()).toBe(erc);
    await page.getByText(S.wrongNetwork('ETH', '이더리움 네트워크')).waitFor();
    // The server checks no ETH claim: none is offered; the fold sends the member to the desk.
    expect(await page.getByTestId('deposit-claim').count()).toBe(0);
    await page.getByText(S.askDeskLead).click();
    await expectNoSevereViolations(page, '/assets/deposit/ETH, the fold open');
    expect(
      await page
        .getByTestId('deposit-ask-desk')
        .getByRole('link', { name: D.contactAdminButton })
        .getAttribute('href'),
    ).toBe(CHAT);
    await page.goto('/assets/deposit/XRP');
    await page.getByRole('heading', { name: X.title }).waitFor();
    await page.goto('/assets/deposit/USDT');
    await page.getByRole('heading', { name: S.title('USDT') }).waitFor();
    await addressOf(page).waitFor();
    await page.goto('/assets/deposit/KRW');
    await page.waitForURL('**/assets/deposit-krw');
    await page.getByRole('heading', { name: MSG.depositKrw.title }).waitFor();
    await context.close();
  });
});
