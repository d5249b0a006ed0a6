import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { D } from '../../src/shared/decimal';
import type { ReserveLine } from '../../src/shared/schemas/reserves';
import { ABANDON_XPUB } from '../support/chain-server';
import { adminClient, memberClient } from '../support/client';
import { type EthNode, startEthNode } from '../support/eth-node';
import { adjustBalance, erc20Address } from '../support/money';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Reserves (decision 0353) on a local Hardhat node: liabilities against the ledger and against what the
 * chain holds at deposit addresses, the hot wallet and the cold wallets; the cold share and its warning;
 * snapshots append-only, exportable, and in /metrics.
 */
const HOT = erc20Address();
const COLD = [erc20Address(), erc20Address()];
const TOKEN = 'metrics-token-for-reserves-test';
let node: EthNode;
let server: TestServer;
let admin: Awaited<ReturnType<typeof adminClient>>;
beforeAll(async () => {
  node = await startEthNode();
  server = await startTestServer({
    ETH_RPC_URL: node.url,
    ETH_USDT_CONTRACT: node.token,
    DEPOSIT_XPUB_ERC20: ABANDON_XPUB,
    PAYOUT_HOT_WALLET_ERC20: HOT,
    RESERVE_COLD_WALLETS_ERC20: COLD.join(','),
    CHAIN_CHECK_INTERVAL_MS: '3600000',
    METRICS_TOKEN: TOKEN,
  });
  admin = await adminClient(server.url, server.db);
}, 90_000);
afterAll(async () => {
  await server?.close();
  await node?.stop();
});

const take = async () => {
  const r = await admin.client.post('/api/admin/reserves');
  expect(r.status).toBe(200);
  return r.body.data as { batch: string; items: ReserveLine[] };
};
/** Each line says what its own figures imply: the sum, the share, and exactly the warnings they call for. */
function consistent(l: ReserveLine) {
  expect(l.liabilities === l.ledger).toBe(!l.warnings.includes('ledger_mismatch'));
  if (l.holdings === null) return;
  const holdings = new D(l.holdings);
  expect(holdings.eq(new D(l.deposit_addresses!).plus(l.hot!).plus(l.cold!))).toBe(true);
  expect(l.warnings.includes('holdings_below_liabilities')).toBe(holdings.lt(l.liabilities));
  if (holdings.gt(0)) {
    const share = new D(l.cold!).div(holdings);
    expect(l.cold_share).toBe(share.toDecimalPlaces(6, D.ROUND_FLOOR).toFixed());
    expect(l.warnings.includes('cold_below_80')).toBe(share.lt(0.8));
  }
}

describe('reserves', () => {
  it('names liabilities, ledger and holdings per currency; warns below 80 % cold; stores, exports, reports', async () => {
    const m = await memberClient(server.url);
    await adjustBalance(server.db, m.id, 'USDT', '100');
    const address = (await m.client.get('/api/deposit-address?network=ERC20')).body.data.address as string;
    await node.transfer(address, '50');
    await node.transfer(HOT, '20');
    await node.transfer(COLD[0]!, '10');

    const first = await take();
    const usdt = first.items.find((i) => i.currency === 'USDT')!;
    expect(new D(usdt.liabilities).gte(100)).toBe(true);
    expect(usdt).toMatchObject({ hot: '20', cold: '10' });
    expect(new D(usdt.deposit_addresses!).gte(50)).toBe(true);
    expect(usdt.warnings).toContain('cold_below_80');
    for (const l of first.items) consistent(l);
    // KRW and XRP are not measured on chain: their holdings are unknown, and said so where members are owed.
    const krw = first.items.find((i) => i.currency === 'KRW')!;
    expect(krw.holdings).toBeNull();

    // Much more in cold storage: the share and the warnings follow the figures.
    await node.transfer(COLD[1]!, '5000');
    const second = await take();
    const usdt2 = second.items.find((i) => i.currency === 'USDT')!;
    expect(usdt2.cold).toBe('5010');
    for (const l of second.items) consistent(l);

    // Stored append-only, newest first, exportable.
    const list = await admin.client.get('/api/admin/reserves?limit=50');
    expect(list.body.data.items[0].batch).toBe(second.batch);
    await expect(server.db.query('UPDATE reserve_snapshots SET ledger = 0')).rejects.toThrow(/append-only/);
    await expect(server.db.query('DELETE FROM reserve_snapshots')).rejects.toThrow(/append-only/);
    const csv = await fetch(`${server.url}/api/admin/reserves.csv`, {
      headers: { cookie: [...admin.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toMatch(
      /^taken_at,trigger,taken_by,currency,liabilities,ledger,holdings/,
    );
    expect((await m.client.post('/api/admin/reserves')).status).toBe(403);

    // /metrics carries the latest snapshot's warnings and cold shares.
    const metrics = await (
      await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    ).text();
    expect(metrics).toMatch(/wallet_reserve_cold_share\{currency="USDT"\}/);
    for (const w of usdt2.warnings)
      expect(metrics).toContain(`wallet_reserve_warning{currency="USDT",warning="${w}"} 1`);
  });
});
