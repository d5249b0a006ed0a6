import { describe, expect, it } from 'vitest';
import { chainProviders, recordFound } from '../../src/server/jobs/checker';
import { chainRound, DERIVED_DEPOSITS, fileChainServer, fileEthNode } from '../support/chain-server';
import { memberClient } from '../support/client';
import { fileAdmin } from '../support/fixture';
import { available, erc20Address, expectLedgerOk } from '../support/money';

/**
 * One deposit per transfer (decision 0410) and ether deposits (decision 0411) on a local Hardhat node, at
 * members' derived addresses, with CHAIN_AUTO_APPROVE: a batch payer's one transaction carrying several USDT
 * transfers (Disperse.sol, tests/support/chain/) makes one deposit per transfer, each credited once, also
 * when the member claims the TXID and when scans and claims race; ether a transaction carries to a member's
 * address is found, waits for ETH_MIN_CONFIRMATIONS and is credited through the approval core and its
 * two-person threshold.
 */
const node = fileEthNode();
const server = fileChainServer(node, () => ({
  ...DERIVED_DEPOSITS,
  // 1 ETH (sample price) is past it, 0.2 ETH and the USDT amounts here are not.
  FOUR_EYES_DEPOSIT_KRW: '2000000',
}));
const admin = fileAdmin(server);

const round = () => chainRound(server, 'deposits');
/** Rounds until the transfers found are deep enough and checked: ETH_MIN_CONFIRMATIONS is 12. */
async function confirm() {
  await node.mine(12);
  await round();
  await round();
}
async function memberWithAddress() {
  const m = await memberClient(server.url);
  const r = await m.client.get('/api/deposit-address?network=ERC20');
  expect(r.body.data.origin).toBe('derived');
  return { ...m, address: r.body.data.address as string };
}
type Member = Awaited<ReturnType<typeof memberWithAddress>>;
const depositsOf = (memberId: string) =>
  server.db.query<{ id: string; status: string; currency: string; amount: string; log_index: number | null }>(
    `SELECT id::text AS id, status, currency, amount::text AS amount, log_index FROM deposits
      WHERE member_id = $1 ORDER BY log_index, created_at`,
    [memberId],
  );
const claim = (m: Member, txid: string, amount: string) =>
  m.client.post('/api/deposits/crypto', { network: 'ERC20', txid, amount, sender_address: erc20Address() });
/** The Transfer logs' indexes of a receipt, in order. */
const logIndexes = (receipt: { logs: { logIndex: number; topics: readonly string[] }[] }) =>
  receipt.logs.filter((l) => l.topics.length === 3).map((l) => l.logIndex);

