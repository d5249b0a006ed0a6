import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { RESERVE_PROOF_MESSAGES } from '../../src/shared/messages/reserve-proof';
import { adminClient, Client } from '../support/client';
import { late } from '../support/fixture';
import { fileE2E, memberOn, signIn } from './support';

/**
 * Proof of reserves in the browser (decision 0450): my page → 자산 증명 checks the member's path up to the
 * published root with the browser's WebCrypto and says 검증됨 (and 검증 실패 for an altered answer); the
 * public page shows the root without sign-in; the desk shows each snapshot with hot, cold, ratio and changes.
 */
const R = RESERVE_PROOF_MESSAGES.reserveProof;
const e2e = fileE2E();
const admin = late(() => adminClient(e2e.server.url, e2e.server.db));

const take = async () => {
  const r = await admin.client.post('/api/admin/reserves');
  expect(r.status).toBe(200);
  return r.body.data as { batch: string; root_hash: string };
};

describe('자산 증명', () => {
  it('verifies the member’s path to the published root in the browser, from my page', async () => {
    const { page, context } = await memberOn(e2e, '/mypage', { USDT: '12.5', KRW: '30000' });
    const snap = await take();
    await page.getByRole('link', { name: new RegExp(R.entry) }).click();
    await page.waitForURL('**/mypage/reserves-proof');
    await page.getByRole('heading', { name: R.title }).waitFor();
    await expect.poll(() => page.getByTestId('proof-status').textContent()).toBe(R.verified);
    await expect.poll(() => page.getByTestId('proof-root').textContent()).toBe(snap.root_hash);
    const balances = await page.getByTestId('proof-balances').textContent();
    expect(balances).toContain('12.5 USDT');
    expect(balances).toContain('30000 KRW');
    await page.getByText(R.explain).waitFor();

    // The same screen given an answer whose balance was raised: the browser's own hashes refuse it.
    await page.route('**/api/reserves/proof', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.data.balances.USDT = '1000';
      await route.fulfill({ response: res, json: body });
    });
    await page.reload();
    await expect.poll(() => page.getByTestId('proof-status').textContent()).toBe(R.failed);
    await context.close();
  });

  it('shows the root, the chain’s side and the ratio to anyone; the desk shows each snapshot and its changes', async () => {
    const first = await take();
    const m = await memberOn(e2e, '/main', { ETH: '0.5' });
    const second = await take();
    const { page, context } = await e2e.newPage();
    await page.goto('/reserves');
    await page.getByRole('heading', { name: R.publicTitle }).waitFor();
    await expect.poll(() => page.getByTestId('public-root').first().textContent()).toBe(second.root_hash);
    const api = await new Client(e2e.server.url).get('/api/reserves');
    expect(api.body.data.items.map((i: { root_hash: string }) => i.root_hash).slice(0, 2)).toEqual([
      second.root_hash,
      first.root_hash,
    ]);
    await page.getByRole('columnheader', { name: R.ratio }).waitFor();
    await context.close();
    await m.context.close();

    const desk = await e2e.newPage({ width: 1280, height: 900 });
    await signIn(desk.page, admin.creds);
    await desk.page.goto('/admin?tab=reserves');
    const rows = desk.page.getByTestId('reserve-row');
    await expect.poll(() => rows.count()).toBe(4);
    const eth = rows.filter({ hasText: 'ETH' });
    expect(await eth.textContent()).toContain(`${MSG.reserves.changeLiabilities} +0.5`);
    await desk.page.getByText(second.root_hash).waitFor();
    await desk.page.getByRole('columnheader', { name: MSG.reserves.cold }).waitFor();
    await desk.context.close();
  });
});
