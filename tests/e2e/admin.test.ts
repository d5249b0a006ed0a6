import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { fund, insertDeposit, insertWithdrawal } from '../support/admin-fixtures';
import { adminClient, memberClient } from '../support/client';
import { confirmPendingFor, secondAdmin } from '../support/four-eyes';
import { type E2E, expectFailure, signIn, startE2E } from './support';

const A = MSG.admin;
const RED = 'rgb(198, 40, 40)';
const GREEN = 'rgb(27, 127, 59)';

let e2e: E2E;
let page: Page;
let context: BrowserContext;
let rich: Awaited<ReturnType<typeof memberClient>>;
let empty: Awaited<ReturnType<typeof memberClient>>;
let adminId: string;
let checker: Awaited<ReturnType<typeof secondAdmin>>;
let depositId: string;
let withdrawalId: string;

beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.db;
  const admin = await adminClient(e2e.server.url, db);
  adminId = admin.id;
  checker = await secondAdmin(e2e.server.url, db);
  rich = await memberClient(e2e.server.url, { fullName: '김부자' });
  empty = await memberClient(e2e.server.url, { fullName: '이빈손' });
  await fund(db, rich.id, { KRW: '100000', USDT: '500' });
  // Requests as the members' screens submit them (the approval core's tables).
  depositId = await insertDeposit(db, rich.id, { currency: 'KRW', amount: '50000' });
  withdrawalId = await insertWithdrawal(db, rich.id, { currency: 'USDT', amount: '20' });
  ({ page, context } = await e2e.newPage({ width: 1280, height: 900 }));
  await signIn(page, admin.creds);
  await page.goto('/admin');
  // The desk opens on the queue; these steps work on one member, under the members tab.
  await page.getByRole('tab', { name: A.tabMembers }).click();
});
afterAll(async () => {
  await context?.close();
  await e2e?.close();
});

const region = (name: string) => page.getByRole('region', { name, exact: true });
/** The member detail's tabs (정보 / 자산 / 요청 / 보안 / 기록). */
const openTab = (name: string) => page.getByRole('tab', { name, exact: true }).click();
const T = MSG.deskRecords.tabs;
const colorOf = (text: string) =>
  page
    .getByText(text, { exact: true })
    .first()
    .evaluate((el) => getComputedStyle(el).color);

async function openMember(username: string) {
  await page.getByLabel(A.list.search).fill(username.slice(2, 12));
  const pick = page.locator('.adm-member-pick', { hasText: username });
  await pick.click();
  await openTab(T.info);
  await region(A.info.title).getByText(username, { exact: true }).waitFor();
}

