import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { fund, insertDeposit, insertWithdrawal, insertXrpDeposit } from '../support/admin-fixtures';
import { memberClient } from '../support/client';
import { trc20Address } from '../support/money';
import { loginCode } from '../support/totp';
import { fileE2E, fileTwoDesks } from './support';

// The operators' desk queue with two administrators in two browsers: A approves a large deposit, which
// becomes a proposal only B can confirm (with a fresh one-time code); a rejection needs a reason; filters
// narrow the one list.
const Q = MSG.deskQueue;

const e2e = fileE2E();
const desks = fileTwoDesks(e2e);
let member: Awaited<ReturnType<typeof memberClient>>;
let big: string;
let small: string;
let payout: string;

beforeAll(async () => {
  const db = e2e.server.db;
  member = await memberClient(e2e.server.url, { fullName: '김대기' });
  await fund(db, member.id, { USDT: '500' });
  big = await insertDeposit(db, member.id, { amount: '100000000' });
  small = await insertDeposit(db, member.id, { amount: '25000' });
  payout = await insertWithdrawal(db, member.id, { currency: 'USDT', amount: '40' });
});

const statusOf = async (table: 'deposits' | 'withdrawals', id: string) =>
  (await e2e.server.db.query<{ status: string }>(`SELECT status FROM ${table} WHERE id = $1`, [id]))[0]
    ?.status;
const krwOf = async () =>
  (
    await e2e.server.db.query<{ b: string }>(
      `SELECT trim_scale(balance)::text AS b FROM balances WHERE member_id = $1 AND currency = 'KRW'`,
      [member.id],
    )
  )[0]?.b ?? '0';
const rowOf = (page: Page, id: string) => page.locator(`tr[data-request-id="${id}"]`);
/** A's desk afresh, with the drawer of the request `id` opened from its row. */
const drawerOf = async (id: string) => {
  await desks.a.page.goto('/admin');
  await rowOf(desks.a.page, id).getByRole('button', { name: member.creds.username }).click();
  return desks.a.page.locator(`aside[data-request-id="${id}"]`);
};

