import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tronToHex } from '../../src/server/chain/tron';
import { chainChecksFile } from '../support/chain-checks';
import { trc20Address } from '../support/money';

// TRC20 USDT deposits checked against a local server answering in TronGrid's shapes, and the checker's
// back-off while the provider is down (tests/support/chain-checks.ts).
const { tron, TRON_TOKEN, server, memberWith, claim, round, chainOf } = chainChecksFile({ eth: false });

describe('TRC20 USDT against a TronGrid-shaped API', () => {
  const hex = (address: string) => tronToHex(address);
  it('matches, waits, mismatches and fails from the transaction info and its Transfer log', async () => {
    const m = await memberWith('TRC20');
    const tx = () => randomBytes(32).toString('hex');
    const base = { contractHex: hex(TRON_TOKEN), fromHex: hex(trc20Address()) };
    const [good, deep, wrongTo, wrongAmount, failed, unmined] = [tx(), tx(), tx(), tx(), tx(), tx()];
    tron.setHead(2000);
    tron.addTransfer(good, { ...base, toHex: hex(m.address), value: 100_000_000n, block: 1990 });
    tron.addTransfer(deep, { ...base, toHex: hex(m.address), value: 1_500_000n, block: 1900 });
    tron.addTransfer(wrongTo, { ...base, toHex: hex(trc20Address()), value: 5_000_000n, block: 1900 });
    tron.addTransfer(wrongAmount, { ...base, toHex: hex(m.address), value: 4_000_000n, block: 1900 });
    tron.addTransfer(failed, {
      ...base,
      toHex: hex(m.address),
      value: 2_000_000n,
      block: 1900,
      result: 'REVERT',
    });
    tron.addUnmined(unmined);
    const id = async (txid: string, amount: string) =>
      (await claim(m, 'TRC20', txid, amount)).body.data.id as string;
    const ids = {
      good: await id(good, '100'),
      deep: await id(deep, '1.5'),
      wrongTo: await id(wrongTo, '5'),
      wrongAmount: await id(wrongAmount, '5'),
      failed: await id(failed, '2'),
      unmined: await id(unmined, '1'),
    };
    await round();
    expect(await chainOf(ids.good)).toMatchObject({
      verdict: 'waiting',
      confirmations: 11,
      required_confirmations: 19,
    });
    expect(await chainOf(ids.deep)).toMatchObject({ verdict: 'match', confirmations: 101, final: true });
    expect(await chainOf(ids.wrongTo)).toMatchObject({ verdict: 'address_mismatch' });
    expect(await chainOf(ids.wrongAmount)).toMatchObject({ verdict: 'amount_mismatch', chain_amount: '4' });
    expect(await chainOf(ids.failed)).toMatchObject({ verdict: 'failed' });
    expect(await chainOf(ids.unmined)).toMatchObject({ verdict: 'waiting', confirmations: 0 });

    // The provider down: the member's requests and the admin page answer; the verdict waits, with back-off.
    tron.setDown(true);
    const out = await round();
    expect(out.errors.join(' ')).toMatch(/HTTP 503/);
    expect((await m.client.get('/api/history')).status).toBe(200);
    expect(await chainOf(ids.good)).toMatchObject({ verdict: 'waiting', confirmations: 11 });
    const [later] = await server.db.query<{ later: boolean }>(
      `SELECT next_check_at > now() + interval '10 minutes' AS later FROM deposit_chain_checks WHERE deposit_id = $1`,
      [ids.good],
    );
    expect(later?.later).toBe(true);
    tron.setDown(false);
    tron.setHead(2010);
    await round();
    expect(await chainOf(ids.good)).toMatchObject({ verdict: 'match', confirmations: 21 });
  });
});
