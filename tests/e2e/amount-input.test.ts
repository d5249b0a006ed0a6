import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { fileE2E, memberOn } from './support';

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

describe('amount fields in the browser', () => {
  it('a KRW amount: numeric keypad, grouped as typed, caret kept, Korean units, plain digits sent', async () => {
    const { member, page, context } = await memberOn(e2e, '/assets/withdraw-krw', { KRW: '5000000' });
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
    await page.getByLabel(K.bankLabel).selectOption('신한은행');
    await page.getByLabel(K.accountNumberLabel).fill('110-123-456789');
    await page.getByLabel(K.accountHolderLabel).fill('홍길동');
    const submit = page.getByRole('button', { name: K.submit });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    const request = page.waitForRequest((r) => r.url().endsWith('/api/withdrawals/krw'));
    await submit.click();
    expect((await request).postDataJSON()).toMatchObject({ amount: '1234567' });
    await page.getByText(W.success).waitFor();
    await expect.poll(() => amount.inputValue()).toBe('');
    const rows = await e2e.server.db.query<{ amount: string }>(
      'SELECT amount::text AS amount FROM withdrawals WHERE member_id = $1',
      [member.id],
    );
    expect(rows.map((r) => r.amount)).toEqual(['1234567.00000000']);
    await context.close();
  });

  it('a KRW deposit shows the Korean reading beside the minimum', async () => {
    const { page, context } = await memberOn(e2e, '/assets/deposit-krw');
    const amount = page.getByLabel(MSG.depositKrw.amountLabel);
    await amount.click();
    await amount.pressSequentially('123450000');
    expect(await withCaret(amount)).toBe('123,450,000|');
    await page.getByText('1억 2,345만 원', { exact: true }).waitFor();
    await page.getByText(MSG.depositKrw.minimum).waitFor();
    await context.close();
  });

  it('a crypto amount: decimal keypad, the whole part grouped, one point, caret kept', async () => {
    const { page, context } = await memberOn(e2e, '/assets/withdraw', { USDT: '50000' });
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
    // No Korean won reading for crypto.
    expect(await page.locator('.field-aid').count()).toBe(0);
    // The summary reads the plain amount (external fee 1 USDT).
    await page.getByLabel(W.methodLabel).selectOption('external');
    await amount.fill('1234.5');
    expect(await amount.inputValue()).toBe('1,234.5');
    const summary = page.getByRole('region', { name: W.summaryTitle });
    await expect.poll(() => summary.textContent()).toContain('1,233.5000 USDT');
    await context.close();
  });
});
