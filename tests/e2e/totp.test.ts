import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { memberClient } from '../support/client';
import { nextCode } from '../support/totp';
import { expectFailure, fileE2E, memberOn, signIn } from './support';

/** Screenshots for a person to look at (360 px), when TOTP_SHOTS names a folder. */
const SHOTS = process.env.TOTP_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const e2e = fileE2E();

const O = MSG.otp;
const K = MSG.withdrawKrw;

describe('one-time codes in the browser (360 px)', () => {
  it('enrols from my page by reading the secret, logs in with a code and withdraws with a code', async () => {
    const { member, page, context } = await memberOn(e2e, '/mypage', { KRW: '50000' });
    // A wrong first code, the second step without its code, my page's read cut by the logout.
    expectFailure(
      page,
      /^response: POST \/api\/totp\/confirm → 400$/,
      /^response: POST \/api\/auth\/second-factor → 400$/,
      /^response: GET \/api\/profile → 401$/,
    );
    await e2e.server.db.query(
      `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder, is_verified)
       VALUES ($1, '카카오뱅크', '3333-01-1234567', '홍길동', true)`,
      [member.id],
    );
    const section = page.getByTestId('totp-section');
    await section.getByText(O.statusOff).waitFor();
    await section.getByRole('button', { name: O.enrolButton }).click();

    // The QR code of the otpauth:// URI and the secret as text.
    await section.getByRole('img', { name: O.qrLabel }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shot(page, 'totp-enrol');

    // The second password is asked with the first code; a wrong first code is refused at the field; the
    // right one with the second password enrols and shows 10 recovery codes once.
    const codeField = page.getByLabel(O.confirmCodeLabel);
    const pinField = section.getByLabel(MSG.secondFactor.label);
    await codeField.fill('000000');
    await section.getByRole('button', { name: O.confirmButton }).click();
    await section.getByText(MSG.secondFactor.required, { exact: true }).waitFor();
    await pinField.fill(member.creds.pin);
    await section.getByRole('button', { name: O.confirmButton }).click();
    await section.getByText(O.invalid).waitFor();
    await codeField.fill(await nextCode(secret));
    await pinField.fill(member.creds.pin);
    await section.getByRole('button', { name: O.confirmButton }).click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await expect.poll(() => codes.count()).toBe(10);
    await shot(page, 'totp-recovery');
    await section.getByRole('button', { name: O.recoveryDone }).click();
    await section.getByText(O.statusOn).waitFor();
    await section.getByText(O.recoveryLeft(10), { exact: false }).waitFor();
    await shot(page, 'totp-mypage-on');

    // Log out; the second step now asks for the code as well.
    await page.locator('#main').getByRole('button', { name: MSG.profile.logout }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('아이디').fill(member.creds.username);
    await page.getByLabel('비밀번호').fill(member.creds.password);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await page.waitForURL('**/second-factor');
    await page.getByLabel('2차 비밀번호').fill(member.creds.pin);
    await page.getByRole('button', { name: '확인' }).click();
    await page.getByText(O.required).first().waitFor();
    await shot(page, 'totp-second-step');
    await page.getByLabel('2차 비밀번호').fill(member.creds.pin);
    await page.getByLabel(O.codeLabel).fill(await nextCode(secret));
    await page.getByRole('button', { name: '확인' }).click();
    await page.waitForURL('**/main');

    // A KRW withdrawal: the PIN pad also asks for the code and sends nothing without it; with a fresh
    // code and the PIN it is accepted.
    await page.goto('/assets/withdraw-krw');
    await expect.poll(() => page.getByTestId('available-balance').textContent()).toContain('50,000원');
    await page.getByLabel(K.amountLabel).fill('30000');
    await page.getByRole('button', { name: MSG.steps.next, exact: true }).click();
    await page.getByRole('button', { name: MSG.steps.submit }).click();
    await page.getByTestId('pin-pad').waitFor();
    for (const d of member.creds.pin)
      await page.getByRole('button', { name: MSG.pin.key(d), exact: true }).click();
    const confirm = page.getByRole('button', { name: MSG.pin.confirm, exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    expect(await e2e.server.db.query('SELECT 1 FROM withdrawals WHERE member_id = $1', [member.id])).toEqual(
      [],
    );
    await page.getByLabel(O.codeLabel).fill(await nextCode(secret));
    await shot(page, 'totp-withdrawal');
    await confirm.click();
    await page.getByTestId('withdraw-done').waitFor();
    const rows = await e2e.server.db.query('SELECT 1 FROM withdrawals WHERE member_id = $1', [member.id]);
    expect(rows).toHaveLength(1);
    await context.close();
  });

  it('shows an administrator who has not enrolled the enrolment screen first', async () => {
    const admin = await memberClient(e2e.server.url);
    await e2e.server.db.query('UPDATE members SET is_admin = true WHERE id = $1', [admin.id]);
    const { page, context } = await e2e.newPage();
    await signIn(page, admin.creds);
    await page.goto('/admin');
    await page.getByRole('heading', { name: O.adminEnrolTitle }).waitFor();
    await page.getByText(O.adminEnrolIntro).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    await shot(page, 'totp-admin-gate');
    await page.getByLabel(O.confirmCodeLabel).fill(await nextCode(secret));
    await page.getByLabel(MSG.secondFactor.label).fill(admin.creds.pin);
    await page.getByRole('button', { name: O.confirmButton }).click();
    await page.getByRole('button', { name: O.recoveryDone }).click();
    // Then the administrator page itself.
    await page.getByRole('tab', { name: MSG.admin.tabMembers }).waitFor();
    await context.close();
  });
});