describe('the desk queue in two browsers', () => {
  it('opens on the queue with every pending request on one line, its won value shown', async () => {
    await desks.a.page.goto('/admin');
    await desks.a.page.getByRole('tab', { name: Q.tab, selected: true }).waitFor();
    for (const id of [big, small, payout]) await rowOf(desks.a.page, id).waitFor();
    await rowOf(desks.a.page, big).getByText('100,000,000원').waitFor();
    // One line per request at 1280 px: no row is taller than its neighbours because something wrapped.
    const heights = await desks.a.page
      .locator('tr[data-request-id]')
      .evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThan(2);
  });

  it('A approves a large deposit: a proposal A cannot confirm; B confirms it with a one-time code', async () => {
    const row = rowOf(desks.a.page, big);
    await row.getByRole('button', { name: Q.approve, exact: true }).click();
    await row.getByText(Q.awaitingSecond(desks.a.creds.username)).waitFor();
    expect(await row.getByRole('button', { name: Q.approve, exact: true }).isDisabled()).toBe(true);
    expect(await row.getByRole('button', { name: Q.reject, exact: true }).isDisabled()).toBe(true);
    expect(await statusOf('deposits', big)).toBe('pending');
    expect(await krwOf()).toBe('0');

    await desks.b.page.goto('/admin');
    const theirs = rowOf(desks.b.page, big);
    await theirs.getByText(Q.awaitingSecond(desks.a.creds.username)).waitFor();
    await theirs.getByRole('button', { name: Q.confirm, exact: true }).click();
    const card = desks.b.page.getByRole('dialog', { name: Q.confirmCard.title });
    await card.getByText('100,000,000원').waitFor();
    await card.getByLabel(Q.confirmCard.otpLabel).fill(await loginCode(desks.b.creds));
    await card.getByRole('button', { name: Q.confirm, exact: true }).click();
    await card.waitFor({ state: 'hidden' });
    await desks.b.page.getByText(Q.done.confirmed).waitFor();
    expect(await statusOf('deposits', big)).toBe('approved');
    expect(await krwOf()).toBe('100000000');
  });

  it('B refuses (반려) a proposed approval with a reason; the request waits again for a decision', async () => {
    const huge = await insertDeposit(e2e.server.db, member.id, { amount: '50000000' });
    await desks.a.page.goto('/admin');
    await rowOf(desks.a.page, huge).getByRole('button', { name: Q.approve, exact: true }).click();
    await rowOf(desks.a.page, huge).getByText(Q.awaitingSecond(desks.a.creds.username)).waitFor();

    await desks.b.page.goto('/admin');
    await rowOf(desks.b.page, huge).getByRole('button', { name: Q.refuse, exact: true }).click();
    const card = desks.b.page.getByRole('dialog', { name: Q.confirmCard.title });
    await card.getByText('50,000,000원').waitFor();
    await card.getByRole('button', { name: Q.refuse, exact: true }).click();
    const dialog = desks.b.page.getByRole('dialog', { name: MSG.proposals.refuseTitle });
    await dialog.getByRole('button', { name: Q.refuse, exact: true }).click();
    await dialog.getByText(MSG.proposals.refuseReasonRequired).waitFor();
    await dialog.getByLabel(Q.refuseReasonLabel).fill('입금 확인서 미제출');
    await dialog.getByRole('button', { name: Q.refuse, exact: true }).click();
    await desks.b.page.getByText(Q.done.refused).waitFor();
    await rowOf(desks.b.page, huge).getByText(Q.waitingNew).waitFor();
    expect(await statusOf('deposits', huge)).toBe('pending');
    const [p] = await e2e.server.db.query<{ status: string; decision_reason: string }>(
      `SELECT status, decision_reason FROM admin_proposals WHERE target_id = $1`,
      [huge],
    );
    expect(p).toEqual({ status: 'cancelled', decision_reason: '입금 확인서 미제출' });
  });

  it('the drawer says how long the member has had a withdrawal address, a young one marked', async () => {
    const db = e2e.server.db;
    const book = async (age: string) =>
      (
        await db.query<{ id: string }>(
          `INSERT INTO withdrawal_addresses (member_id, network, address, address_key, label, wallet_kind,
                                             created_at, usable_at)
           VALUES ($1, 'TRC20', $2, $2, '내 지갑', 'own', now() - $3::interval, now() - $3::interval)
           RETURNING id::text AS id`,
          [member.id, trc20Address(), age],
        )
      )[0]!.id;
    // The entries first: each withdrawal is asked for at least 2 hours (3 days) after its address.
    const youngBook = await book('2 hours');
    const oldBook = await book('3 days');
    const young = await insertWithdrawal(db, member.id, { currency: 'USDT', amount: '20' });
    const old = await insertWithdrawal(db, member.id, { currency: 'USDT', amount: '21' });
    await db.query('UPDATE withdrawals SET address_book_id = $2 WHERE id = $1', [young, youngBook]);
    await db.query('UPDATE withdrawals SET address_book_id = $2 WHERE id = $1', [old, oldBook]);
    const D = Q.drawer;
    const fresh = (await drawerOf(young)).getByTestId('address-book-age');
    await fresh
      .filter({ hasText: `${D.addressBook}: ${D.addressBookAgo('2시간')} · ${D.addressBookLead('2시간')}` })
      .waitFor();
    await fresh.getByText(D.addressBookYoung).waitFor();
    expect(await fresh.getAttribute('class')).toContain('adm-warn');
    const settled = (await drawerOf(old)).getByTestId('address-book-age');
    await settled
      .filter({ hasText: `${D.addressBook}: ${D.addressBookAgo('3일')} · ${D.addressBookLead('3일')}` })
      .waitFor();
    expect(await settled.getByText(D.addressBookYoung).count()).toBe(0);
  });

  it('the drawer shows an XRP deposit’s tag; a deposit not shown to be the member’s is marked in row and drawer', async () => {
    const db = e2e.server.db;
    const U = Q.unattributed;
    const tagged = await insertXrpDeposit(db, member.id, { tag: 12345, beforeAssignment: false });
    const untagged = await insertXrpDeposit(db, member.id, { tag: null, beforeAssignment: true });
    const t = await drawerOf(tagged);
    await t.getByTestId('deposit-tag').filter({ hasText: '태그 12345' }).waitFor();
    expect(await t.getByRole('note').count()).toBe(0);
    expect(await rowOf(desks.a.page, tagged).getByTestId('unattributed').count()).toBe(0);
    await rowOf(desks.a.page, untagged).getByTestId('unattributed').filter({ hasText: U.untagged }).waitFor();
    const u = await drawerOf(untagged);
    await u.getByTestId('deposit-tag').filter({ hasText: '태그 없음' }).waitFor();
    const note = u.getByRole('note');
    await note.filter({ hasText: U.why }).getByText(U.untagged).waitFor();
  });

  it('a rejection asks for a reason and records it', async () => {
    const page = desks.a.page;
    await page.goto('/admin');
    await rowOf(page, small).getByRole('button', { name: Q.reject, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: Q.rejectTitle(Q.types.deposit!) });
    await dialog.getByRole('button', { name: Q.reject, exact: true }).click();
    await dialog.getByText(Q.rejectReasonRequired).waitFor();
    expect(await statusOf('deposits', small)).toBe('pending');
    await dialog.getByLabel(Q.reasonLabel).fill('입금자명 불일치');
    await dialog.getByRole('button', { name: Q.reject, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await statusOf('deposits', small)).toBe('rejected');
    const [audit] = await e2e.server.db.query<{ after: { reason?: string } }>(
      `SELECT after FROM audit_log WHERE target_id = $1 AND action = 'deposit.reject'`,
      [small],
    );
    expect(audit?.after.reason).toBe('입금자명 불일치');
  });

  it('filters narrow the list', async () => {
    const page = desks.a.page;
    const extra = await insertDeposit(e2e.server.db, member.id, { amount: '33000' });
    await page.goto('/admin');
    await rowOf(page, extra).waitFor();
    await rowOf(page, payout).waitFor();
    await page.getByLabel(Q.filters.type, { exact: true }).selectOption('withdrawal');
    await rowOf(page, extra).waitFor({ state: 'detached' });
    await rowOf(page, payout).waitFor();
    await page.getByLabel(Q.filters.type, { exact: true }).selectOption('deposit');
    await rowOf(page, payout).waitFor({ state: 'detached' });
    await rowOf(page, extra).waitFor();
  });
});
