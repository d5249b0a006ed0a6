import { describe, expect, it } from 'vitest';
import { chainProviders } from '../../src/server/jobs/checker';
import { MSG } from '../../src/shared/messages';
import { chainChecksFile } from '../support/chain-checks';
import { memberClient } from '../support/client';
import { erc20Address, setDepositAddress } from '../support/money';

// CHAIN_AUTO_APPROVE (decision 0170) on a local Hardhat node: a final match credited by the system, never a
// mismatch, never a transfer older than the address's assignment (tests/support/chain-checks.ts). Such a
// transfer, with or without automatic approval, is credited only by two administrators (decision 0364).
const { node, server, admin, memberWith, claim, round, autoApproveRound, chainOf } = chainChecksFile();

describe('CHAIN_AUTO_APPROVE', () => {
  it('approves a final match through the approval core, audited as the system; never a mismatch', async () => {
    const m = await memberWith('ERC20');
    // Blocks dated after the address's assignment, as on a real chain (a fresh node's clock runs behind ours).
    await node.clockToNow();
    const right = await node.transfer(m.address, '40');
    const wrong = await node.transfer(m.address, '41');
    const ok = (await claim(m, 'ERC20', right.hash, '40')).body.data.id as string;
    const bad = (await claim(m, 'ERC20', wrong.hash, '42')).body.data.id as string;
    await node.mine(12);
    const out = await autoApproveRound();
    expect(out.approved).toBeGreaterThanOrEqual(1);
    const rows = await server.db.query<{ id: string; status: string }>(
      'SELECT id::text AS id, status FROM deposits WHERE id = ANY($1::uuid[])',
      [[ok, bad]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [ok]: 'approved',
      [bad]: 'pending',
    });
    const balances = await m.client.get('/api/balances');
    expect(JSON.stringify(balances.body.data)).toContain('"40"');
    const [audit] = await server.db.query<{ actor_id: string | null; actor_username: string; after: object }>(
      `SELECT actor_id, actor_username, after FROM audit_log WHERE target_id = $1 AND action = 'deposit.approve'`,
      [ok],
    );
    expect(audit).toMatchObject({ actor_id: null, actor_username: 'system:chain' });
    expect(audit?.after).toMatchObject({ chain_verdict: 'match', chain_auto_approve: true });
  });
});

describe('CHAIN_AUTO_APPROVE and a rejected transfer', () => {
  it('a transfer whose deposit an administrator rejected is never credited by the system when claimed again', async () => {
    const m = await memberWith('ERC20');
    await node.clockToNow();
    const sent = await node.transfer(m.address, '70');
    const first = (await claim(m, 'ERC20', sent.hash, '70')).body.data.id as string;
    await node.mine(12);
    await round();
    expect(await chainOf(first)).toMatchObject({ verdict: 'match', final: true });
    // Refused (and, say, sent back to its sender).
    const rejected = await admin.client.post(`/api/admin/deposits/${first}/reject`, { reason: '반환 처리' });
    expect(rejected.status).toBe(200);
    // The member claims it again: accepted as a request, but 이미 사용된 TXID, and the system does not credit it.
    const again = await claim(m, 'ERC20', sent.hash, '70');
    expect(again.status).toBe(201);
    const id = again.body.data.id as string;
    expect(id).not.toBe(first);
    await autoApproveRound();
    expect(await chainOf(id)).toMatchObject({ verdict: 'txid_used', final: true });
    const [row] = await server.db.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [
      id,
    ]);
    expect(row?.status).toBe('pending');
    const bound = await server.db.query<{ deposit_id: string }>(
      'SELECT deposit_id::text FROM chain_transfers WHERE deposit_id = ANY($1::uuid[])',
      [[first, id]],
    );
    expect(bound.map((b) => b.deposit_id)).toEqual([first]);
    const balances = await m.client.get('/api/balances');
    const usdt = balances.body.data.items.find((b: { currency: string }) => b.currency === 'USDT');
    expect(usdt.total).toBe('0');
    // An administrator's approval without overriding the verdict (with a reason) is refused too.
    const plain = await admin.client.post(`/api/admin/deposits/${id}/approve`, {});
    expect(plain.status).toBe(409);
    expect(plain.body.error?.code).toBe('CHAIN_OVERRIDE_REQUIRED');
  });
});

