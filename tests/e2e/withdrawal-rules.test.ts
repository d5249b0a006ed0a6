import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src/shared/format';
import { MSG } from '../../src/shared/messages';
import { insertDeposit } from '../support/admin-fixtures';
import { memberClient } from '../support/client';
import { adjustBalance, trc20Address } from '../support/money';
import { insertUsableAddress } from '../support/withdrawal-book';
import { expectFailure, fileE2E, signIn } from './support';

/** Withdrawal rules, Chromium 360 px: address book, a refused withdrawal with its reason, travel rule. */
const e2e = fileE2E({
  WITHDRAWAL_ADDRESS_DELAY_HOURS: '24',
  KRW_DEPOSIT_WITHDRAWAL_DELAY_HOURS: '24',
  KRW_FIRST_DEPOSIT_HOLD_HOURS: '72',
  TRAVEL_RULE_THRESHOLD_KRW: '14310',
});

const W = MSG.withdraw;
const R = MSG.wrules;
const shots = process.env.SCREENSHOT_DIR;

describe('withdrawal rules in the browser', () => {
  it('registers an address with the second password, shows when it is usable (Korean time), refuses it before, deletes it', async () => {
    const member = await memberClient(e2e.server.url);
    await adjustBalance(e2e.server.db, member.id, 'USDT', '100');
    const { page, context } = await e2e.newPage();
    expectFailure(page, /^response: POST \/api\/withdrawal-addresses → 400$/);
    await signIn(page, member.creds);
    await page.goto('/assets/withdraw/addresses');
    await page.getByText(R.bookEmpty).waitFor();
    await page.getByText(R.delayNotice(24)).waitFor();

    const address = trc20Address();
    await page.getByLabel(W.recipientAddressLabel).fill(address);
    await page.getByLabel(R.labelLabel).fill('업비트 지갑');
    await page.getByLabel(R.walletKindLabel).selectOption('exchange');
    await page.getByLabel(R.exchangeLabel).selectOption('upbit');
    await page.getByLabel(R.secondPasswordLabel).fill(member.creds.pin === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: R.registerSubmit }).click();
    await page.getByText(`* ${R.secondPasswordWrong(4)}`).waitFor();
    await page.getByLabel(R.secondPasswordLabel).fill(member.creds.pin);
    await page.getByRole('button', { name: R.registerSubmit }).click();
    await page.getByText(R.registered).waitFor();
    const item = page.getByTestId('address-item');
    // When it is usable, in the app's one date style (Korean time, as every date of the app).
    const [entryRow] = await e2e.server.db.query<{ usable_at: Date | string }>(
      'SELECT usable_at FROM withdrawal_addresses WHERE member_id = $1',
      [member.id],
    );
    await expect
      .poll(() => item.textContent())
      .toContain(R.usableFrom(formatDateTime(entryRow!.usable_at, false)));
    expect(await item.textContent()).toContain(address);
    if (shots) await page.screenshot({ path: `${shots}/address-book-360.png`, fullPage: true });

    // The withdrawal: the entry is listed but not choosable yet, with the time left of its waiting period.
    await page.goto('/assets/withdraw?asset=USDT');
    const entry = page.getByRole('button', { name: /업비트 지갑/ });
    await entry.waitFor();
    expect(await entry.isDisabled()).toBe(true);
    await expect.poll(() => entry.textContent()).toMatch(/출금 주소 대기 시간 · 23시간 \d+분 남음/);
    expect(await page.getByRole('button', { name: MSG.steps.next, exact: true }).isDisabled()).toBe(true);
    if (shots) await page.screenshot({ path: `${shots}/withdraw-waiting-360.png`, fullPage: true });
    const [{ n } = { n: -1 }] = await e2e.server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM withdrawals WHERE member_id = $1',
      [member.id],
    );
    expect(n).toBe(0);

    // Deleting is immediate (and asked first).
    await page.goto('/assets/withdraw/addresses');
    await page.getByRole('button', { name: R.deleteButton }).click();
    await page.getByText(R.deleteConfirm('업비트 지갑')).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: R.deleteButton }).click();
    await page.getByText(R.deleted).waitFor();
    await page.getByText(R.bookEmpty).waitFor();
    await context.close();
  });

  it('after a KRW deposit: the hold shows with its end (Korean time) and an external withdrawal is refused at the method', async () => {
    const member = await memberClient(e2e.server.url);
    await adjustBalance(e2e.server.db, member.id, 'USDT', '100');
    const address = trc20Address();
    await insertUsableAddress(e2e.server.db, member.id, 'TRC20', address, { label: '내 지갑' });
    const id = await insertDeposit(e2e.server.db, member.id, { status: 'approved' });
    await e2e.server.db.query('UPDATE deposits SET processed_at = now() WHERE id = $1', [id]);
    const { page, context } = await e2e.newPage();
    await signIn(page, member.creds);
    await page.goto('/assets/USDT');
    await page.getByTestId('withdraw-now').waitFor();
    await expect.poll(() => page.getByTestId('now-available').textContent()).toBe('0 USDT');
    await page
      .getByText(
        /^원화 입금 후 출금 지연: \d{4}\.\s\d{1,2}\.\s\d{1,2}\.\s오[전후]\s\d{1,2}:\d{2}까지 외부 출금 불가/,
      )
      .waitFor();
    if (shots) await page.screenshot({ path: `${shots}/asset-withdraw-now-360.png`, fullPage: true });

    // The withdrawal says so before it starts, with the time left; only a member transfer stays open.
    await page.goto('/assets/withdraw?asset=USDT');
    const blocked = page.getByTestId('withdraw-blocked');
    await blocked.waitFor();
    expect(await blocked.textContent()).toContain(MSG.steps.holdBlock);
    await expect.poll(() => page.getByTestId('time-left').textContent()).toMatch(/^\d+시간 \d+분 남음$/);
    expect(await page.getByRole('button', { name: /내 지갑/ }).isDisabled()).toBe(true);
    if (shots) await page.screenshot({ path: `${shots}/withdraw-hold-360.png`, fullPage: true });
    await context.close();
  });

  it('the travel rule: checked before the confirmation sheet and any PIN pad; what the entry holds is not asked again', async () => {
    const member = await memberClient(e2e.server.url);
    await adjustBalance(e2e.server.db, member.id, 'USDT', '100');
    const upbit = trc20Address();
    await insertUsableAddress(e2e.server.db, member.id, 'TRC20', upbit, {
      label: '업비트 A',
      walletKind: 'exchange',
      exchange: 'upbit',
    });
    await insertUsableAddress(e2e.server.db, member.id, 'TRC20', trc20Address(), { label: '개인 지갑 A' });
    const { page, context } = await e2e.newPage();
    await signIn(page, member.creds);
    const next = page.getByRole('button', { name: MSG.steps.next, exact: true });
    const amount = page.getByLabel(`${W.amountLabel} (USDT)`);
    const to = async (entry: RegExp, value: string) => {
      await page.goto('/assets/withdraw?asset=USDT');
      await page.getByRole('button', { name: entry }).click();
      await next.click();
      await amount.fill(value);
    };

    // An exchange's wallet: below the threshold nothing is asked; from it, the holder's name only (the
    // exchange is the entry's). Left empty, the server's check stops the member at the field, before the
    // sheet and before any PIN pad.
    await to(/업비트 A/, '5');
    expect(await page.getByTestId('travel-rule').count()).toBe(0);
    await amount.fill('20');
    await page.getByTestId('travel-rule').waitFor();
    await page.getByText(R.travelExchangeFromBook('업비트 (Upbit)')).waitFor();
    expect(await page.getByLabel(R.travelExchangeLabel).count()).toBe(0);
    expectFailure(page, /^response: POST \/api\/withdrawals\/crypto\/check → 400$/);
    await next.click();
    await page.getByText(`* ${R.travelNameRequired('14,310')}`).waitFor();
    expect(await page.getByRole('dialog', { name: MSG.steps.confirmTitle }).count()).toBe(0);
    expect(await page.getByTestId('pin-pad').count()).toBe(0);
    if (shots) await page.screenshot({ path: `${shots}/travel-rule-360.png`, fullPage: true });
    await page.getByLabel(R.travelNameLabel).fill('김수취');
    await next.click();
    await page.getByRole('button', { name: MSG.steps.submit }).click();
    for (const d of member.creds.pin)
      await page.getByRole('button', { name: MSG.pin.key(d), exact: true }).click();
    await page.getByTestId('withdraw-done').waitFor();

    // The member's own wallet: their name and the declaration come from the entry; nothing is asked.
    await to(/개인 지갑 A/, '20');
    await page.getByText(R.travelFromBook(member.creds.fullName, R.personalWallet)).waitFor();
    expect(await page.getByLabel(R.travelNameLabel).count()).toBe(0);
    await next.click();
    await page.getByRole('button', { name: MSG.steps.submit }).click();
    for (const d of member.creds.pin)
      await page.getByRole('button', { name: MSG.pin.key(d), exact: true }).click();
    await page.getByTestId('withdraw-done').waitFor();
    const rows = await e2e.server.db.query<{ name: string; exchange: string; declared: boolean | null }>(
      `SELECT travel_rule_name AS name, travel_rule_exchange AS exchange, travel_rule_personal_declared AS declared
         FROM withdrawals WHERE member_id = $1 ORDER BY created_at`,
      [member.id],
    );
    expect(rows).toEqual([
      { name: '김수취', exchange: 'upbit', declared: null },
      { name: member.creds.fullName, exchange: 'personal', declared: true },
    ]);
    await context.close();
  });
});
