import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { memberClient } from '../support/client';
import { adjustBalance } from '../support/money';
import { fileE2E, signIn } from './support';

/**
 * Amount fields as in Korean finance apps: the numeric or decimal keypad, digits grouped as they are
 * typed, the caret kept in place, the amount read in Korean units for won, and the plain amount sent.
 */

const e2e = fileE2E();

const K = MSG.withdrawKrw;
const W = MSG.withdraw;

/** The field's text with the caret shown as `|` (and the selection collapsed). */
const withCaret = (field: Locator) =>
  field.evaluate((el: HTMLInputElement) => {
    const { value, selectionStart: s, selectionEnd: e } = el;
    if (s === null || s !== e) return `${value} [selection ${s}-${e}]`;
    return `${value.slice(0, s)}|${value.slice(s)}`;
  });
const putCaret = (field: Locator, at: number) =>
  field.evaluate((el: HTMLInputElement, i) => el.setSelectionRange(i, i), at);

/** The member's verified own-name account: won moves only through it. */
const ownAccount = (memberId: string) =>
  e2e.server.db.query(
    `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder, is_verified)
     VALUES ($1, '신한은행', '110-123-456789', '홍길동', true)`,
    [memberId],
  );

describe('amount fields in the browser', () => {
  it('a KRW amount: numeric keypad, grouped as typed, caret kept, Korean units, plain digits sent', async () => {
    const member = await memberClient(e2e.server.url);
    await ownAccount(member.id);
    await adjustBalance(e2e.server.db, member.id, 'KRW', '5000000');
    const { page, context } = await e2e.newPage();
    await signIn(page, member.creds);
    await page.goto('/assets/withdraw-krw');
    const amount = page.getByLabel(K.amountLabel);
    await amount.waitFor();
    expect(await amount.getAttribute('inputmode')).toBe('numeric');

    // Typing key by key: grouped at every step, the caret at the end.
    await amount.click();
    await amount.pressSequentially('1234567');
    expect(await withCaret(amount)).toBe('1,234,567|');
    await page.getByText('123만 4,567원', { exact: true }).waitFor();

    // A digit typed in the middle: the caret stays right after it though a comma moved.
    await putCaret(amount, 5); // 1,234|,567
    await page.keyboard.type('0');
    expect(await withCaret(amount)).toBe('12,340|,567');
    await page.getByText('1,234만 567원', { exact: true }).waitFor();
    // Backspace in the middle takes that digit back, the caret stays.
    await page.keyboard.press('Backspace');
    expect(await withCaret(amount)).toBe('1,234|,567');
    // Backspace just after a comma deletes the digit before it (the comma is not a character to delete).
    await putCaret(amount, 2); // 1,|234,567
    await page.keyboard.press('Backspace');
    expect(await withCaret(amount)).toBe('|234,567');
    // Delete just before a comma deletes the digit after it.
    await putCaret(amount, 3); // 234|,567
    await page.keyboard.press('Delete');
    expect(await withCaret(amount)).toBe('23,4|67');
    // Letters and signs never enter; the caret does not move.
    await page.keyboard.type('a-.');
    expect(await withCaret(amount)).toBe('23,4|67');
    // The arrow keys walk over the comma like over any character; typing there works.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('9');
    expect(await withCaret(amount)).toBe('239|,467');

    // Under 1만 no reading is shown; 1만 reads as "1만 원".
    await amount.fill('9999');
    expect(await page.locator('.field-aid').count()).toBe(0);
    await amount.fill('10000');
    expect(await amount.inputValue()).toBe('10,000');
    await page.getByText('1만 원', { exact: true }).waitFor();
    // The reading is part of the field's description for screen readers.
    const described = await amount.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described?.split(' ')[0]}"]`).textContent()).toBe('1만 원');

    // Pasting a formatted amount keeps the digits; the request carries the plain amount.
    await amount.fill('1,234,567원');
    expect(await amount.inputValue()).toBe('1,234,567');
    const next = page.getByRole('button', { name: MSG.steps.next, exact: true });
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.click();
    await page.getByRole('button', { name: MSG.steps.submit }).click();
    const request = page.waitForRequest((r) => r.url().endsWith('/api/withdrawals/krw'));
    for (const d of member.creds.pin)
      await page.getByRole('button', { name: MSG.pin.key(d), exact: true }).click();
    expect((await request).postDataJSON()).toMatchObject({ amount: '1234567' });
    await page.getByTestId('withdraw-done').waitFor();
    const rows = await e2e.server.db.query<{ amount: string }>(
      'SELECT amount::text AS amount FROM withdrawals WHERE member_id = $1',
      [member.id],
    );
    expect(rows.map((r) => r.amount)).toEqual(['1234567.00000000']);
    await context.close();
  });

  it('a KRW deposit shows the Korean reading beside the minimum', async () => {
    const member = await memberClient(e2e.server.url);
    await ownAccount(member.id);
    const { page, context } = await e2e.newPage();
    await signIn(page, member.creds);
    await page.goto('/assets/deposit-krw');
    const amount = page.getByLabel(MSG.depositKrw.amountLabel);
    await amount.click();
    await amount.pressSequentially('123450000');
    expect(await withCaret(amount)).toBe('123,450,000|');
    await page.getByText('1억 2,345만 원', { exact: true }).waitFor();
    await page.getByText(MSG.depositKrw.minimum).waitFor();
    await context.close();
  });

  it('a crypto amount: decimal keypad, the whole part grouped, one point, caret kept', async () => {
    const member = await memberClient(e2e.server.url);
    await adjustBalance(e2e.server.db, member.id, 'USDT', '50000');
    const { page, context } = await e2e.newPage();
    await signIn(page, member.creds);
    await page.goto('/assets/withdraw?asset=USDT');
    await page.getByLabel(MSG.steps.internalTransfer).check();
    await page.getByLabel(W.recipientIdLabel).fill('someone_else');
    await page.getByRole('button', { name: MSG.steps.next, exact: true }).click();
    const amount = page.getByLabel(`${W.amountLabel} (USDT)`);
    await amount.waitFor();
    expect(await amount.getAttribute('inputmode')).toBe('decimal');
    await amount.click();
    await amount.pressSequentially('12345.6789');
    expect(await withCaret(amount)).toBe('12,345.6789|');
    // A second point is refused; a digit typed in the whole part keeps the caret after it.
    await page.keyboard.type('.');
    expect(await withCaret(amount)).toBe('12,345.6789|');
    await putCaret(amount, 1); // 1|2,345.6789
    await page.keyboard.type('0');
    expect(await withCaret(amount)).toBe('10|2,345.6789');
    // No Korean reading in units of 만 for crypto.
    expect(await page.locator('.field-aid').count()).toBe(0);
    // The payout preview reads the plain amount (an internal transfer has no fee).
    await amount.fill('1234.5');
    expect(await amount.inputValue()).toBe('1,234.5');
    await expect.poll(() => page.getByTestId('payout-preview').textContent()).toContain('1,234.5 USDT');
    await context.close();
  });
});
