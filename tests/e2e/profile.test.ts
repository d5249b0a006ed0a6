import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { fillMessage } from '../../src/shared/messages/profile';
import { memberClient } from '../support/client';
import { uniqueName } from '../support/server';
import { linkFromMail, type SmtpServer, startSmtpServer } from '../support/smtp-server';
import { type E2E, expectFailure, loginThroughUi, signIn, startE2E } from './support';

const P = MSG.profile;
const BANK_FORM_URL = 'https://forms.example.com/bank-account';

let e2e: E2E;
let smtp: SmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  e2e = await startE2E({ SMTP_URL: smtp.url, BANK_FORM_URL });
});
afterAll(async () => {
  await e2e?.close();
  await smtp?.close();
});

/** A new member logged in through the screens, on /mypage. */
async function onMypage() {
  const m = await memberClient(e2e.server.url);
  const { page, context } = await e2e.newPage();
  await signIn(page, m.creds);
  await page.getByRole('link', { name: MSG.nav.my }).click();
  await page.waitForURL('**/mypage');
  await page.getByRole('heading', { name: P.title }).waitFor();
  return { ...m, page, context };
}

describe('my page', () => {
  it('shows the read-only profile and edits the contact: confirm saves, cancel restores', async () => {
    const { page, context, creds } = await onMypage();
    const info = page.getByRole('region', { name: P.infoTitle });
    await info.getByText(creds.username, { exact: true }).waitFor();
    await info.getByText(creds.fullName).waitFor();
    // Only contact and email can be edited.
    expect(await info.getByRole('button', { name: /수정/ }).count()).toBe(2);

    // Cancel restores the old value.
    await page.getByRole('button', { name: P.editContact }).click();
    await page.getByLabel(P.contact).fill('010-7777-8888');
    await page.getByRole('button', { name: P.cancel }).click();
    await info.getByText('010-1234-5678').waitFor();
    await page.getByRole('button', { name: P.editContact }).click();
    expect(await page.getByLabel(P.contact).inputValue()).toBe('010-1234-5678');

    // An invalid number is refused in place; a valid one is saved.
    await page.getByLabel(P.contact).fill('02-123');
    await page.getByRole('button', { name: P.confirm }).click();
    await page.getByText(P.contactInvalid).waitFor();
    // Typed without hyphens, it reads as a Korean number is written.
    await page.getByLabel(P.contact).fill('01024681357');
    await page.getByRole('button', { name: P.confirm }).click();
    await page.getByText(P.contactUpdated).waitFor();
    await info.getByText('010-2468-1357').waitFor();
    await page.reload();
    await page.getByRole('region', { name: P.infoTitle }).getByText('010-2468-1357').waitFor();
    await context.close();
  });

  it('requests an email change, shows it pending, and the mailed link confirms it (logged out too)', async () => {
    const { page, context, creds } = await onMypage();
    // Another member's address is refused.
    expectFailure(page, /^response: POST \/api\/profile\/email → 409$/);
    const other = await memberClient(e2e.server.url);

    await page.getByRole('button', { name: P.editEmail }).click();
    await page.getByLabel(P.email).fill('not-an-email');
    await page.getByRole('button', { name: P.confirm }).click();
    await page.getByText(P.emailInvalid).waitFor();

    // Another member's address: the server refuses it, with SPEC's 'Error: ' prefix in the toast.
    await page.getByLabel(P.email).fill(other.creds.email);
    await page.getByRole('button', { name: P.confirm }).click();
    await page.getByText(`${P.emailFailedPrefix}${P.emailTaken}`).waitFor();

    const next = `${uniqueName('n')}@example.org`;
    await page.getByLabel(P.email).fill(next);
    await page.getByRole('button', { name: P.confirm }).click();
    await page.getByText(P.emailRequested).waitFor();
    await page.getByText(P.emailPending, { exact: true }).waitFor();
    await page.getByText(fillMessage(P.emailPendingNote, { email: next })).waitFor();
    // The current address stays until the link is opened.
    await page.getByRole('region', { name: P.infoTitle }).getByText(creds.email).waitFor();

    const link = linkFromMail(await smtp.waitForMail(next));
    expect(link.startsWith(`${e2e.server.url}/mypage/email-confirm?token=`)).toBe(true);

    // A logged-out visitor opens the link.
    const { page: visitor, context: visitorContext } = await e2e.newPage();
    // The link opened a second time is refused.
    expectFailure(visitor, /^response: POST \/api\/profile\/email\/confirm → 409$/);
    await visitor.goto(link);
    await visitor.getByRole('button', { name: MSG.emailConfirm.submit }).click();
    await visitor.getByText(fillMessage(MSG.emailConfirm.success, { email: next })).waitFor();
    await visitor.getByRole('link', { name: MSG.emailConfirm.toLogin }).waitFor();
    // Opening it again says it was used.
    await visitor.reload();
    await visitor.getByRole('button', { name: MSG.emailConfirm.submit }).click();
    await visitor.getByText(MSG.emailConfirm.used).waitFor();
    await visitorContext.close();

    await page.reload();
    await page.getByRole('region', { name: P.infoTitle }).getByText(next).waitFor();
    expect(await page.getByText(P.emailPending, { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('shows the security grade and the three bank link states with the external form in a new tab', async () => {
    const { page, context, id } = await onMypage();
    const security = page.getByRole('region', { name: P.securityTitle });
    // A second password but no one-time code: the grade says what is missing.
    await security.getByText(`${P.securityGrade}: ${P.gradeNormal} · ${P.gradeMissing('OTP')}`).waitFor();

    const bank = page.getByRole('region', { name: P.bankTitle });
    await bank.getByText(P.bankNone).waitFor();
    const linkButton = bank.getByRole('link', { name: new RegExp(P.bankLink) });
    expect(await linkButton.getAttribute('href')).toBe(BANK_FORM_URL);
    expect(await linkButton.getAttribute('target')).toBe('_blank');
    expect(await linkButton.getAttribute('rel')).toBe('noopener noreferrer');

    await e2e.server.db.query(
      `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder) VALUES ($1, '신한은행', '110-987-654321', '홍길동')`,
      [id],
    );
    await page.reload();
    await bank.getByText(P.bankUnverified).waitFor();
    await bank.getByText('***-***-**4321').waitFor();
    await bank.getByRole('link', { name: new RegExp(P.bankChange) }).waitFor();
    await e2e.server.db.query('UPDATE bank_accounts SET is_verified = true WHERE member_id = $1', [id]);
    await page.reload();
    await bank.getByText(P.bankVerified).waitFor();

    // Without a second password the grade is basic.
    await e2e.server.db.query('UPDATE members SET second_password_hash = NULL WHERE id = $1', [id]);
    await page.reload();
    await security.getByText(`${P.securityGrade}: ${P.gradeBasic}`).waitFor();

    // Security entries lead to the two pages.
    await security.getByRole('link', { name: new RegExp(P.loginPassword) }).click();
    await page.waitForURL('**/change-password');
    await context.close();
  });

  it('says it cannot load the profile when the session ended under the page', async () => {
    const { creds, id } = await memberClient(e2e.server.url);
    const { page, context } = await e2e.newPage();
    // The session ends under the page.
    expectFailure(page, /^response: GET \/api\/(profile|events) → 401$/);
    await signIn(page, creds);
    // Home's own calls are done first: a call refused there sends the member to /login instead.
    await page.locator('.home-page[aria-busy="false"]').waitFor();
    await page.waitForLoadState('networkidle');
    await e2e.server.db.query('DELETE FROM sessions WHERE member_id = $1', [id]);
    await page.getByRole('link', { name: MSG.nav.my }).click();
    await page.waitForURL('**/mypage');
    await page.getByText(P.loadFailed).waitFor();
    await page.getByText(P.unavailable).waitFor();
    await page.getByRole('button', { name: P.loginAgain }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('logs out from my page', async () => {
    const { page, context } = await onMypage();
    // My page's read still on its way when the session ends.
    expectFailure(page, /^response: GET \/api\/profile → 401$/);
    await page.getByRole('button', { name: P.logout }).last().click();
    await page.waitForURL('**/login');
    await page.goto('/mypage');
    await page.waitForURL('**/login');
    await context.close();
  });
});

describe('change password', () => {
  it('refuses a wrong current password, cancels to /mypage, and on success ends other sessions and returns after 2 s', async () => {
    const { page, context, creds } = await onMypage();
    expectFailure(page, /^response: POST \/api\/profile\/password → 400$/);
    // The member is also logged in on another device.
    const { page: other, context: otherContext } = await e2e.newPage();
    await signIn(other, creds);

    await page.getByRole('link', { name: new RegExp(P.loginPassword) }).click();
    await page.waitForURL('**/change-password');
    await page.getByRole('link', { name: MSG.changePassword.cancel }).click();
    await page.waitForURL('**/mypage');
    await page.goto('/change-password');

    const CP = MSG.changePassword;
    await page.getByLabel(CP.current).fill('wrongpass1');
    await page.getByLabel(CP.next, { exact: true }).fill('fresh2024pw');
    await page.getByLabel(CP.confirm).fill('fresh2024pw');
    await page.getByRole('button', { name: CP.submit }).click();
    await page.getByText(CP.currentWrong).waitFor();

    await page.getByLabel(CP.next, { exact: true }).fill('letters');
    await page.getByRole('button', { name: CP.submit }).click();
    await page.getByText(CP.rule).waitFor();

    await page.getByLabel(CP.current).fill(creds.password);
    await page.getByLabel(CP.next, { exact: true }).fill('fresh2024pw');
    await page.getByLabel(CP.confirm).fill('fresh2024pw');
    const t0 = Date.now();
    await page.getByRole('button', { name: CP.submit }).click();
    await page.getByText(CP.success).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/change-password');
    await page.waitForURL('**/mypage', { timeout: 6_000 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1_900);

    // The other device's session was ended; this one still works.
    await other.goto('/mypage');
    await other.waitForURL('**/login');
    await page.getByRole('heading', { name: P.title }).waitFor();
    await page
      .getByRole('region', { name: P.infoTitle })
      .getByText(creds.username, { exact: true })
      .waitFor();
    await otherContext.close();
    await context.close();

    // The new password logs in.
    const { page: again, context: againContext } = await e2e.newPage();
    await loginThroughUi(again, { ...creds, password: 'fresh2024pw' });
    await againContext.close();
  });

  it("says 'please log in first' when the session is gone", async () => {
    const { page, context, id, creds } = await onMypage();
    expectFailure(page, /^response: POST \/api\/profile\/password → 401$/);
    await page.goto('/change-password');
    await page.getByLabel(MSG.changePassword.current).waitFor();
    await e2e.server.db.query('DELETE FROM sessions WHERE member_id = $1', [id]);
    await page.getByLabel(MSG.changePassword.current).fill(creds.password);
    await page.getByLabel(MSG.changePassword.next, { exact: true }).fill('another2024');
    await page.getByLabel(MSG.changePassword.confirm).fill('another2024');
    await page.getByRole('button', { name: MSG.changePassword.submit }).click();
    await page.getByText(P.loginFirst).waitFor();
    await page.waitForURL('**/login');
    await context.close();
  });
});

describe('second password', () => {
  const SP = MSG.secondPassword;

  it('changes the second password (current required and checked), and the new 8 digits pass the login step', async () => {
    const { page, context, creds } = await onMypage();
    expectFailure(page, /^response: POST \/api\/profile\/second-password → 400$/);
    await page.getByRole('link', { name: new RegExp(P.secondPassword) }).click();
    await page.waitForURL('**/second-password');
    await page.getByRole('heading', { name: SP.titleChange }).waitFor();
    await page.getByRole('link', { name: SP.cancel }).click();
    await page.waitForURL('**/mypage');
    await page.goto('/second-password');

    await page.getByLabel(SP.current).fill('000000');
    await page.getByLabel(SP.next, { exact: true }).fill('24681357');
    await page.getByLabel(SP.confirm).fill('24681357');
    await page.getByRole('button', { name: SP.submitChange }).click();
    await page.getByText(SP.currentWrong).waitFor();

    await page.getByLabel(SP.current).fill(creds.pin);
    await page.getByLabel(SP.next, { exact: true }).fill('12ab');
    await page.getByRole('button', { name: SP.submitChange }).click();
    await page.getByText(SP.rule).waitFor();

    await page.getByLabel(SP.next, { exact: true }).fill('24681357');
    await page.getByRole('button', { name: SP.submitChange }).click();
    await page.waitForURL('**/mypage');
    await page.getByText(SP.successChange).waitFor();

    const { page: again, context: againContext } = await e2e.newPage();
    await loginThroughUi(again, { ...creds, pin: '24681357' });
    await againContext.close();
    await context.close();
  });

  it('sets one when none exists: no current field, the grade then lacks only the one-time code', async () => {
    const { page, context, id } = await onMypage();
    await e2e.server.db.query('UPDATE members SET second_password_hash = NULL WHERE id = $1', [id]);
    await page.reload();
    await page
      .getByText(`${P.securityGrade}: ${P.gradeBasic} · ${P.gradeMissing(P.secondPassword)}`)
      .waitFor();
    await page.getByRole('link', { name: new RegExp(P.secondPassword) }).click();
    await page.getByRole('heading', { name: SP.titleSet }).waitFor();
    expect(await page.getByLabel(SP.current).count()).toBe(0);
    await page.getByLabel(SP.next, { exact: true }).fill('9753');
    await page.getByLabel(SP.confirm).fill('9751');
    await page.getByRole('button', { name: SP.submitSet }).click();
    await page.getByText(SP.mismatch).waitFor();
    await page.getByLabel(SP.confirm).fill('9753');
    await page.getByRole('button', { name: SP.submitSet }).click();
    await page.waitForURL('**/mypage');
    await page.getByText(SP.successSet).waitFor();
    await page.getByText(`${P.securityGrade}: ${P.gradeNormal} · ${P.gradeMissing('OTP')}`).waitFor();
    await context.close();
  });
});
