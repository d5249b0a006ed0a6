import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { memberClient } from '../support/client';
import { late } from '../support/fixture';
import { recoveryCode } from '../support/recovery';
import { startSmtpServer } from '../support/smtp-server';
import { fileE2E, loginThroughUi } from './support';

// 비밀번호 찾기 from the login screen to signing in with the password the member chose (decision 0400).
const smtp = late(startSmtpServer, (s) => s.close());
const e2e = fileE2E(() => ({ SMTP_URL: smtp.url }));
const R = MSG.recovery;

describe('비밀번호 찾기', () => {
  it('from the login screen: a mailed code, a new password, then signing in with it', async () => {
    const m = await memberClient(e2e.server.url);
    const { page } = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: MSG.login.recoveryLink }).click();
    await page.waitForURL('**/recovery');
    await page.getByLabel(R.identifierLabel).fill(m.creds.username);
    await page.getByRole('button', { name: R.send }).click();
    await page.getByText(R.sent).waitFor();

    const code = recoveryCode((await smtp.waitForMail(m.creds.email)).decoded);
    await page.getByLabel(R.codeLabel).fill(code);
    await page.getByLabel(R.newPasswordLabel, { exact: true }).fill('chosen2026pw');
    await page.getByLabel(R.confirmLabel, { exact: true }).fill('chosen2026pw');
    await page.getByRole('button', { name: R.finish }).click();
    await page.getByText(R.done).waitFor();

    await page.getByRole('link', { name: R.backToLogin }).click();
    await loginThroughUi(page, { ...m.creds, password: 'chosen2026pw' });
    expect(page.url()).toMatch(/\/main$/);
  });
});
