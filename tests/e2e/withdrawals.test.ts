import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { memberClient } from '../support/client';
import { adjustBalance, requestInternal, trc20Address, xrpAddress } from '../support/money';
import { registerWithdrawalAddress } from '../support/withdrawal-book';
import { expectFailure, fileE2E, signIn } from './support';

const e2e = fileE2E();

const W = MSG.withdraw;
const K = MSG.withdrawKrw;
const S = MSG.steps;
const P = MSG.pin;
const O = MSG.wonAccounts;
const SHOTS = process.env.E2E_SHOTS_DIR;

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const pendingOf = (memberId: string) =>
  e2e.server.db.query<{ amount: string; final_amount: string; method: string; bank: string | null }>(
    `SELECT amount::text AS amount, final_amount::text AS final_amount, method,
            bank_name || ' ' || account_number AS bank
       FROM withdrawals WHERE member_id = $1 ORDER BY created_at`,
    [memberId],
  );

/** Types a PIN on the pad, key by key. */
async function typePin(page: Page, pin: string) {
  for (const d of pin) await page.getByRole('button', { name: P.key(d), exact: true }).click();
}

async function verifiedMember() {
  const member = await memberClient(e2e.server.url);
  await e2e.server.db.query(
    `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder, is_verified)
     VALUES ($1, '카카오뱅크', '3333-01-1234567', '홍길동', true)`,
    [member.id],
  );
  return member;
}

