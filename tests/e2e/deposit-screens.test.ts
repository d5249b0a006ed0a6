import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { NETWORK_LABELS } from '../../src/shared/networks';
import { late } from '../support/fixture';
import { erc20Address, setDepositAddress, trc20Address, txid } from '../support/money';
import { startTronApi } from '../support/tron-api';
import { expectNoSevereViolations } from './checks/a11y';
import { fileE2E, memberOn } from './support';

// The deposit screens at 360 px in Upbit's order, and what they offer when a network's connection is not
// set: here the server reads TRON, not Ethereum nor the XRP Ledger (the XRP address is configured).
const tron = late(startTronApi, (t) => t.close());
const e2e = fileE2E(() => ({
  TRON_API_URL: tron.url,
  XRP_DEPOSIT_ADDRESS: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
}));

const D = MSG.deposit;
const S = MSG.depositScreen;
const X = MSG.xrpDeposit;

/** Every uncaught error, console error and error screen of `page` from now on. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return async () => {
    if (await page.getByText(MSG.shell.errorTitle).count()) errors.push('error screen shown');
    return errors;
  };
}

describe('deposit screens', () => {
  it('USDT: the network, then the address with its QR code and facts; the TXID only behind the fold', async () => {
    const { member, page, context } = await memberOn(e2e, '/main');
    const trc = trc20Address();
    await setDepositAddress(e2e.server.db, member.id, trc);
    await setDepositAddress(e2e.server.db, member.id, erc20Address());
    await page.goto('/assets/deposit/USDT');
    const address = page.getByRole('textbox', { name: S.addressLabel('USDT'), exact: true });
    await expect.poll(() => address.inputValue()).toBe(trc);
    await page.getByRole('img', { name: S.qrLabel('USDT') }).waitFor();
    await page.getByText(S.confirmations(19)).waitFor();
    await page.getByText(S.wrongNetwork('USDT', NETWORK_LABELS.TRC20)).waitFor();
    // The address comes first; the TXID field exists only inside the folded claim, below it.
    const txidField = page.getByLabel(D.txidLabel);
    expect(await txidField.isVisible()).toBe(false);
    const order = await page.evaluate(() => {
      const a = document.getElementById('deposit-address')!;
      const claim = document.querySelector('[data-testid="deposit-claim"]')!;
      return a.compareDocumentPosition(claim) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order).toBeTruthy();
    await expectNoSevereViolations(page, '/assets/deposit/USDT');
    await page.getByText(S.claimTitle).click();
    await txidField.waitFor();
    await expectNoSevereViolations(page, '/assets/deposit/USDT, the claim open');

    // Ethereum's connection is not set: one sentence, no address, no claim.
    await page.getByText(NETWORK_LABELS.ERC20, { exact: true }).click();
    expect(await page.getByRole('radio', { name: NETWORK_LABELS.ERC20 }).isChecked()).toBe(true);
    await page.getByText(S.notConnected('USDT', NETWORK_LABELS.ERC20)).waitFor();
    expect(await address.count()).toBe(0);
    expect(await page.getByTestId('deposit-claim').count()).toBe(0);
    await context.close();
  });

  it('XRP and ETH without their connection: one sentence each, no address and no claim form', async () => {
    const { page, context } = await memberOn(e2e, '/assets/XRP');
    await page.getByTestId('asset-deposit').click();
    await page.getByRole('heading', { name: X.title }).waitFor();
    await page.getByText(S.notConnected('XRP', NETWORK_LABELS.XRPL)).waitFor();
    expect(await page.getByLabel(X.addressLabel).count()).toBe(0);
    expect(await page.getByText(X.claimTitle).count()).toBe(0);
    expect(await page.getByLabel(X.txidLabel).count()).toBe(0);
    expect(await page.locator('form').count()).toBe(0);

    // ETH has its deposit page (no more "입금 미지원"), which says the same.
    await page.goto('/assets/ETH');
    await page.getByTestId('asset-deposit').click();
    await page.waitForURL('**/assets/deposit/ETH');
    await page.getByRole('heading', { name: S.title('ETH') }).waitFor();
    await page.getByText(S.notConnected('ETH', '이더리움 네트워크')).waitFor();
    expect(await page.locator('form, textarea').count()).toBe(0);
    await expectNoSevereViolations(page, '/assets/deposit/ETH');
    await context.close();
  });

  it('a USDT claim ends on its done screen, then the asset and the history, with no error on the way', async () => {
    const { member, page, context } = await memberOn(e2e, '/main');
    const errors = watchErrors(page);
    await setDepositAddress(e2e.server.db, member.id, trc20Address());
    await page.goto('/assets/USDT');
    await page.getByTestId('asset-deposit').click();
    await page.getByText(S.claimTitle).click();
    await page.getByLabel(D.amountLabel).fill('12.5');
    await page.getByLabel(D.txidLabel).fill(txid());
    await page.getByLabel(D.senderLabel).fill(trc20Address());
    const submit = page.getByRole('button', { name: D.submit });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();

    const done = page.getByTestId('deposit-done');
    await done.getByRole('heading', { name: S.done.claimTitle }).waitFor();
    await done.getByText('12.5 USDT').waitFor();
    await done.getByText(S.done.claimBody).waitFor();
    await expectNoSevereViolations(page, 'the deposit done screen');
    await done.getByRole('link', { name: S.done.toAsset('USDT') }).click();
    await page.waitForURL('**/assets/USDT');
    await page.getByTestId('asset-deposit').waitFor();
    await page.getByRole('link', { name: MSG.assetDetail.history }).click();
    await page.waitForURL('**/assets/history?asset=USDT');
    await page.getByText('+12.5 USDT').waitFor();
    expect(await errors()).toEqual([]);
    await context.close();
  });
});
