import { describe, expect, it } from 'vitest';
import { adminClient, Client, loginFully } from '../support/client';
import { fileAdmin, fileChecker, fileServer, ledgerCheckedAfterEach } from '../support/fixture';
import { confirmAs, depositProposal, proposeAndConfirm } from '../support/four-eyes';
import { enrolTotp } from '../support/totp';

// Nobody confirms through an account they reset (decisions 0321, 0370): whoever took part in resetting another
// administrator's password, second password or one-time code (proposed or confirmed the reset) knows or chose
// the new secrets, so for 30 days the two accounts do not make the two people a proposal needs, whichever of
// them proposes.
const server = fileServer();
const admin = fileAdmin(server);
const checker = fileChecker(server);
ledgerCheckedAfterEach(server);

describe('an administrator’s credentials reset by two others', () => {
  it('neither resetter pairs with the reset account; an administrator who took no part confirms', async () => {
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
    // A proposes each reset, B (the checker) confirms it, as for a lost phone.
    for (const [path, body] of reset) {
      expect((await proposeAndConfirm(a.client, checker.client, 'POST', path, body)).status).toBe(200);
    }
    // A knows C's new secrets, signs in as C and enrols a one-time code of their own.
    const asC = new Client(server.url);
    await loginFully(asC, { username: c.creds.username, password: pw, pin: '1111' });
    const code = await enrolTotp(asC);
    asC.otp = { totpSecret: code.secret, totpRecovery: code.recoveryCodes };

    // A's proposal is not confirmed through C's account.
    const own = await depositProposal(server, a.client);
    const confirmed = await confirmAs(asC, own.id);
    expect(confirmed.status).toBe(403);
    expect(confirmed.body.error?.message).toMatch(/^제안한 관리자가 재설정에 참여한 계정/);
    // Nor is a proposal made through C's account confirmed by A, or by B who confirmed the resets.
    const throughC = await depositProposal(server, asC);
    const byA = await confirmAs(a.client, throughC.id);
    expect(byA.status).toBe(403);
    expect(byA.body.error?.message).toMatch(
      /^제안한 관리자의 계정\(비밀번호, 2차 비밀번호 또는 OTP\) 재설정에/,
    );
    expect((await confirmAs(checker.client, throughC.id)).status).toBe(403);
    const rows = await server.db.query<{ status: string }>(
      'SELECT status FROM deposits WHERE id = ANY($1::uuid[])',
      [[own.deposit, throughC.deposit]],
    );
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);

    // An administrator who took no part in the resets confirms C's proposal.
    const d = await adminClient(server.url, server.db);
    expect((await confirmAs(d.client, throughC.id)).status).toBe(200);
  });
});
