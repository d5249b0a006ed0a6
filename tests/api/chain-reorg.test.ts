import { describe, expect, it } from 'vitest';
import { chainRound, DERIVED_DEPOSITS, fileChainServer, fileEthNode } from '../support/chain-server';
import { memberClient } from '../support/client';
import { available, expectLedgerOk } from '../support/money';

/**
 * Deposits found by the scan at members' derived addresses on a local Hardhat node, credited through the
 * approval core once deep enough (CHAIN_AUTO_APPROVE), and re-organisations below that depth: a transfer the
 * chain dropped is never credited, a transfer mined again is credited once. Parallel scans credit once.
 */
const node = fileEthNode();
const server = fileChainServer(node, () => ({
  ...DERIVED_DEPOSITS,
}));

const round = (instance = 'test') => chainRound(server, 'deposits', { instance });
async function memberWithAddress() {
  const m = await memberClient(server.url);
  const r = await m.client.get('/api/deposit-address?network=ERC20');
  expect(r.body.data.origin).toBe('derived');
  return { ...m, address: r.body.data.address as string };
}
/** A transfer to a member's address, in a block dated after the address's assignment (as on a real chain). */
const transferTo = async (address: string, amount: string) => {
  await node.clockToNow();
  return node.transfer(address, amount);
};
const depositsOf = (memberId: string) =>
  server.db.query<{
    status: string;
    amount: string;
    txid: string;
    verdict: string;
    confirmations: number | null;
  }>(
    `SELECT d.status, d.amount::text AS amount, d.txid, c.verdict, c.confirmations
       FROM deposits d JOIN deposit_chain_checks c ON c.deposit_id = d.id WHERE d.member_id = $1
      ORDER BY d.created_at`,
    [memberId],
  );

describe('scan, confirmations and re-organisations', () => {
  it('a found transfer shows n/12 live, then is credited once at 12 confirmations', async () => {
    const m = await memberWithAddress();
    await transferTo(m.address, '12.5');
    await round();
    const [found] = await depositsOf(m.id);
    expect(found).toMatchObject({ status: 'pending', amount: '12.50000000', verdict: 'waiting' });
    await node.mine(3);
    await round();
    const history = await m.client.get('/api/history');
    expect(JSON.stringify(history.body.data)).toContain('"confirmations":4');
    const [event] = await server.db.query<{ data: { confirmations: number; required: number } }>(
      `SELECT data FROM live_events WHERE type = 'deposit.confirming' AND member_id = $1 ORDER BY id DESC LIMIT 1`,
      [m.id],
    );
    expect(event!.data).toMatchObject({ confirmations: 4, required: 12 });
    await node.mine(8);
    await round();
    await round();
    expect((await depositsOf(m.id))[0]).toMatchObject({ status: 'approved', verdict: 'match' });
    expect((await available(m.client, 'USDT')).total).toBe('12.5');
    await expectLedgerOk(server.db);
  });

  it('a transfer dropped by a re-organisation below the depth is never credited', async () => {
    const m = await memberWithAddress();
    const snap = await node.snapshot();
    await transferTo(m.address, '9');
    await round();
    await node.mine(2);
    await round();
    expect((await depositsOf(m.id))[0]).toMatchObject({ status: 'pending', verdict: 'waiting' });
    await node.revert(snap);
    await node.mine(20); // another chain, longer than the depth, without the transfer
    for (let i = 0; i < 3; i++) await round();
    const [d] = await depositsOf(m.id);
    expect(d!.status).toBe('pending');
    expect(d!.verdict).toBe('not_found');
    expect((await available(m.client, 'USDT')).total).toBe('0');
    await expectLedgerOk(server.db);
  });

  it('a transfer mined again in another block after a re-organisation is credited once', async () => {
    const m = await memberWithAddress();
    const snap = await node.snapshot();
    const first = await transferTo(m.address, '7');
    await round();
    await node.revert(snap);
    await node.mine(1); // the replacement chain: the same transfer lands a block later
    const again = await transferTo(m.address, '7');
    expect(again.receipt.blockNumber).not.toBe(first.receipt.blockNumber);
    await node.mine(15);
    for (let i = 0; i < 3; i++) await round();
    const rows = await depositsOf(m.id);
    expect(rows.filter((r) => r.status === 'approved')).toHaveLength(1);
    expect((await available(m.client, 'USDT')).total).toBe('7');
    await expectLedgerOk(server.db);
  });

  it('two instances scanning the same blocks at once record and credit each transfer once', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => memberWithAddress()));
    for (const m of members) await transferTo(m.address, '3');
    await Promise.all([round('instance-a'), round('instance-b'), round('instance-a'), round('instance-b')]);
    await node.mine(12);
    await Promise.all([round('instance-a'), round('instance-b')]);
    await Promise.all([round('instance-a'), round('instance-b')]);
    for (const m of members) {
      const rows = await depositsOf(m.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('approved');
      expect((await available(m.client, 'USDT')).total).toBe('3');
    }
    await expectLedgerOk(server.db);
  });
});