describe('the crypto withdrawal in steps', () => {
  it('asset → address book → amount with chips → confirmation sheet → PIN pad (wrong PIN: attempts left) → done', async () => {
    const member = await memberClient(e2e.server.url);
    await adjustBalance(e2e.server.db, member.id, 'USDT', '100');
    const to = trc20Address();
    await registerWithdrawalAddress(member.client, member.creds.pin, 'TRC20', to);
    const { page, context } = await e2e.newPage();
    await signIn(page, member.creds);
    await page.goto('/assets/withdraw');

    await page.getByRole('heading', { name: S.assetTitle }).waitFor();
    await shot(page, 'withdraw-1-asset');
    await page.getByTestId('wd-asset-USDT').click();
    await page.getByRole('heading', { name: S.recipientTitle }).waitFor();
    const next = page.getByRole('button', { name: S.next, exact: true });
    expect(await next.isDisabled()).toBe(true);
    // No free-text address: only the address book's entries (or a new one registered here).
    expect(await page.getByLabel(W.recipientAddressLabel).count()).toBe(0);
    await page.getByRole('button', { name: /테스트 지갑/ }).click();
    await shot(page, 'withdraw-2-recipient');
    await next.click();

    await page.getByRole('heading', { name: S.amountTitle }).waitFor();
    const amount = page.getByLabel(`${W.amountLabel} (USDT)`);
    expect(await amount.getAttribute('inputmode')).toBe('decimal');
    // Above the available: the refusal at the field and no payout preview.
    await amount.fill('500');
    await page.getByText(`* ${W.availableInline('100.00', 'USDT')}`).waitFor();
    expect(await page.getByTestId('payout-preview').count()).toBe(0);
    expect(await next.isDisabled()).toBe(true);
    // The chips fill a share of the available balance; the preview appears for a valid amount only.
    await page.getByRole('button', { name: '50%', exact: true }).click();
    await expect.poll(() => amount.inputValue()).toBe('50');
    await expect.poll(() => page.getByTestId('payout-preview').textContent()).toContain('49 USDT');
    await amount.fill('10');
    await expect.poll(() => page.getByTestId('payout-preview').textContent()).toContain('9 USDT');
    await shot(page, 'withdraw-3-amount');
    await next.click();

    const sheet = page.getByRole('dialog', { name: S.confirmTitle });
    await sheet.waitFor();
    const facts = (await sheet.textContent()) ?? '';
    expect(facts).toContain(`${to.slice(0, 8)}…${to.slice(-6)}`);
    expect(facts).toContain('TRC20 (트론)');
    expect(facts).toContain('10 USDT');
    expect(facts).toContain('1 USDT');
    expect(facts).toContain('9 USDT');
    await shot(page, 'withdraw-4-confirm');
    await sheet.getByRole('button', { name: S.submit }).click();

    await page.getByTestId('pin-pad').waitFor();
    // The pad takes the whole screen: the bottom navigation behind it is not even hit.
    const navHit = await page.evaluate(() => {
      const r = document.querySelector('.bottom-nav a')!.getBoundingClientRect();
      return !!document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.closest('.bottom-nav');
    });
    expect(navHit).toBe(false);
    // The attempts left, as the server counts them, before the first try.
    expect(await page.getByTestId('pin-attempts').textContent()).toBe(P.attemptsLeft(5, 5));
    await shot(page, 'withdraw-5-pin');
    const wrong = member.creds.pin === '000000' ? '111111' : '000000';
    expectFailure(page, /^response: POST \/api\/withdrawals\/crypto → 400$/);
    await typePin(page, wrong);
    await expect
      .poll(() => page.getByTestId('pin-error').textContent())
      .toBe(MSG.wrules.secondPasswordWrong(4));
    // Read once, under the dots: no system-error toast of the same refusal, and no count that no longer holds.
    expect(await page.getByText(MSG.wrules.secondPasswordWrong(4)).count()).toBe(1);
    expect(await page.getByTestId('pin-attempts').count()).toBe(0);
    await shot(page, 'withdraw-5-pin-wrong');
    // Back to the sheet and on to the pad again: the refusal, with its count, is still what the pad says.
    await page.getByTestId('pin-pad').getByRole('button', { name: P.cancel }).click();
    await sheet.getByRole('button', { name: S.submit }).click();
    await page.getByTestId('pin-pad').waitFor();
    expect(await page.getByTestId('pin-error').textContent()).toBe(MSG.wrules.secondPasswordWrong(4));
    expect(await pendingOf(member.id)).toEqual([]);
    await typePin(page, member.creds.pin);

    await page.getByTestId('withdraw-done').waitFor();
    // The done screen says what happens next.
    await page.getByText(S.doneExternal('TRC20 (트론)')).waitFor();
    await shot(page, 'withdraw-6-done');
    expect(await pendingOf(member.id)).toEqual([
      { amount: '10.00000000', final_amount: '9.00000000', method: 'external', bank: null },
    ]);
    await page.getByRole('link', { name: S.viewHistory }).click();
    await page.waitForURL('**/assets/history?asset=USDT');
    await context.close();
  });

  it('ETH says 이더리움 네트워크; a new address is registered inline; a member transfer needs no address', async () => {
    const member = await memberClient(e2e.server.url);
    const friend = await memberClient(e2e.server.url);
    await adjustBalance(e2e.server.db, member.id, 'ETH', '1');
    const { page, context } = await e2e.newPage();
    await signIn(page, member.creds);
    await page.goto('/assets/withdraw?asset=ETH');
    await page.getByRole('heading', { name: S.recipientTitle }).waitFor();
    await page.getByRole('button', { name: S.addAddress }).click();
    const networks = await page
      .getByLabel(W.networkLabel)
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(networks).toEqual(['ERC20']);
    await shot(page, 'withdraw-inline-address');

    await page.getByLabel(S.internalTransfer).check();
    await page.getByLabel(W.recipientIdLabel).fill(friend.creds.username);
    await page.getByRole('button', { name: S.next, exact: true }).click();
    await page.getByLabel(`${W.amountLabel} (ETH)`).fill('0.5');
    await page.getByRole('button', { name: S.next, exact: true }).click();
    const sheet = page.getByRole('dialog', { name: S.confirmTitle });
    expect(await sheet.textContent()).toContain(friend.creds.username);
    await sheet.getByRole('button', { name: S.submit }).click();
    await typePin(page, member.creds.pin);
    await page.getByTestId('withdraw-done').waitFor();
    expect((await pendingOf(member.id)).map((w) => w.method)).toEqual(['internal']);
    await context.close();
  });

  it('an XRP entry saved without a tag: an exchange is stopped; an own wallet is confirmed before the amount', async () => {
    const member = await memberClient(e2e.server.url);
    await adjustBalance(e2e.server.db, member.id, 'XRP', '100');
    // Entries saved before the address book asked an exchange's address for its tag.
    for (const [label, kind, exchange] of [
      ['업비트 예전 주소', 'exchange', 'upbit'],
      ['내 XRP 지갑', 'own', null],
    ] as const) {
      const address = xrpAddress();
      await e2e.server.db.query(
        `INSERT INTO withdrawal_addresses (member_id, network, address, address_key, label, wallet_kind, exchange, usable_at)
         VALUES ($1, 'XRPL', $2, $2, $3, $4, $5, now())`,
        [member.id, address, label, kind, exchange],
      );
    }
    const { page, context } = await e2e.newPage();
    await signIn(page, member.creds);
    await page.goto('/assets/withdraw?asset=XRP');
    await page.getByRole('heading', { name: S.recipientTitle }).waitFor();
    const next = page.getByRole('button', { name: S.next, exact: true });
    await page.getByRole('button', { name: /업비트 예전 주소/ }).click();
    await expect.poll(() => page.getByTestId('wd-untagged').textContent()).toBe(MSG.wrules.xrpExchangeNoTag);
    expect(await next.isDisabled()).toBe(true);
    await shot(page, 'withdraw-xrp-exchange-untagged');
    await page.getByRole('button', { name: /내 XRP 지갑/ }).click();
    const untagged = page.getByTestId('wd-untagged');
    await expect.poll(() => untagged.textContent()).toContain(W.tagWarning);
    expect(await untagged.textContent()).toContain(MSG.wrules.xrpNoTagConfirm);
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel(W.noTagOwnWallet).check();
    await expect.poll(() => next.isDisabled()).toBe(false);
    await next.click();
    await page.getByRole('heading', { name: S.amountTitle }).waitFor();
    await context.close();
  });

  it('a used-up daily limit is shown before the form, with the time left, and nothing can be sent', async () => {
    const member = await memberClient(e2e.server.url);
    const friend = await memberClient(e2e.server.url);
    await adjustBalance(e2e.server.db, member.id, 'USDT', '100');
    const sent = await requestInternal(member.client, friend, 'USDT', '10');
    expect(sent.status).toBe(201);
    // The member's own crypto limit is exactly what that withdrawal used: nothing is left for 24 hours.
    await e2e.server.db.query(
      `INSERT INTO member_withdrawal_limits (member_id, crypto_krw)
       SELECT member_id, ceil(krw_value) FROM withdrawals WHERE member_id = $1`,
      [member.id],
    );
    const { page, context } = await e2e.newPage();
    await signIn(page, member.creds);
    await page.goto('/assets/withdraw');
    const blocked = page.getByTestId('withdraw-blocked');
    await blocked.waitFor();
    expect(await blocked.textContent()).toContain(S.limitBlock);
    await expect.poll(() => page.getByTestId('time-left').textContent()).toMatch(/^23시간( \d+분)? 남음$/);
    expect(await page.getByTestId('wd-asset-USDT').isDisabled()).toBe(true);
    await shot(page, 'withdraw-blocked');
    await context.close();
  });
});

