import { describe, expect, it } from 'vitest';
import { chainProviders } from '../../src/server/chain/checker';
import { MSG } from '../../src/shared/messages';
import { chainChecksFile } from '../support/chain-checks';
import { adminClient, Client, loginFully, memberClient } from '../support/client';
import { confirmAs, depositProposal, proposeAndConfirm } from '../support/four-eyes';
import { erc20Address, setDepositAddress } from '../support/money';
import { enrolTotp } from '../support/totp';

// Attempts to have one administrator move money alone. Each test is a way it worked (or is checked not to).
const { node, server, admin, checker, claim, round, chainOf } = chainChecksFile();

describe('a transfer mined before its address was the member’s, without CHAIN_AUTO_APPROVE', () => {
  // Decision 0364: approving a deposit "mined before its address was the member's" is always a proposal a
  // second administrator confirms, whatever its amount. The checker marks `before_assignment` only in its
  // automatic-approval branch (`minedAfterAssignment`), so with automatic approval off (the default) such
  // an ERC20 transfer stays unmarked and one administrator credits it alone.
  it('is not credited by one administrator alone', async () => {
    const m = await memberClient(server.url);
    const address = erc20Address();
    const transfer = await node.transfer(address, '100');
    await setDepositAddress(server.db, m.id, address, 'ERC20');
    const provider = chainProviders(server.config.chain).find((p) => p.network === 'ERC20')!;
    const mined = await provider.lookup(transfer.hash);
    if (mined.kind !== 'mined') throw new Error('the transfer is not mined');
    const blockTime = await provider.blockTime!(mined.blockNumber);
    // The address became the member's a minute after the transfer's block.
    await server.db.query(
      `UPDATE member_deposit_addresses SET updated_at = $2::timestamptz + interval '1 minute' WHERE member_id = $1`,
      [m.id, blockTime.toISOString()],
    );
    const id = (await claim({ ...m, address }, 'ERC20', transfer.hash, '100')).body.data.id as string;
    await node.mine(12);
    await round();
    expect(await chainOf(id)).toMatchObject({ verdict: 'match', final: true });

    const r = await admin.client.post(`/api/admin/deposits/${id}/approve`, {});
    // Found: 200, credited by one administrator; the rule asks for a proposal (202) with the line saying so.
    expect(r.status).toBe(202);
    expect(r.body.data.proposal.lines).toContain(MSG.guards.unattributedLine);
    const [row] = await server.db.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [
      id,
    ]);
    expect(row?.status).toBe('pending');
  });
});

describe('another administrator’s credentials, reset by two, then used by the one who proposed the resets', () => {
  // Decision 0321 says "nobody confirms through an account they reset", and decision 0370 keeps a member an
  // administrator reset from being promoted for 30 days, for this very reason: the resetter knows the
  // secrets, signs in, enrols a one-time code and confirms their own proposals as a second person. For an
  // existing administrator nothing stops it: A proposes resets of C's password, second password and
  // one-time code (B confirms each, as for a lost phone), signs in as C, enrols a code, and confirms A's own
  // 100,000,000 won deposit approval. B never saw that approval.
  it('the proposer of the resets cannot confirm their own proposal through the reset account', async () => {
    const a = admin;
    const c = await adminClient(server.url, server.db);
    const pw = 'owned12345';
    const reset = [
      [`/api/admin/members/${c.id}/password`, { new_password: pw, confirm_password: pw }],
      [
        `/api/admin/members/${c.id}/second-password`,
        { new_second_password: '1111', confirm_second_password: '1111' },
      ],
      [`/api/admin/members/${c.id}/totp-reset`, undefined],
    ] as const;
    for (const [path, body] of reset) {
      expect((await proposeAndConfirm(a.client, checker.client, 'POST', path, body)).status).toBe(200);
    }
    const asC = new Client(server.url);
    await loginFully(asC, { username: c.creds.username, password: pw, pin: '1111' });
    const code = await enrolTotp(asC);
    asC.otp = { totpSecret: code.secret, totpRecovery: code.recoveryCodes };

    const { deposit, id } = await depositProposal(server, a.client);
    const confirmed = await confirmAs(asC, id);
    // Found: 200, the deposit credited with A the only person behind both names.
    expect(confirmed.status).toBe(403);
    const [row] = await server.db.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [
      deposit,
    ]);
    expect(row?.status).toBe('pending');
  });
});