describe('a transaction of several USDT transfers', () => {
  it('paying two members credits each once, and their histories tell the transfers apart', async () => {
    const [a, b] = [await memberWithAddress(), await memberWithAddress()];
    await node.clockToNow();
    const { hash, receipt } = await node.disperseUsdt([
      [a.address, '11.11'],
      [b.address, '22.22'],
    ]);
    const [ia, ib] = logIndexes(receipt);
    await round();
    // Each shows its own confirmations while it waits.
    for (const m of [a, b]) {
      const waiting = await m.client.get('/api/history?asset=USDT');
      expect(waiting.body.data.items[0]).toMatchObject({ status: 'pending', chain: { required: 12 } });
    }
    await confirm();
    expect(await depositsOf(a.id)).toMatchObject([
      { status: 'approved', currency: 'USDT', amount: '11.11000000', log_index: ia },
    ]);
    expect(await depositsOf(b.id)).toMatchObject([
      { status: 'approved', currency: 'USDT', amount: '22.22000000', log_index: ib },
    ]);
    expect((await available(a.client, 'USDT')).total).toBe('11.11');
    expect((await available(b.client, 'USDT')).total).toBe('22.22');
    const history = await b.client.get('/api/history?asset=USDT');
    expect(history.body.data.items[0]).toMatchObject({ txid: hash, transfer_index: ib });
    const desk = await admin.client.get(`/api/admin/deposits?memberId=${b.id}`);
    expect(JSON.stringify(desk.body.data)).toContain(`"transfer_index":${ib}`);
    await expectLedgerOk(server.db);
  });

  it('paying one member twice makes two deposits; the claim of the TXID takes the one of its amount', async () => {
    const m = await memberWithAddress();
    await node.clockToNow();
    const { hash, receipt } = await node.disperseUsdt([
      [m.address, '5'],
      [m.address, '6'],
    ]);
    const [five, six] = logIndexes(receipt);
    // The member claims before the scan reads the block: the scan ties the claim to the 6 and adds the 5.
    const claimed = await claim(m, hash, '6');
    expect(claimed.status).toBe(201);
    await round();
    const found = await depositsOf(m.id);
    expect(found).toMatchObject([
      { amount: '5.00000000', log_index: five },
      { id: claimed.body.data.id, amount: '6.00000000', log_index: six },
    ]);
    // Claiming the other amount afterwards answers with the scan's deposit of it, not a third one.
    const again = await claim(m, hash, '5');
    expect(again.body.data.id).toBe(found[0]!.id);
    await confirm();
    expect((await depositsOf(m.id)).map((d) => d.status)).toEqual(['approved', 'approved']);
    expect((await available(m.client, 'USDT')).total).toBe('11');
    await expectLedgerOk(server.db);
  });

  it('50 scans and claims of one transfer at once make one deposit (the other transfer stays its own)', async () => {
    const [a, b] = [await memberWithAddress(), await memberWithAddress()];
    await node.clockToNow();
    const { hash, receipt } = await node.disperseUsdt([
      [a.address, '7'],
      [b.address, '8'],
    ]);
    const [ia, ib] = logIndexes(receipt);
    const provider = chainProviders(server.config.chain).find((p) => p.network === 'ERC20')!;
    const found = (to: Member, logIndex: number, units: bigint) =>
      recordFound(server.db, provider, to.id, to.address, {
        txid: hash,
        blockNumber: receipt.blockNumber,
        logIndex: logIndex!,
        from: node.owner,
        to: to.address,
        value: units,
      });
    const results = await Promise.all([
      ...Array.from({ length: 50 }, (_, i) => (i % 2 ? claim(a, hash, '7') : found(a, ia!, 7_000_000n))),
      ...Array.from({ length: 10 }, () => found(b, ib!, 8_000_000n)),
    ]);
    const claims = results.filter((r) => typeof r === 'object');
    for (const r of claims) expect(r.status).toBe(201);
    const ofA = await depositsOf(a.id);
    expect(ofA).toHaveLength(1);
    expect(new Set(claims.map((r) => r.body.data.id))).toEqual(new Set([ofA[0]!.id]));
    expect(await depositsOf(b.id)).toHaveLength(1);
    await round();
    await confirm();
    expect((await depositsOf(a.id)).map((d) => [d.status, d.log_index])).toEqual([['approved', ia]]);
    expect((await available(a.client, 'USDT')).total).toBe('7');
    expect((await available(b.client, 'USDT')).total).toBe('8');
    await expectLedgerOk(server.db);
  });
});

describe('ether to a member’s derived address', () => {
  it('is found, shows n/12 live, and is credited at 12 confirmations (to 8 decimals)', async () => {
    const m = await memberWithAddress();
    await node.clockToNow();
    await node.sendEther(m.address, '0.123456789123456789');
    await round();
    expect(await depositsOf(m.id)).toMatchObject([
      { status: 'pending', currency: 'ETH', amount: '0.12345678', log_index: -1 },
    ]);
    await node.mine(4);
    await round();
    const history = await m.client.get('/api/history?asset=ETH');
    expect(history.body.data.items[0]).toMatchObject({
      currency: 'ETH',
      status: 'pending',
      chain: { confirmations: 5, required: 12 },
    });
    const [event] = await server.db.query<{ data: { confirmations: number; required: number } }>(
      `SELECT data FROM live_events WHERE type = 'deposit.confirming' AND member_id = $1 ORDER BY id DESC LIMIT 1`,
      [m.id],
    );
    expect(event!.data).toMatchObject({ confirmations: 5, required: 12 });
    await confirm();
    expect((await depositsOf(m.id))[0]!.status).toBe('approved');
    expect((await available(m.client, 'ETH')).total).toBe('0.12345678');
    const [audit] = await server.db.query<{ actor_username: string }>(
      `SELECT actor_username FROM audit_log WHERE target_id = $1 AND action = 'deposit.approve'`,
      [(await depositsOf(m.id))[0]!.id],
    );
    expect(audit?.actor_username).toBe('system:chain');
    await expectLedgerOk(server.db);
  });

  it('past the deposit threshold it waits for two administrators; ether passed on by a contract is not seen', async () => {
    const m = await memberWithAddress();
    await node.clockToNow();
    await node.sendEther(m.address, '1');
    // A contract's internal call carries no log and is in no block's transaction list (decision 0411).
    await node.disperseEther([[m.address, '0.2']]);
    await round();
    await confirm();
    const rows = await depositsOf(m.id);
    expect(rows).toMatchObject([{ status: 'pending', currency: 'ETH', amount: '1.00000000' }]);
    expect((await available(m.client, 'ETH')).total).toBe('0');
    const proposed = await admin.client.post(`/api/admin/deposits/${rows[0]!.id}/approve`, {});
    expect(proposed.status).toBe(202);
    expect((await available(m.client, 'ETH')).total).toBe('0');
  });
});
