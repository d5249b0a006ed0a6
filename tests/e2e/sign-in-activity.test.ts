/**
 * The sign-in log in the browser: my page shows the member's recent sign-in activity with
 * Korean time, address, a readable device and the result; the administrator's 로그인 기록 tab lists and
 * filters every member's events, and the member detail panel shows the selected member's.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { adminClient, Client, memberClient } from '../support/client';
import { fileE2E, loginThroughUi } from './support';

const E = MSG.authEvents;
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const e2e = fileE2E();

/** "2026. 11. 23. 오후 8:17": the Korean locale's date and time in Korean time (UTC+9), built by hand. */
function koreanTime(iso: string) {
  const k = new Date(Date.parse(iso) + 9 * 3600_000);
  const h = k.getUTCHours();
  const mm = String(k.getUTCMinutes()).padStart(2, '0');
  return `${k.getUTCFullYear()}. ${k.getUTCMonth() + 1}. ${k.getUTCDate()}. ${h < 12 ? '오전' : '오후'} ${h % 12 || 12}:${mm}`;
}

describe('sign-in activity', () => {
  it('my page shows the recent sign-in activity: time, address, device and result', async () => {
    const m = await memberClient(e2e.server.url);
    // A wrong password from an Android phone, then a sign-in from an iPhone.
    const phone = new Client(e2e.server.url);
    await phone.post(
      '/api/login',
      { email: m.creds.username, password: 'notmypass1' },
      { 'user-agent': ANDROID_CHROME },
    );
    await phone.post(
      '/api/login',
      { email: m.creds.username, password: m.creds.password },
      { 'user-agent': IPHONE_SAFARI },
    );

    const { page, context } = await e2e.newPage();
    await loginThroughUi(page, m.creds);
    await page.getByRole('link', { name: MSG.nav.my }).click();
    await page.waitForURL('**/mypage');
    const section = page.getByRole('region', { name: E.title });
    // The last 5 at first; 더 보기 shows the rest.
    await section.getByRole('listitem').first().waitFor();
    expect(await section.getByRole('listitem').count()).toBeLessThanOrEqual(5);
    const more = section.getByRole('button', { name: MSG.signIns.more });
    if (await more.count()) await more.click();
    await section.getByText(`${E.kinds.login} ${E.failure} (${E.reasons.bad_password})`).waitFor();
    await section.getByText('Chrome · Android').waitFor();
    await section.getByText('Safari · iPhone').waitFor();
    // This browser's own sign-in is the newest entry (Debian's Chromium on Linux), one row for both steps.
    const items = section.getByRole('listitem');
    await expect.poll(() => items.count()).toBeGreaterThanOrEqual(4);
    const first = items.first();
    await first.getByText(`${E.kinds.login} ${E.success}`).waitFor();
    await first.getByText('Chrome · Linux').waitFor();
    expect(await section.getByText('Chrome · Linux').count()).toBe(1);
    expect(await section.getByText(`${E.kinds.second_factor} ${E.success}`).count()).toBe(0);
    await first.getByText(`${E.address} 127.0.0.1`).waitFor();
    // The time is Korean time in the Korean date format.
    const iso = await first.locator('time').getAttribute('datetime');
    expect((await first.locator('time').textContent())?.replaceAll('\u00a0', ' ')).toBe(koreanTime(iso!));
    // The failure is shown in red.
    const failure = section.getByText(`${E.kinds.login} ${E.failure} (${E.reasons.bad_password})`);
    expect(await failure.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(198, 40, 40)');
    await context.close();
  });

  it('the administrator lists and filters the sign-in log, and sees it in the member panel', async () => {
    const admin = await adminClient(e2e.server.url, e2e.server.db);
    const m = await memberClient(e2e.server.url);
    await new Client(e2e.server.url).post(
      '/api/login',
      { email: m.creds.username, password: 'wrongpass9' },
      { 'user-agent': ANDROID_CHROME },
    );
    const { page, context } = await e2e.newPage({ width: 1280, height: 900 });
    await loginThroughUi(page, admin.creds);
    await page.goto('/admin');
    await page.getByRole('tab', { name: E.adminTab }).click();
    const tab = page.getByRole('region', { name: E.adminTitle, exact: true });
    await tab.getByRole('cell', { name: m.creds.username }).first().waitFor();

    // Filter: this member (by username), failures only.
    await page.getByLabel(MSG.deskRecords.filters.username).fill(m.creds.username);
    await page.getByLabel(E.filterResult).selectOption('failure');
    const rows = page.locator('table.adm-auth-events tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByText(`${E.kinds.login} ${E.failure} (${E.reasons.bad_password})`).waitFor();
    await rows.first().getByText('Chrome · Android').waitFor();
    // Successes only: the sign-up's sign-in and the two steps of the member's sign-in.
    await page.getByLabel(E.filterResult).selectOption('success');
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByLabel(E.filterKind).selectOption('second_factor');
    await expect.poll(() => rows.count()).toBe(1);

    // The member detail's security tab has the member's own log.
    await page.goto(`/admin?member=${m.id}&mtab=security`);
    const panel = page.getByRole('region', { name: E.adminTitle, exact: true });
    await panel.getByText(`${E.kinds.login} ${E.failure} (${E.reasons.bad_password})`).waitFor();
    // header + the sign-up's sign-in, login, second step, failure
    expect(await panel.getByRole('row').count()).toBe(5);
    await context.close();
  });
});