describe('CHAIN_AUTO_APPROVE and a mistyped claim', () => {
  it('a mistyped claim the scan tied to the transfer, once rejected, leaves the transfer to the correct claim', async () => {
    const m = await memberWith('ERC20');
    await node.clockToNow();
    const sent = await node.transfer(m.address, '80');
    const typo = (await claim(m, 'ERC20', sent.hash, '800')).body.data.id as string;
    await node.mine(12);
    await round();
    expect(await chainOf(typo)).toMatchObject({ verdict: 'amount_mismatch' });
    // The scan found the transfer and tied the claim of its transaction to it.
    const tied = await server.db.query('SELECT 1 FROM chain_transfers WHERE deposit_id = $1', [typo]);
    expect(tied).toHaveLength(1);
    expect(
      (await admin.client.post(`/api/admin/deposits/${typo}/reject`, { reason: '금액 오기' })).status,
    ).toBe(200);
    const right = await claim(m, 'ERC20', sent.hash, '80');
    expect(right.status).toBe(201);
    await autoApproveRound();
    const [row] = await server.db.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [
      right.body.data.id,
    ]);
    expect(row?.status).toBe('approved');
  });
});

describe('CHAIN_AUTO_APPROVE and an address’s earlier history', () => {
  /**
   * A transfer to an address, the address then assigned to a new member `after` the transfer's block by the
   * chain's own clock, claimed, 12 blocks deep and checked (with automatic approval unless `check` says
   * otherwise): the deposit's id.
   */
  async function claimedThenAssignedAfter(after: string, check: () => Promise<unknown> = autoApproveRound) {
    const m = await memberClient(server.url);
    const address = erc20Address();
    const transfer = await node.transfer(address, '5000');
    await setDepositAddress(server.db, m.id, address, 'ERC20');
    const provider = chainProviders(server.config.chain).find((p) => p.network === 'ERC20')!;
    const mined = await provider.lookup(transfer.hash);
    if (mined.kind !== 'mined') throw new Error('the transfer is not mined');
    const blockTime = await provider.blockTime!(mined.blockNumber);
    await server.db.query(
      `UPDATE member_deposit_addresses SET updated_at = $2::timestamptz + $3::interval WHERE member_id = $1`,
      [m.id, blockTime.toISOString(), after],
    );
    const id = (await claim({ ...m, address }, 'ERC20', transfer.hash, '5000')).body.data.id as string;
    await node.mine(12);
    await check();
    return id;
  }

  it('never credits a transfer mined before the address became the member’s; the operator sees it', async () => {
    // The assignment two seconds after the transfer's block by the chain's own clock (a block's time has
    // one-second precision, and a local node's clock runs ahead of ours once it mined blocks quickly), as an
    // administrator assigning an address that already received money would be.
    const id = await claimedThenAssignedAfter('2 seconds');
    const [row] = await server.db.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [
      id,
    ]);
    expect(row?.status).toBe('pending');
    expect(await chainOf(id)).toMatchObject({ verdict: 'match', final: true, before_assignment: true });
  });

  it('a transfer in the same second as the assignment is not surely after it: left to the operator', async () => {
    // Assigned 400 ms into the block's second: the block may be up to 400 ms earlier.
    const id = await claimedThenAssignedAfter('400 milliseconds');
    expect(await chainOf(id)).toMatchObject({ verdict: 'match', final: true, before_assignment: true });
  });

  it('without automatic approval, one administrator’s approval of such a transfer is a proposal', async () => {
    // The checker marks the final match itself, whatever CHAIN_AUTO_APPROVE says: the desk's approval reads it.
    const id = await claimedThenAssignedAfter('1 minute', round);
    expect(await chainOf(id)).toMatchObject({ verdict: 'match', final: true, before_assignment: true });
    const r = await admin.client.post(`/api/admin/deposits/${id}/approve`, {});
    expect(r.status).toBe(202);
    expect(r.body.data.proposal.lines).toContain(MSG.guards.unattributedLine);
    const [row] = await server.db.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [
      id,
    ]);
    expect(row?.status).toBe('pending');
  });
});
