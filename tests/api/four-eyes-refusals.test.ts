import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/server/wallet/ledger';
import { actionLabel, describeChange } from '../../src/shared/audit-change';
import { MSG } from '../../src/shared/messages';
import { adminClient, type Client } from '../support/client';
import { fileAdmin, fileChecker, fileServer } from '../support/fixture';
import { confirmAs, depositProposal } from '../support/four-eyes';
import { balanceOf } from '../support/money';

// A proposal refused by a second administrator (반려) says why, on the server, and the audit log names both
// people; the proposer withdrawing it (철회) may say why. However many confirmations and cancellations race,
// one decides and the others are told it is decided.
const P = MSG.proposals;
const server = fileServer();
const a = fileAdmin(server);
const b = fileChecker(server);

/** A 100,000,000 KRW deposit's approval by A: a proposal (202) for a second administrator. */
const proposal = () => depositProposal(server, a.client);
const cancel = (c: Client, id: string, body?: unknown) => c.post(`/api/admin/proposals/${id}/cancel`, body);
const rowOf = async (id: string) =>
  (
    await server.db.query<{ status: string; decision_reason: string | null }>(
      'SELECT status, decision_reason FROM admin_proposals WHERE id = $1',
      [id],
    )
  )[0];
const auditOf = async (memberId: string, action: string) =>
  (
    (await a.client.get(`/api/admin/audit?targetId=${memberId}`)).body.data.items as {
      action: string;
      actor_username: string;
      before: unknown;
      after: unknown;
    }[]
  ).filter((e) => e.action === action);
const creditOf = (memberId: string) => balanceOf(server.db, memberId, 'KRW');

describe('반려: another administrator refuses a proposal', () => {
  it('is refused without a reason (missing, blank, control characters), changing nothing', async () => {
    const { id } = await proposal();
    for (const body of [undefined, {}, { reason: '   ' }]) {
      const r = await cancel(b.client, id, body);
      expect(r.status).toBe(400);
      expect(r.body.error?.message).toBe(P.refuseReasonRequired);
      expect(r.body.error?.fields?.reason).toBe(P.refuseReasonRequired);
    }
    const crafted = await cancel(b.client, id, { reason: '사유\u202e숨김' });
    expect(crafted.status).toBe(400);
    expect(crafted.body.error?.message).toBe(MSG.common.controlChars);
    const long = await cancel(b.client, id, { reason: '가'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.error?.message).toBe(P.reasonTooLong(200));
    expect(await rowOf(id)).toEqual({ status: 'pending', decision_reason: null });
  });

  it('with a reason: kept on the proposal, and the audit log names the proposer and the refuser in Korean', async () => {
    const { m, deposit, id } = await proposal();
    const r = await cancel(b.client, id, { reason: '  입금자명이 회원 이름과 다름  ' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      message: P.refused,
      proposal: {
        status: 'cancelled',
        decided_by_username: b.creds.username,
        decision_reason: '입금자명이 회원 이름과 다름',
      },
    });
    expect(await rowOf(id)).toEqual({ status: 'cancelled', decision_reason: '입금자명이 회원 이름과 다름' });
    const [entry] = await auditOf(m.id, 'proposal.refuse');
    expect(entry).toMatchObject({
      actor_username: b.creds.username,
      after: {
        refusal: { proposed_by: a.creds.username, refused_by: b.creds.username },
        reason: '입금자명이 회원 이름과 다름',
      },
    });
    expect(actionLabel(entry!.action)).toBe('제안 반려');
    // The lines in the stored entry's key order (jsonb's), each in Korean.
    expect(describeChange(entry!.before, entry!.after).sort()).toEqual(
      [
        '상태: 대기 → 취소됨',
        '제안 종류: 고액 입금 승인',
        `2인 확인: 제안 ${a.creds.username} · 반려 ${b.creds.username}`,
        '사유: 입금자명이 회원 이름과 다름',
      ].sort(),
    );
    // The deposit waits for a decision of its own; the refused proposal cannot be confirmed.
    expect((await confirmAs(b.client, id)).body.error?.message).toBe(P.alreadyCancelled);
    const [d] = await server.db.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [
      deposit,
    ]);
    expect(d?.status).toBe('pending');
  });
});

