import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { adminClient, memberClient } from '../support/client';
import { proposeAndConfirm, secondAdmin } from '../support/four-eyes';
import { fileE2E, signIn } from './support';

// A won deposit in the browser: the receiving account set by two administrators, the member's verified
// own-name account, the request, its approval and the history (crypto deposits: deposits.test.ts).
const e2e = fileE2E();

const K = MSG.depositKrw;
const O = MSG.wonAccounts;
const H = MSG.history;
const S = MSG.depositScreen.done;

describe('won deposits in the browser', () => {
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
    // The done screen: the account to send from, the one to send to, how long approval takes.
    const done = page.getByTestId('deposit-done');
    await done.getByRole('heading', { name: S.krwTitle }).waitFor();
    await done.getByText('50,000원').waitFor();
    await done.getByText(S.krwBody).waitFor();
    expect(await done.getByTestId('done-own-account').textContent()).toContain('123-456-789012');
    expect(await done.getByTestId('done-receiving-account').textContent()).toContain('1005-123-456789');
    const [sender] = await e2e.server.db.query<{ bank: string }>(
      `SELECT bank_name || ' ' || account_number || ' ' || account_holder AS bank FROM deposits WHERE member_id = $1`,
      [member.id],
    );
    expect(sender?.bank).toBe('국민은행 123-456-789012 김입금');

    const [deposit] = await e2e.server.db.query<{ id: string }>(
      `SELECT id::text AS id FROM deposits WHERE member_id = $1 AND status = 'pending'`,
      [member.id],
    );
    await done.getByRole('link', { name: S.viewHistory }).click();
    await page.waitForURL('**/assets/history?asset=KRW');
    await page.goto('/assets/history');
    await page.getByText(H.limitNote).waitFor();
    await page.getByText('+50,000원').waitFor();
    await page.getByText(H.statusPending, { exact: true }).waitFor();

    const approved = await admin.client.post(`/api/admin/deposits/${deposit!.id}/approve`);
    expect(approved.status).toBe(200);
    await page.reload();
    await page.getByText('+50,000원').waitFor();
    await page.getByText(H.depositDone, { exact: true }).waitFor();
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
});
