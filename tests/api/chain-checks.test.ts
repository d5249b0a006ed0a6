import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chainProviders, claimRound, recordFound } from '../../src/server/jobs/checker';
import { MSG } from '../../src/shared/messages';
import { chainChecksFile } from '../support/chain-checks';
import { confirmAs } from '../support/four-eyes';
import { erc20Address } from '../support/money';

// Deposits checked on chain: the verdicts on a local Hardhat node, the scan beside the claims, and the
// checker's rounds across instances (tests/support/chain-checks.ts). Automatic approval:
// chain-checks-auto-approve.test.ts; TRC20: chain-checks-tron.test.ts.
const { node, server, admin, checker, memberWith, claim, round, chainOf } = chainChecksFile();

describe('ERC20 USDT on a local Hardhat node', () => {
  it('a right transfer waits for 12 confirmations, shows the member n/m, then matches and approves plainly', async () => {
    const m = await memberWith('ERC20');
    // A block dated after the address's assignment, as on a real chain (a fresh node's clock runs behind
    // ours): one mined before it would need a second administrator (decision 0364).
    await node.clockToNow();
    const { hash } = await node.transfer(m.address, '25.5');
    const c = await claim(m, 'ERC20', hash, '25.5');
    expect(c.status).toBe(201);
    const id = c.body.data.id as string;
    await round();
    expect(await chainOf(id)).toMatchObject({
      verdict: 'waiting',
      confirmations: 1,
      required_confirmations: 12,
      origin: 'claim',
      chain_amount: '25.5',
      final: false,
    });
    const history = await m.client.get('/api/history?type=deposit');
    expect(history.body.data.items[0]).toMatchObject({ id, chain: { confirmations: 1, required: 12 } });
    // Too few confirmations: approving needs the override and a reason.
    const early = await admin.client.post(`/api/admin/deposits/${id}/approve`, {});
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({
      code: 'CHAIN_OVERRIDE_REQUIRED',
      message: MSG.chain.overrideRequired,
    });

    await node.mine(11);
    await round();
    expect(await chainOf(id)).toMatchObject({ verdict: 'match', confirmations: 12, final: true });
    expect((await m.client.get('/api/history?type=deposit')).body.data.items[0].chain).toBeUndefined();
    const ok = await admin.client.post(`/api/admin/deposits/${id}/approve`, {});
    expect(ok.status).toBe(200);
    const [audit] = await server.db.query<{ after: Record<string, unknown> }>(
      `SELECT after FROM audit_log WHERE target_id = $1 AND action = 'deposit.approve'`,
      [id],
    );
    expect(audit?.after).toMatchObject({ chain_verdict: 'match', chain_confirmations: 12 });
    expect(audit?.after.chain_override).toBeUndefined();
    // The scan saw that transfer too, but the claim was first: still one request for it.
    const [n] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM deposits WHERE lower(txid) = lower($1)`,
      [hash],
    );
    expect(n?.n).toBe(1);
  });

  it('wrong address, wrong amount, reverted and unknown transactions get their verdicts once deep enough', async () => {
    const m = await memberWith('ERC20');
    const elsewhere = await node.transfer(erc20Address(), '10');
    const wrongAmount = await node.transfer(m.address, '10');
    // The second account holds no tokens: with its gas given, the transfer is mined and reverts.
    const reverted = await node.transfer(m.address, '5', { from: node.pauper, gas: 100_000n });
    expect(reverted.receipt.status).toBe('reverted');
    const unknown = `0x${randomBytes(32).toString('hex')}`;
    const ids = {
      address: (await claim(m, 'ERC20', elsewhere.hash, '10')).body.data.id as string,
      amount: (await claim(m, 'ERC20', wrongAmount.hash, '10.000001')).body.data.id as string,
      failed: (await claim(m, 'ERC20', reverted.hash, '5')).body.data.id as string,
      missing: (await claim(m, 'ERC20', unknown, '1')).body.data.id as string,
    };
    await node.mine(12);
    await round();
    expect(await chainOf(ids.address)).toMatchObject({ verdict: 'address_mismatch', final: true });
    expect(await chainOf(ids.amount)).toMatchObject({
      verdict: 'amount_mismatch',
      chain_amount: '10',
      final: true,
    });
    expect(await chainOf(ids.failed)).toMatchObject({ verdict: 'failed', final: true });
    expect(await chainOf(ids.missing)).toMatchObject({ verdict: 'not_found', final: false });

    // Approving against the verdict: the flag alone is not enough, a reason is required and audited.
    const noReason = await admin.client.post(`/api/admin/deposits/${ids.amount}/approve`, {
      chain_override: true,
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error?.message).toBe(MSG.chain.overrideReasonRequired);
    const before = await server.db.query(`SELECT 1 FROM ledger_entries WHERE deposit_id = $1`, [ids.amount]);
    expect(before).toHaveLength(0);
    const forced = await admin.client.post(`/api/admin/deposits/${ids.amount}/approve`, {
      chain_override: true,
      reason: '회원과 통화로 차액 확인',
    });
    // Crediting against the chain's verdict is never one administrator's call: a proposal, nothing credited
    // until a second administrator confirms it with a fresh code.
    expect(forced.status).toBe(202);
    expect(
      await server.db.query(`SELECT 1 FROM ledger_entries WHERE deposit_id = $1`, [ids.amount]),
    ).toHaveLength(0);
    expect((await confirmAs(checker.client, forced.body.data.proposal.id)).status).toBe(200);
    expect(
      await server.db.query(`SELECT 1 FROM ledger_entries WHERE deposit_id = $1`, [ids.amount]),
    ).toHaveLength(1);
    const [audit] = await server.db.query<{ after: Record<string, unknown> }>(
      `SELECT after FROM audit_log WHERE target_id = $1 AND action = 'deposit.approve'`,
      [ids.amount],
    );
    expect(audit?.after).toMatchObject({
      chain_verdict: 'amount_mismatch',
      chain_override: true,
      reason: '회원과 통화로 차액 확인',
    });
  });

  it('the scan records an unclaimed transfer to an assigned address as a pending deposit; the claim adopts it', async () => {
    const m = await memberWith('ERC20');
    const { hash } = await node.transfer(m.address, '7.25');
    await round();
    const [row] = await server.db.query<{ id: string; amount: string; status: string }>(
      `SELECT d.id::text AS id, d.amount::text AS amount, d.status FROM deposits d
        WHERE d.member_id = $1 AND lower(d.txid) = lower($2)`,
      [m.id, hash],
    );
    expect(row).toMatchObject({ status: 'pending' });
    expect(Number(row!.amount)).toBe(7.25);
    expect(await chainOf(row!.id)).toMatchObject({ origin: 'scan', verdict: 'waiting' });
    // The member claims it afterwards (TXID in upper case): the same request, not a second one.
    const c = await claim(m, 'ERC20', `0x${hash.slice(2).toUpperCase()}`, '7.25');
    expect(c.status).toBe(201);
    expect(c.body.data.id).toBe(row!.id);
    // Another member claiming that TXID is still refused.
    const other = await memberWith('ERC20');
    expect((await claim(other, 'ERC20', hash, '7.25')).status).toBe(409);
  });

  it('a transfer already backing another deposit is reported as 이미 사용된 TXID', async () => {
    const m = await memberWith('ERC20');
    const { hash, receipt } = await node.transfer(m.address, '3');
    const logIndex = receipt.logs[0]!.logIndex;
    const id = (await claim(m, 'ERC20', hash, '3')).body.data.id as string;
    // A transfer bound to another live deposit (as data older than the unique TXID index could leave it).
    const other = await memberWith('ERC20');
    const [older] = await server.db.query<{ id: string }>(
      `INSERT INTO deposits (member_id, currency, amount, network, deposit_address, txid, sender_address)
       VALUES ($1, 'USDT', 3, 'ERC20', $2, $3, $4) RETURNING id::text AS id`,
      [other.id, other.address, `0x${randomBytes(32).toString('hex')}`, erc20Address()],
    );
    await server.db.query(
      'INSERT INTO chain_transfers (network, txid, log_index, deposit_id) VALUES ($1, $2, $3, $4)',
      ['ERC20', hash.slice(2).toLowerCase(), logIndex, older!.id],
    );
    await round();
    expect(await chainOf(id)).toMatchObject({ verdict: 'txid_used', final: true });
  });

  it('claim and scan racing on one transfer make one request (20 transfers, both sides at once)', async () => {
    const m = await memberWith('ERC20');
    const transfers = [];
    for (let i = 1; i <= 20; i++) transfers.push(await node.transfer(m.address, `${i}.5`));
    const provider = chainProviders(server.config.chain).find((p) => p.network === 'ERC20')!;
    const results = await Promise.all(
      transfers.flatMap(({ hash, receipt }, i) => [
        claim(m, 'ERC20', hash, `${i + 1}.5`).then((r) => ({ claim: r })),
        recordFound(server.db, provider, m.id, m.address, {
          txid: hash,
          blockNumber: receipt.blockNumber,
          logIndex: receipt.logs[0]!.logIndex,
          from: node.owner,
          to: m.address,
          value: BigInt((i + 1) * 1_000_000 + 500_000),
        }).then((created) => ({ created })),
      ]),
    );
    for (const r of results) if ('claim' in r) expect(r.claim.status).toBe(201);
    const rows = await server.db.query<{ txid: string; n: number }>(
      `SELECT regexp_replace(lower(txid), '^0x', '') AS txid, count(*)::int AS n FROM deposits
        WHERE member_id = $1 GROUP BY 1`,
      [m.id],
    );
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    // Every claim answers with the one request of its transfer, whichever side wrote it.
    const ids = await server.db.query<{ id: string }>(
      'SELECT id::text AS id FROM deposits WHERE member_id = $1',
      [m.id],
    );
    const claimed = results.flatMap((r) => ('claim' in r ? [r.claim.body.data.id as string] : []));
    expect(new Set(claimed)).toEqual(new Set(ids.map((r) => r.id)));
    const scanned = results.filter((r) => 'created' in r && r.created).length;
    console.info(`claim/scan race: the scan wrote ${scanned} of 20, the claim ${20 - scanned}`);
  });
});

describe('the checker across instances', () => {
  it('one instance of several claims a round', async () => {
    await server.db.query(`DELETE FROM price_refresh_claims WHERE job = 'chain-checks'`);
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) => claimRound(server.db, `i${i}`, 60_000)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('the admin page says which networks are checked', async () => {
    const r = await admin.client.get('/api/admin/chain-status');
    expect(r.body.data).toEqual({
      networks: [
        { network: 'TRC20', enabled: true, min_confirmations: 19 },
        { network: 'ERC20', enabled: true, min_confirmations: 12 },
        { network: 'XRPL', enabled: false, min_confirmations: 1 },
      ],
      auto_approve: false,
    });
  });
});