describe('철회: the proposer withdraws their own proposal', () => {
  it('needs no reason, keeps one when given, and is audited either way', async () => {
    const plain = await proposal();
    const r = await cancel(a.client, plain.id);
    expect(r.status).toBe(200);
    expect(r.body.data.message).toBe(P.withdrawn);
    expect(await rowOf(plain.id)).toEqual({ status: 'cancelled', decision_reason: null });
    const [entry] = await auditOf(plain.m.id, 'proposal.withdraw');
    expect(entry).toMatchObject({ actor_username: a.creds.username, after: { reason: null } });
    expect(actionLabel(entry!.action)).toBe('제안 철회');

    const said = await proposal();
    expect((await cancel(a.client, said.id, { reason: '금액 오기' })).status).toBe(200);
    expect(await rowOf(said.id)).toEqual({ status: 'cancelled', decision_reason: '금액 오기' });
    expect(await auditOf(said.m.id, 'proposal.withdraw')).toHaveLength(1);
  });
});

type Answer = { status: number; body: { error?: { message: string } | null } };

/** Exactly one answer decided; every other is a 409 with one of `messages`. */
function oneDecided(answers: Answer[], messages: string[]) {
  expect(answers.filter((r) => r.status < 300)).toHaveLength(1);
  const lost = answers.filter((r) => r.status >= 300);
  expect(lost.map((r) => r.status)).toEqual(lost.map(() => 409));
  for (const r of lost) expect(messages).toContain(r.body.error?.message);
}

describe('50 decisions of one proposal at once', () => {
  it('50 confirmations (ten administrators, five each with one code): one applies, the money moves once', async () => {
    const checkers = [
      b,
      ...(await Promise.all(Array.from({ length: 9 }, () => adminClient(server.url, server.db)))),
    ];
    const { m, deposit, id } = await proposal();
    const answers = await Promise.all(
      checkers.flatMap((c) => Array.from({ length: 5 }, () => confirmAs(c.client, id))),
    );
    expect(answers).toHaveLength(50);
    // Told it is applied, or (while one confirmation holds it) that another is deciding it.
    oneDecided(answers, [P.alreadyApplied, P.confirming]);
    expect((await rowOf(id))?.status).toBe('applied');
    const [d] = await server.db.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [
      deposit,
    ]);
    expect(d?.status).toBe('approved');
    expect(await creditOf(m.id)).toBe('100000000');
    expect(await auditOf(m.id, 'deposit.approve')).toHaveLength(1);
    expect((await verifyLedger(server.db)).ok).toBe(true);
  });

  it('confirmations, refusals and withdrawals mixed: one decides, the others are told it is decided', async () => {
    const checkers = [b, ...(await Promise.all([0, 1, 2].map(() => adminClient(server.url, server.db))))];
    const { m, deposit, id } = await proposal();
    // Each checker sends five confirmations and five refusals; the proposer ten withdrawals.
    const sends: Promise<Answer>[] = [];
    for (const c of checkers) {
      for (let i = 0; i < 5; i++) sends.push(confirmAs(c.client, id));
      for (let i = 0; i < 5; i++) sends.push(cancel(c.client, id, { reason: `동시 반려 ${i}` }));
    }
    for (let i = 0; i < 10; i++) sends.push(cancel(a.client, id));
    expect(sends).toHaveLength(50);
    const answers = await Promise.all(sends);
    oneDecided(answers, [P.alreadyApplied, P.alreadyCancelled, P.confirming]);
    const row = await rowOf(id);
    const [d] = await server.db.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [
      deposit,
    ]);
    // Applied: credited once; cancelled: nothing moved and the deposit still waits.
    expect([row?.status, d?.status, await creditOf(m.id)]).toEqual(
      row?.status === 'applied' ? ['applied', 'approved', '100000000'] : ['cancelled', 'pending', '0'],
    );
    expect((await verifyLedger(server.db)).ok).toBe(true);
  });
});
