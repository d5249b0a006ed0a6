import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { memberClient } from '../support/client';
import { trc20Address } from '../support/money';
import { loginCode } from '../support/totp';
import { expectFailure, fileE2E, fileTwoDesks } from './support';

// The desk's payouts in two browsers (decision 0392): a TXID found wrong is shown with its verdict and
// recorded again; a TXID still being checked is corrected by A's proposal with a reason and B's 확인.
const P = MSG.payouts;
const PR = MSG.proposals;

const e2e = fileE2E();
const desks = fileTwoDesks(e2e);
let memberId: string;
beforeAll(async () => {
  memberId = (await memberClient(e2e.server.url, { fullName: '이지급' })).id;
});

/** An approved USDT withdrawal on TRON, as the desk approved it a moment ago. */
async function approvedPayout() {
  const [row] = await e2e.server.db.query<{ id: string }>(
    `INSERT INTO withdrawals (member_id, currency, amount, fee, final_amount, method, network, recipient_address,
                              status, processed_at)
     VALUES ($1, 'USDT', 11, 1, 10, 'external', 'TRC20', $2, 'approved', now())
     RETURNING id::text AS id`,
    [memberId, trc20Address()],
  );
  return row!.id;
}
const txid = () => randomBytes(32).toString('hex');
const rowOf = (page: Page, id: string) => page.locator(`li[data-withdrawal-id="${id}"]`);

describe('payouts on the desk', () => {
  it('a TXID the checker found wrong shows its verdict, back in the batch; the next TXID is recorded', async () => {
    const id = await approvedPayout();
    const wrong = txid();
    // The checker's verdict as it writes it (the chain itself is the API tests' subject).
    await e2e.server.db.query(
      `INSERT INTO withdrawal_payouts (withdrawal_id, network, txid, recorded_by_username, status, detail, checked_at)
       VALUES ($1, 'TRC20', $2, 'x', 'mismatch', '받는 주소 불일치', now())`,
      [id, wrong],
    );
    await desks.a.page.goto('/admin');
    const row = rowOf(desks.a.page, id);
    await row.getByText(P.returned).waitFor();
    await row.getByText(wrong).waitFor();
    await row.getByText('받는 주소 불일치', { exact: false }).waitFor();
    await row.getByText(P.returnedHint).waitFor();
    const right = txid();
    await row.getByLabel(P.txidLabel(id)).fill(right);
    await row.getByRole('button', { name: P.record }).click();
    await desks.a.page.getByText(P.recordedOk).waitFor();
    await row.getByText(P.recorded, { exact: true }).waitFor();
    await row.getByText(right).waitFor();
  });

  it('A proposes a correction with a reason; B confirms it; the new TXID is the one being checked', async () => {
    expectFailure(
      desks.a.page,
      /^response: POST \/api\/admin\/withdrawals\/[\w-]+\/payout\/correction → 400$/,
    );
    const id = await approvedPayout();
    const typo = txid();
    await desks.a.page.goto('/admin');
    const row = rowOf(desks.a.page, id);
    await row.getByLabel(P.txidLabel(id)).fill(typo);
    await row.getByRole('button', { name: P.record }).click();
    await row.getByText(typo).waitFor();

    const right = txid();
    await row.getByLabel(P.correctTxidLabel(id)).fill(right);
    await row.getByRole('button', { name: P.correct }).click();
    await desks.a.page.getByText(MSG.admin.fail(P.correctFailed, P.reasonRequired)).waitFor();
    await row.getByLabel(P.correctTxidLabel(id)).fill(right);
    await row.getByLabel(P.correctReasonLabel(id)).fill('서명 결과를 옮겨 적다 틀림');
    await row.getByRole('button', { name: P.correct }).click();
    await desks.a.page.getByText(P.correctProposed).waitFor();
    await row.getByText(P.correctionWaiting).waitFor();
    await row.getByText(typo).waitFor();

    await desks.b.page.goto('/admin?tab=proposals');
    const card = desks.b.page.locator('.adm-proposal', { hasText: P.correctLine(typo, right) });
    await card.getByText(PR.kinds['payout.correct']!, { exact: true }).waitFor();
    await card.getByRole('button', { name: PR.confirm, exact: true }).click();
    const dialog = desks.b.page.getByRole('dialog', { name: PR.confirmTitle });
    await dialog.getByLabel(PR.otpLabel).fill(await loginCode(desks.b.creds));
    await dialog.getByRole('button', { name: PR.confirm, exact: true }).click();
    await desks.b.page.getByText(PR.applied).waitFor();

    await desks.a.page.goto('/admin');
    await rowOf(desks.a.page, id).getByText(right).waitFor();
    expect(await rowOf(desks.a.page, id).getByText(P.correctionWaiting).count()).toBe(0);
    const rows = await e2e.server.db.query<{ txid: string; status: string }>(
      'SELECT txid, status FROM withdrawal_payouts WHERE withdrawal_id = $1 ORDER BY recorded_at',
      [id],
    );
    expect(rows).toEqual([
      { txid: typo, status: 'replaced' },
      { txid: right, status: 'recorded' },
    ]);
  });
});
