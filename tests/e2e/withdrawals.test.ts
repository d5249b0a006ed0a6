import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { memberClient } from '../support/client';
import { adjustBalance, erc20Address, trc20Address } from '../support/money';
import { registerWithdrawalAddress } from '../support/withdrawal-book';
import { fileE2E, memberOn, signIn } from './support';

const e2e = fileE2E();

const W = MSG.withdraw;
const K = MSG.withdrawKrw;

const networkOptions = (page: Page) =>
  page
    .getByLabel(W.networkLabel)
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));

const pendingOf = (memberId: string) =>
  e2e.server.db.query<{ amount: string; fee: string; final_amount: string; method: string }>(
    `SELECT amount::text AS amount, fee::text AS fee, final_amount::text AS final_amount, method
       FROM withdrawals WHERE member_id = $1 ORDER BY created_at`,
    [memberId],
  );

describe('withdrawals in the browser', () => {
  it('a crypto withdrawal with fee preview, validation messages and one request per submission', async () => {
    const member = await memberClient(e2e.server.url);
    const friend = await memberClient(e2e.server.url);
    await adjustBalance(e2e.server.db, member.id, 'USDT', '100');
    await adjustBalance(e2e.server.db, member.id, 'KRW', '30000');
    const { page, context } = await e2e.newPage();
    await signIn(page, member.creds);
    await page.goto('/assets/withdraw');

    const available = page.getByTestId('available-balance');
    await expect.poll(() => available.textContent()).toBe('100.00 USDT');
    await page.getByText('30,000원').waitFor(); // the KRW balance, shown because it is above 0
    const amount = page.getByLabel(`${W.amountLabel} (USDT)`);
    const submit = page.getByRole('button', { name: W.submit });
    const summary = page.getByRole('region', { name: W.summaryTitle });
    expect(await amount.getAttribute('inputmode')).toBe('decimal');
    expect(await submit.isDisabled()).toBe(true);

    // External transfer: the fee and the expected payout follow the amount.
    await page.getByLabel(W.methodLabel).selectOption('external');
    expect(await page.getByLabel(W.networkLabel).inputValue()).toBe('TRC20');
    await amount.fill('10');
    await expect.poll(() => summary.textContent()).toContain('1 USDT');
    await expect.poll(() => summary.textContent()).toContain('9.0000 USDT');
    await amount.fill('1');
    await page.getByText(`* ${W.payoutNotPositive}`).waitFor();
    await expect.poll(() => summary.textContent()).toContain('0.0000 USDT');
    await amount.fill('500');
    await page.getByText(`* ${W.availableInline('100.00', 'USDT')}`).waitFor();
    await page.getByLabel(W.currencyLabel).selectOption('ETH');
    await page.getByText(`* ${W.availableInline('0.00000000', 'ETH')}`).waitFor();
    await expect.poll(() => summary.textContent()).toContain('0.002 ETH');
    // ETH travels only on Ethereum: the select offers nothing else.
    await expect.poll(() => networkOptions(page)).toEqual(['ERC20']);
    await page.getByLabel(W.currencyLabel).selectOption('USDT');
    await expect.poll(() => networkOptions(page)).toEqual(['TRC20', 'ERC20']);
    expect(await page.getByLabel(W.networkLabel).inputValue()).toBe('TRC20');

    const recipient = page.getByLabel(W.recipientAddressLabel);
    await recipient.fill('T123');
    await page.getByText(`* ${W.trc20Invalid}`).waitFor();
    await recipient.fill('');
    await page.getByText(`* ${W.recipientAddressRequired}`).waitFor();
    await recipient.fill(erc20Address());
    await page.getByText(`* ${W.trc20Invalid}`).waitFor();
    await page.getByLabel(W.networkLabel).selectOption('ERC20');
    await expect.poll(() => page.getByText(`* ${W.trc20Invalid}`).count()).toBe(0);
    await page.getByLabel(W.networkLabel).selectOption('TRC20');
    const to = trc20Address();
    await registerWithdrawalAddress(member.client, member.creds.pin, 'TRC20', to); // issue 15: address book
    await recipient.fill(to);
    await amount.fill('10');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    // A double tap sends one request.
    await submit.dblclick();
    await page.getByText(W.success).waitFor();
    await expect.poll(() => amount.inputValue()).toBe('');
    expect(await recipient.inputValue()).toBe('');
    await expect.poll(() => available.textContent()).toBe('90.00 USDT');
    expect(await pendingOf(member.id)).toEqual([
      { amount: '10.00000000', fee: '1.00000000', final_amount: '9.00000000', method: 'external' },
    ]);

    // Internal transfer: the recipient ID is required and must exist.
    await page.getByLabel(W.methodLabel).selectOption('internal');
    const recipientId = page.getByLabel(W.recipientIdLabel);
    await recipientId.fill('x');
    await recipientId.fill('');
    await page.getByText(`* ${W.recipientIdRequired}`).waitFor();
    await amount.fill('5');
    await expect.poll(() => summary.textContent()).toContain('5.0000 USDT');
    await recipientId.fill('nobody_at_all');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByText(W.failed(W.recipientNotFound)).waitFor();
    await page.getByText(`* ${W.recipientNotFound}`).waitFor();
    await recipientId.fill(friend.creds.username);
    await submit.click();
    await page.getByText(W.success).first().waitFor();
    await expect.poll(() => available.textContent()).toBe('85.00 USDT');
    expect((await pendingOf(member.id)).map((w) => w.method)).toEqual(['external', 'internal']);

    // The toggle leads to the KRW screen.
    await page.getByRole('link', { name: W.tabKrw }).click();
    await page.waitForURL('**/assets/withdraw-krw');
    await page.getByRole('heading', { name: K.title }).waitFor();
    await context.close();
  });

  it('XRP: only the XRP Ledger, a destination tag with its warning, an X-address decoded', async () => {
    const { member, page, context } = await memberOn(e2e, '/assets/withdraw', { XRP: '100' });
    await page.getByLabel(W.currencyLabel).selectOption('XRP');
    await page.getByLabel(W.methodLabel).selectOption('external');
    await expect.poll(() => networkOptions(page)).toEqual(['XRPL']);
    await page.getByTestId('tag-warning').waitFor();
    expect(await page.getByTestId('tag-warning').textContent()).toBe(W.tagWarning);
    const submit = page.getByRole('button', { name: W.submit });
    const summary = page.getByRole('region', { name: W.summaryTitle });
    await page.getByLabel(`${W.amountLabel} (XRP)`).fill('10');
    await expect.poll(() => summary.textContent()).toContain('0.25 XRP');
    const recipient = page.getByLabel(W.recipientAddressLabel);
    await recipient.fill(trc20Address());
    await page.getByText(`* ${W.xrpInvalid}`).waitFor();
    const tag = page.getByLabel(W.tagLabel);
    await tag.fill('4294967296');
    await page.getByText(`* ${W.tagInvalid}`).waitFor();
    // ripple-address-codec's vector: this X-address carries tag 4294967295; another tag conflicts.
    await registerWithdrawalAddress(
      member.client,
      member.creds.pin,
      'XRPL',
      'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi',
    );
    await recipient.fill('XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi');
    await tag.fill('1');
    await page.getByText(`* ${W.tagConflict}`).waitFor();
    await tag.fill('');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByText(W.success).waitFor();
    const rows = await e2e.server.db.query(
      `SELECT network, recipient_address, destination_tag::text AS tag, fee::text AS fee FROM withdrawals WHERE member_id = $1`,
      [member.id],
    );
    expect(rows).toEqual([
      {
        network: 'XRPL',
        recipient_address: 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf',
        tag: '4294967295',
        fee: '0.25000000',
      },
    ]);
    // Back on USDT the tag field is gone and the network is TRC20 again.
    await page.getByLabel(W.currencyLabel).selectOption('USDT');
    await expect.poll(() => page.getByLabel(W.tagLabel).count()).toBe(0);
    expect(await page.getByLabel(W.networkLabel).inputValue()).toBe('TRC20');
    await context.close();
  });

  it('a KRW withdrawal: SPEC messages, summary, success and refetched balance', async () => {
    const { member, page, context } = await memberOn(e2e, '/assets/withdraw-krw', { KRW: '50000' });
    const available = page.getByTestId('available-balance');
    await expect.poll(() => available.textContent()).toBe('50,000원');
    const amount = page.getByLabel(K.amountLabel);
    const submit = page.getByRole('button', { name: K.submit });
    const summary = page.getByRole('region', { name: K.summaryTitle });
    expect(await amount.getAttribute('inputmode')).toBe('numeric');

    await amount.fill('9,000');
    expect(await amount.inputValue()).toBe('9,000'); // grouped as typed; the form keeps 9000
    await page.getByText(`* ${K.minAmount}`).waitFor();
    await amount.fill('60000');
    await page.getByText(`* ${K.availableExceeded('50,000')}`).waitFor();
    await page.getByLabel(K.bankLabel).selectOption('카카오뱅크');
    await page.getByLabel(K.bankLabel).selectOption('');
    await page.getByText(`* ${K.bankRequired}`).waitFor();
    await page.getByLabel(K.accountNumberLabel).fill('1');
    await page.getByLabel(K.accountNumberLabel).fill('');
    await page.getByText(`* ${K.accountNumberRequired}`).waitFor();
    await page.getByLabel(K.accountHolderLabel).fill('a');
    await page.getByLabel(K.accountHolderLabel).fill('');
    await page.getByText(`* ${K.holderRequired}`).waitFor();
    expect(await submit.isDisabled()).toBe(true);

    await amount.fill('30000');
    await page.getByLabel(K.bankLabel).selectOption('카카오뱅크');
    await page.getByLabel(K.accountNumberLabel).fill('3333-01-1234567');
    await page.getByLabel(K.accountHolderLabel).fill('홍길동');
    await expect.poll(() => summary.textContent()).toContain('30,000원');
    expect(await summary.textContent()).toContain('10,000원');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByText(W.success).waitFor();
    await expect.poll(() => amount.inputValue()).toBe('');
    expect(await page.getByLabel(K.bankLabel).inputValue()).toBe('');
    await expect.poll(() => available.textContent()).toBe('20,000원');
    const rows = await pendingOf(member.id);
    expect(rows).toEqual([
      { amount: '30000.00000000', fee: '0.00000000', final_amount: '30000.00000000', method: 'bank' },
    ]);

    await page.goto('/assets/history');
    await page.getByText('-30,000 KRW').waitFor();
    await page.getByText(MSG.history.statusPending, { exact: true }).waitFor();
    await context.close();
  });
});