describe('the won withdrawal', () => {
  it('only to the verified own account (read-only card), with +만 and 전액 chips, then the PIN pad', async () => {
    const member = await verifiedMember();
    await adjustBalance(e2e.server.db, member.id, 'KRW', '50000');
    const { page, context } = await e2e.newPage();
    await signIn(page, member.creds);
    await page.goto('/assets/withdraw-krw');
    const card = page.getByTestId('own-account');
    await card.waitFor();
    expect(await card.textContent()).toContain('3333-01-1234567');
    // No bank or account field to type into.
    expect(await page.getByLabel(K.accountNumberLabel).count()).toBe(0);
    const amount = page.getByLabel(K.amountLabel);
    expect(await amount.getAttribute('inputmode')).toBe('numeric');
    await page.getByRole('button', { name: '+1만' }).click();
    await expect.poll(() => amount.inputValue()).toBe('10,000');
    await page.getByRole('button', { name: '+5만' }).click();
    await expect.poll(() => amount.inputValue()).toBe('60,000');
    await page.getByText(`* ${K.availableExceeded('50,000')}`).waitFor();
    await page.getByRole('button', { name: S.chipAll }).click();
    await expect.poll(() => amount.inputValue()).toBe('50,000');
    await amount.fill('30000');
    await shot(page, 'withdraw-krw');
    await page.getByRole('button', { name: S.next, exact: true }).click();
    const sheet = page.getByRole('dialog', { name: S.confirmTitle });
    expect(await sheet.textContent()).toContain('카카오뱅크 3333-01-1234567');
    await sheet.getByRole('button', { name: S.submit }).click();
    await page.getByTestId('pin-pad').waitFor();
    expect(await page.getByTestId('pin-attempts').textContent()).toBe(P.attemptsLeft(5, 5));
    await typePin(page, member.creds.pin);
    await page.getByTestId('withdraw-done').waitFor();
    expect(await pendingOf(member.id)).toEqual([
      {
        amount: '30000.00000000',
        final_amount: '30000.00000000',
        method: 'bank',
        bank: '카카오뱅크 3333-01-1234567',
      },
    ]);
    await context.close();
  });

  it('without a verified account the screen says how to register one', async () => {
    const member = await memberClient(e2e.server.url);
    member.client.ownAccount = null;
    const { page, context } = await e2e.newPage();
    await signIn(page, member.creds);
    await page.goto('/assets/withdraw-krw');
    await page.getByTestId('no-own-account').waitFor();
    await page.getByText(O.registerSteps[0]).waitFor();
    expect(await page.getByLabel(K.amountLabel).count()).toBe(0);
    await context.close();
  });
});
