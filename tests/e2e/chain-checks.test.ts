import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { adminClient, memberClient } from '../support/client';
import { type EthNode, startEthNode } from '../support/eth-node';
import { erc20Address, setDepositAddress } from '../support/money';
import { type E2E, signIn, startE2E } from './support';

// Chain checks in the browser: a local Hardhat node, the server's own checker running every 300 ms.
/** Where the screens are saved to be looked at (SCREENSHOT_DIR), as the other browser files do. */
const SHOTS = process.env.SCREENSHOT_DIR;
let node: EthNode;
let e2e: E2E;
beforeAll(async () => {
  node = await startEthNode();
  e2e = await startE2E({
    ETH_RPC_URL: node.url,
    ETH_USDT_CONTRACT: node.token,
    CHAIN_CHECK_INTERVAL_MS: '300',
  });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
  await node?.stop();
});

const C = MSG.chain;
const R = MSG.admin.requests;

describe('deposits checked on chain', () => {
  it('the member sees 입금 확인 중 (n/m); the operator sees verdicts; approving a mismatch takes a reason and a second administrator', async () => {
    const member = await memberClient(e2e.server.url, { fullName: '박체인' });
    const admin = await adminClient(e2e.server.url, e2e.server.db);
    const address = erc20Address();
    const right = await node.transfer(address, '12.5');
    const short = await node.transfer(address, '3');
    // The claims must come first. The scan of new blocks records a transfer to a member's address on its own,
    // and a claim of it afterwards is that request with the chain's amount (tests/api/chain-checks.test.ts):
    // the short transfer would then be a match. So the address becomes the member's only once the scan has
    // read past both transfers (a CI run on a loaded host lost that race once).
    await expect
      .poll(
        async () => {
          const [c] = await e2e.server.db.query<{ next_block: string }>(
            `SELECT next_block::text AS next_block FROM chain_scan_cursors WHERE network = 'ERC20'`,
          );
          return c !== undefined && BigInt(c.next_block) > short.receipt.blockNumber;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await setDepositAddress(e2e.server.db, member.id, address, 'ERC20');
    // The address has been the member's since before both transfers, as on a real chain: a transfer mined
    // before its address was the member's always takes a second administrator (decision 0364), which is
    // not what this test is about.
    await e2e.server.db.query(
      `UPDATE member_deposit_addresses SET updated_at = now() - interval '1 hour' WHERE member_id = $1`,
      [member.id],
    );
    const claim = (txid: string, amount: string) =>
      member.client.post('/api/deposits/crypto', {
        network: 'ERC20',
        txid,
        amount,
        sender_address: erc20Address(),
      });
    const ok = (await claim(right.hash, '12.5')).body.data.id as string;
    const bad = (await claim(short.hash, '4')).body.data.id as string;

    // The checker (not the test) runs: the member's history row counts confirmations.
    const m = await e2e.newPage();
    await signIn(m.page, member.creds);
    await m.page.goto('/assets/history');
    await m.page.getByText(C.memberWaiting(2, 12)).first().waitFor();
    if (SHOTS) await m.page.screenshot({ path: `${SHOTS}/chain-member-history-360.png`, fullPage: true });

    // 11 more blocks: the right one (one block older) is 13 deep and matches; the short one is 금액 불일치.
    await node.mine(11);
    // Both verdicts final (the checker's next rounds) before the operator opens the page.
    await expect
      .poll(
        async () =>
          (
            await e2e.server.db.query(
              'SELECT 1 FROM deposit_chain_checks WHERE final AND deposit_id = ANY($1::uuid[])',
              [[ok, bad]],
            )
          ).length,
        { timeout: 15_000 },
      )
      .toBe(2);
    const a = await e2e.newPage({ width: 360, height: 780 });
    await signIn(a.page, admin.creds);
    await a.page.goto('/admin?tab=members');
    const row = (id: string) => a.page.locator(`.adm-requests-table tr[data-request-id="${id}"]`);
    await row(ok).getByText(C.verdict.match(13)).waitFor();
    await row(bad).getByText(C.verdict.amount_mismatch).waitFor();
    await row(bad).getByText(C.chainAmount('3')).waitFor();
    await a.page.getByText(C.on('ERC20')).waitFor();
    if (SHOTS) await a.page.screenshot({ path: `${SHOTS}/chain-admin-360.png`, fullPage: true });
    await row(bad).scrollIntoViewIfNeeded();
    await row(bad).locator('.adm-details').scrollIntoViewIfNeeded();
    if (SHOTS)
      await row(bad)
        .locator('.adm-details')
        .screenshot({ path: `${SHOTS}/chain-admin-verdict.png` });

    // The mismatch: the usual confirmation, then a second one that insists on a reason.
    await row(bad).getByRole('button', { name: R.approve }).click();
    await a.page
      .getByRole('dialog', { name: R.approveDepositTitle })
      .getByRole('button', { name: R.approve })
      .click();
    const second = a.page.getByRole('dialog', { name: C.overrideTitle });
    await second.waitFor();
    await second.getByRole('button', { name: C.overrideConfirm }).click();
    await second.getByText(C.overrideReasonRequired).waitFor();
    if (SHOTS) await a.page.screenshot({ path: `${SHOTS}/chain-override-360.png` });
    await second.getByLabel(C.overrideReasonLabel).fill('회원이 1 USDT를 추가로 보내기로 함');
    await second.getByRole('button', { name: C.overrideConfirm }).click();
    await second.waitFor({ state: 'hidden' });
    // Against the chain's verdict it is a proposal for a second administrator; nothing is credited yet.
    await expect
      .poll(
        async () =>
          (
            await e2e.server.db.query(
              `SELECT 1 FROM admin_proposals WHERE kind = 'deposit.approve' AND target_id = $1 AND status = 'pending'`,
              [bad],
            )
          ).length,
      )
      .toBe(1);
    expect(
      await e2e.server.db.query('SELECT 1 FROM ledger_entries WHERE deposit_id = $1', [bad]),
    ).toHaveLength(0);

    // The match: one confirmation only.
    await row(ok).getByRole('button', { name: R.approve }).click();
    await a.page
      .getByRole('dialog', { name: R.approveDepositTitle })
      .getByRole('button', { name: R.approve })
      .click();
    // Approved, it leaves the list of pending requests.
    await row(ok).waitFor({ state: 'detached' });
    expect(await a.page.getByRole('dialog', { name: C.overrideTitle }).isVisible()).toBe(false);

    const audits = await e2e.server.db.query<{ target_id: string; after: Record<string, unknown> }>(
      `SELECT target_id, after FROM audit_log WHERE action = 'deposit.approve' AND target_id = ANY($1)`,
      [[ok, bad]],
    );
    const byId = new Map(audits.map((x) => [x.target_id, x.after]));
    expect(byId.get(bad)).toBeUndefined();
    expect(byId.get(ok)).toMatchObject({ chain_verdict: 'match' });
    expect(byId.get(ok)?.chain_override).toBeUndefined();
    await Promise.all([m.context.close(), a.context.close()]);
  });
});