async function confirmIn(dialogTitle: string, button: string) {
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('the administrator page in the browser (desktop 1280×900)', () => {
  it('finds a member by part of their username and shows their balances', async () => {
    expect(new URL(page.url()).pathname).toBe('/admin');
    await openMember(rich.creds.username);
    const info = region(A.info.title);
    await info.getByText('김부자').waitFor();
    await openTab(T.assets);
    const assets = region(A.assets.title);
    await assets.getByRole('row', { name: /KRW/ }).getByText('100,000', { exact: true }).first().waitFor();
    await assets.getByRole('row', { name: /USDT/ }).getByText('500', { exact: true }).first().waitFor();
    // The requests section shows the held withdrawal in the USDT row.
    await assets.getByRole('row', { name: /USDT/ }).getByText('480', { exact: true }).waitFor();
  });

  it('adds a lock and edits it; a lock above the available balance is refused in red', async () => {
    expectFailure(page, /^response: PUT \/api\/admin\/members\/[\w-]+\/locks\/[\w-]+ → 409$/);
    const locks = region(A.locks.title);
    await locks.getByRole('button', { name: A.locks.add }).click();
    let dialog = page.getByRole('dialog', { name: A.locks.addTitle });
    await dialog.waitFor();
    expect(await dialog.getByLabel(A.locks.currency).inputValue()).toBe('usdt');
    await dialog.getByLabel(A.locks.amount).fill('100');
    await dialog.getByLabel(A.locks.end).fill('2099-12-31');
    await dialog.getByLabel(A.locks.reason).fill('이벤트 보상');
    await dialog.getByRole('button', { name: A.save }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Two-person approval (decision 0160): the lock is proposed; a second administrator confirms it.
    await locks.getByText(MSG.proposals.proposed).waitFor();
    expect(await colorOf(MSG.proposals.proposed)).toBe(GREEN);
    await confirmPendingFor(checker.client, e2e.server.db, rich.id);
    await locks.getByRole('cell', { name: '이벤트 보상' }).waitFor();

    await locks.getByRole('button', { name: A.locks.editLabel('100', 'USDT') }).click();
    dialog = page.getByRole('dialog', { name: A.locks.editTitle });
    await dialog.waitFor();
    // 500 − 20 held: at most 480 may be locked.
    await dialog.getByLabel(A.locks.amount).fill('480.5');
    await dialog.getByRole('button', { name: A.save }).click();
    const refused = A.lockExceedsAvailable(A.failed.lockEdit, 'USDT', '480.5', '480');
    await dialog.getByText(refused).waitFor();
    expect(await colorOf(refused)).toBe(RED);
    await dialog.getByLabel(A.locks.amount).fill('150');
    await dialog.getByRole('button', { name: A.save }).click();
    await dialog.waitFor({ state: 'hidden' });
    await locks.getByText(MSG.proposals.proposed).waitFor();
    await confirmPendingFor(checker.client, e2e.server.db, rich.id);
    await locks.getByRole('button', { name: A.locks.editLabel('150', 'USDT') }).waitFor();
    const rows = await e2e.server.db.query<{ amount: string; end: string }>(
      `SELECT trim_scale(locked_amount)::text AS amount, to_char(lock_end_date, 'YYYY-MM-DD') AS "end"
         FROM asset_locks WHERE member_id = $1`,
      [rich.id],
    );
    expect(rows).toEqual([{ amount: '150', end: '2099-12-31' }]);
  });

  it('proposes mailing a member a recovery; no administrator types the member’s password', async () => {
    const target = await memberClient(e2e.server.url, { fullName: '박재설' });
    await openMember(target.creds.username);
    await openTab(T.security);
    const section = region(MSG.accountTrust.recoveryTitle);
    expect(await section.locator('input[type=password]').count()).toBe(0);
    await section.getByRole('button', { name: MSG.accountTrust.sendPassword, exact: true }).click();
    await section.getByText(MSG.proposals.proposed).waitFor();
    // Nothing changed yet: the member's own password still signs in.
    expect((await target.client.get('/api/session')).status).toBe(200);
  });

  it('publishes a notice', async () => {
    // Notices concern every member: they live under 설정.
    await page.goto('/admin?tab=settings');
    const section = region(A.notices.title);
    const title = `점검 안내 ${Date.now()}`;
    await section.getByLabel(A.notices.titleLabel).fill(title);
    await section.getByLabel(A.notices.bodyLabel).fill('내일 02시부터 03시까지 서비스를 점검합니다.');
    await section.getByLabel(A.notices.published).check();
    await section.getByRole('button', { name: A.notices.create }).click();
    // What members will see is confirmed by a second administrator (decision 0401).
    await section.getByText(MSG.proposals.proposed).waitFor();
    await confirmPendingFor(checker.client, e2e.server.db, adminId);
    await page.reload();
    const item = region(A.notices.title).getByRole('listitem').filter({ hasText: title });
    await item.getByText(A.notices.publishedBadge).waitFor();
    const [row] = await e2e.server.db.query<{ published: boolean }>(
      'SELECT published FROM notices WHERE title = $1',
      [title],
    );
    expect(row?.published).toBe(true);
    // The home screen's list (GET /api/notices, the member-side read) shows it once that endpoint exists.
    const home = await empty.client.get('/api/notices');
    if (home.status !== 404) expect(JSON.stringify(home.body)).toContain(title);
    await page.goto('/admin?tab=members');
  });

  it('is refused closing the account of a member who holds money, in red', async () => {
    expectFailure(page, /^response: POST \/api\/admin\/members\/[\w-]+\/close → 409$/);
    await openMember(rich.creds.username);
    await region(A.info.title).getByRole('button', { name: A.info.deleteMember }).click();
    await confirmIn(A.info.deleteTitle, A.info.deleteMember);
    const message = A.memberHasBalance('KRW 100000, USDT 500');
    await region(A.info.title).getByText(message).waitFor();
    expect(await colorOf(message)).toBe(RED);
    expect(await e2e.server.db.query('SELECT 1 FROM members WHERE id = $1', [rich.id])).toHaveLength(1);
  });

  it('closes an empty account after confirmation; it is then listed under 해지된 계정 and opens read-only', async () => {
    await openMember(empty.creds.username);
    await region(A.info.title).getByRole('button', { name: A.info.deleteMember }).click();
    // Escape closes the confirmation without closing the account.
    await page.getByRole('dialog', { name: A.info.deleteTitle }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: A.info.deleteTitle }).waitFor({ state: 'hidden' });
    const isClosed = async () =>
      (
        await e2e.server.db.query<{ closed: boolean }>(
          'SELECT closed_at IS NOT NULL AS closed FROM members WHERE id = $1',
          [empty.id],
        )
      )[0]?.closed;
    expect(await isClosed()).toBe(false);
    await region(A.info.title).getByRole('button', { name: A.info.deleteMember }).click();
    await confirmIn(A.info.deleteTitle, A.info.deleteMember);
    const done = A.memberDeleted(empty.creds.username);
    await page.getByText(done).waitFor();
    expect(await colorOf(done)).toBe(GREEN);
    await page.getByText(A.selectMember).waitFor();
    expect(await isClosed()).toBe(true);
    // Gone from the open accounts, found under the closed ones, with its badge.
    await page.getByLabel(A.list.search).fill(empty.creds.username);
    await page.getByText(A.list.noResults).waitFor();
    await page.getByLabel(A.list.statusFilter).selectOption('closed');
    const pick = page.locator('.adm-member-pick', { hasText: empty.creds.username });
    await pick.getByText(A.list.closed, { exact: true }).waitFor();
    await pick.click();
    const info = region(A.info.title);
    await info.getByText(A.info.closedNotice).waitFor();
    await info.getByText('이**', { exact: true }).waitFor();
    await region(A.info.closedRecords).waitFor();
    // Read-only: no action of the info section, and none of the editing sections.
    expect(await info.getByRole('button').count()).toBe(0);
    for (const title of [A.assets.title, A.bank.title, A.locks.title]) {
      expect(await region(title).count(), title).toBe(0);
    }
    await page.getByLabel(A.list.statusFilter).selectOption('active');
    await page.getByLabel(A.list.search).fill('');
  });

  // The next two steps call the approval core (POST /api/admin/deposits|withdrawals/:id/approve|reject).
  it('approves a pending KRW deposit (approval core)', async () => {
    await openMember(rich.creds.username);
    await openTab(T.requests);
    const requests = region(A.requests.title);
    await requests.getByRole('tab', { name: A.requests.deposits }).click();
    await requests.getByLabel(A.requests.onlyMember).check();
    const row = requests.locator(`tr[data-request-id="${depositId}"]`);
    await row.getByText('50,000', { exact: true }).waitFor();
    await row.getByRole('button', { name: A.requests.approve }).click();
    await confirmIn(A.requests.approveDepositTitle, A.requests.approve);
    await requests.getByText(A.depositApproved).waitFor();
    // Only pending requests are listed (the default filter), and only they offer the actions.
    await row.waitFor({ state: 'detached' });
    const [d] = await e2e.server.db.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [
      depositId,
    ]);
    expect(d?.status).toBe('approved');
    await openTab(T.assets);
    await region(A.assets.title)
      .getByRole('row', { name: /KRW/ })
      .getByText('150,000', { exact: true })
      .first()
      .waitFor();
    await openTab(T.requests);
    await requests.getByLabel(A.requests.status).selectOption('approved');
    const approvedRow = requests.locator(`tr[data-request-id="${depositId}"]`);
    // The status badge, not the text alone: the approve button says 승인 too, and the list cached before the
    // approval (the row still pending) is on screen until the approved list arrives.
    await approvedRow.locator('.adm-badge').getByText(A.requests.approved, { exact: true }).waitFor();
    expect(await approvedRow.getByRole('button').count()).toBe(0);
  });

  it('rejects a pending withdrawal (approval core)', async () => {
    const requests = region(A.requests.title);
    await requests.getByRole('tab', { name: A.requests.withdrawals }).click();
    await requests.getByLabel(A.requests.status).selectOption('pending');
    const row = requests.locator(`tr[data-request-id="${withdrawalId}"]`);
    // Network, address and a link to the network's public explorer (default: tronscan).
    await row.getByText('TRC20 (트론)').waitFor();
    const link = row.getByRole('link', {
      name: `${A.requests.explorerAddress}: TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t`,
    });
    expect(await link.getAttribute('href')).toBe(
      'https://tronscan.org/#/address/TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await row.getByRole('button', { name: A.requests.reject }).click();
    // A rejection says why: the dialog does not send a blank reason (nor does the server accept one).
    await page
      .getByRole('dialog', { name: A.requests.rejectWithdrawalTitle })
      .getByLabel(MSG.deskQueue.reasonLabel)
      .fill('주소 확인 불가');
    await confirmIn(A.requests.rejectWithdrawalTitle, A.requests.reject);
    await requests.getByText(A.withdrawalRejected).waitFor();
    const [w] = await e2e.server.db.query<{ status: string }>(
      'SELECT status FROM withdrawals WHERE id = $1',
      [withdrawalId],
    );
    expect(w?.status).toBe('rejected');
    // The hold is released: USDT available is back to 500 − 150 locked.
    await openTab(T.assets);
    await region(A.assets.title)
      .getByRole('row', { name: /USDT/ })
      .getByText('350', { exact: true })
      .waitFor();
  });

  it('sends the administrator to the login screen once their session has ended', async () => {
    // The desk's reads still on their way when the session ends.
    expectFailure(page, /^response: GET \/api\/admin\/[\w/-]+ → 401$/);
    await e2e.server.db.query('DELETE FROM sessions WHERE member_id = $1', [adminId]);
    await page.getByRole('button', { name: A.ledgerCheck }).click();
    await page.waitForURL('**/login');
  });
});
