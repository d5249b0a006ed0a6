import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { newMemberCreds } from '../support/client';
import { adjustBalance, trc20Address } from '../support/money';
import { insertUsableAddress } from '../support/withdrawal-book';
import { collectTexts, offVoice } from './checks/korean';
import { expectFailure, fileE2E } from './support';

/**
 * A member's whole way at 360 px, with the travel rule from 1,000,000원: signed
 * up in the browser, home, each asset, each deposit page, then a withdrawal above the travel-rule threshold
 * with its fields left empty. Every page error, failed request and error screen fails it (support.ts).
 */
// The product's own threshold (the test servers' default sets it out of the way).
const e2e = fileE2E({ TRAVEL_RULE_THRESHOLD_KRW: '1000000' });
const S = MSG.signup;
const W = MSG.withdraw;

/** What the page shows is in one voice: no won amount with "KRW", no "…하세요". */
const oneVoice = async (page: Page, where: string) =>
  expect(offVoice(await collectTexts(page)), where).toEqual([]);

describe('a member from sign-up to a withdrawal', () => {
  it('signs up, walks home and every asset, and meets the travel rule before any PIN pad', async () => {
    const c = newMemberCreds();
    const { page, context } = await e2e.newPage();
    await page.goto('/registration');
    await page.getByLabel(S.username, { exact: true }).fill(c.username);
    await page.getByRole('button', { name: S.next }).click();
    await page.getByLabel(S.password, { exact: true }).fill(c.password);
    await page.getByLabel(S.passwordConfirm).fill(c.password);
    await page.getByLabel(S.secondPassword).fill(c.pin);
    await page.getByRole('button', { name: S.next }).click();
    await page.getByLabel(S.name).fill('박흐름');
    await page.getByLabel(S.email).fill(c.email);
    await page.getByLabel(S.phone).fill('01012345678');
    await page.getByRole('button', { name: S.next }).click();
    await page.getByLabel(S.agreeAll).check();
    await page.getByRole('button', { name: S.submit }).click();
    // Signed in at the end: home, with the member's (empty) holdings.
    await page.waitForURL('**/main');
    await page.getByTestId('total-krw').waitFor();

    // Funded through the desk's ledger (1 USDT = 1,431원 at the sample price), with an exchange's address.
    const [{ id } = { id: '' }] = await e2e.server.db.query<{ id: string }>(
      'SELECT id::text AS id FROM members WHERE username = $1',
      [c.username],
    );
    await adjustBalance(e2e.server.db, id, 'USDT', '1000');
    await adjustBalance(e2e.server.db, id, 'KRW', '2000000');
    await insertUsableAddress(e2e.server.db, id, 'TRC20', trc20Address(), {
      label: '업비트 USDT',
      walletKind: 'exchange',
      exchange: 'upbit',
    });
    await page.reload();
    await page.getByTestId('krw-USDT').waitFor();
    await oneVoice(page, 'home');
    for (const asset of ['KRW', 'ETH', 'XRP', 'USDT']) {
      await page.goto(`/assets/${asset}`);
      await page.getByTestId('asset-total').waitFor();
      await oneVoice(page, `/assets/${asset}`);
    }
    for (const path of ['/assets/deposit-krw', '/assets/deposit/USDT', '/assets/deposit/XRP']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await oneVoice(page, path);
    }

    // 720 USDT ≈ 1,030,320원, the holder's name left empty: refused at the field on the amount step.
    await page.goto('/assets/withdraw?asset=USDT');
    await page.getByRole('button', { name: /업비트 USDT/ }).click();
    const next = page.getByRole('button', { name: MSG.steps.next, exact: true });
    await next.click();
    await page.getByLabel(`${W.amountLabel} (USDT)`).fill('720');
    expectFailure(page, /^response: POST \/api\/withdrawals\/crypto\/check → 400$/);
    await next.click();
    await page.getByText(`* ${MSG.wrules.travelNameRequired('1,000,000')}`).waitFor();
    expect(await page.getByRole('dialog', { name: MSG.steps.confirmTitle }).count()).toBe(0);
    expect(await page.getByTestId('pin-pad').count()).toBe(0);

    // My page: the phone as it is written; the history in one voice.
    await page.goto('/mypage');
    await page.getByRole('region', { name: MSG.profile.infoTitle }).getByText('010-1234-5678').waitFor();
    await page.goto('/assets/history');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await oneVoice(page, '/assets/history');
    await context.close();
  });
});
