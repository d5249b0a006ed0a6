import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { fileChecker } from '../support/fixture';
import { confirmAs } from '../support/four-eyes';
import { expectLedgerOk, trc20Address } from '../support/money';
import { tronPayoutsFile } from '../support/payouts';

/**
 * A payout's TXID found wrong or typed wrong (decision 0392), against a TRON stand-in: the checker's verdict
 * keeps the wrong TXID and the payout out of the batch; a TXID still being checked is corrected
 * only by two administrators; a TXID standing for another payout stays refused.
 */
const P = MSG.payouts;
const { server, admin, round, approved, send } = tronPayoutsFile();
const checker = fileChecker(server);
const record = (id: string, txid: string) =>
  admin.client.post(`/api/admin/withdrawals/${id}/payout`, { txid });
const correct = (id: string, txid: string, reason?: string) =>
  admin.client.post(`/api/admin/withdrawals/${id}/payout/correction`, {
    txid,
    ...(reason ? { reason } : {}),
  });
const payoutOf = async (id: string, filter = 'all') =>
  (
    (await admin.client.get(`/api/admin/payouts?filter=${filter}`)).body.data.items as {
      id: string;
      payout_status: string;
      txid: string | null;
      detail: string | null;
      correction_pending: boolean;
    }[]
  ).find((r) => r.id === id);
const rowsOf = (id: string) =>
  server.db.query<{ txid: string; status: string; replaces: string | null; id: string }>(
    `SELECT id::text AS id, txid, status, replaces::text AS replaces FROM withdrawal_payouts
      WHERE withdrawal_id = $1 ORDER BY recorded_at, id`,
    [id],
  );
const batchIds = async () =>
  (await admin.client.get('/api/admin/payouts/batch')).body.data.items as {
    id: string;
    previous_txid: string | null;
  }[];
const auditOf = (id: string, action: string) =>
  server.db.query<{
    actor_username: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }>('SELECT actor_username, before, after FROM audit_log WHERE target_id = $1 AND action = $2', [
    id,
    action,
  ]);

describe('a TXID the checker finds wrong', () => {
  it('keeps the payout out of the batch with its verdict, the wrong TXID kept; one administrator records the next', async () => {
    const { m, id, to } = await approved();
    const wrong = send(trc20Address());
    expect((await record(id, wrong)).status).toBe(200);
    expect((await batchIds()).some((b) => b.id === id)).toBe(false);
    await round();
    expect(await payoutOf(id)).toMatchObject({
      payout_status: 'mismatch',
      txid: wrong,
      detail: '받는 주소 불일치',
      returned: false,
    });
    // Sending it back to the batch takes two (payout-returns.test.ts).
    expect(await payoutOf(id, 'unpaid')).toBeUndefined();
    expect((await batchIds()).some((b) => b.id === id)).toBe(false);
    const [verdict] = await auditOf(id, 'withdrawal.payout.mismatch');
    expect(verdict).toMatchObject({
      actor_username: 'system:chain',
      before: { txid: wrong },
      after: { detail: '받는 주소 불일치' },
    });

    // The wrong TXID is never this withdrawal's again; the right one is recorded by one administrator.
    const again = await record(id, wrong);
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(P.txidBefore);
    const right = send(to);
    expect((await record(id, right)).status).toBe(200);
    await round();
    expect(await payoutOf(id)).toMatchObject({ payout_status: 'confirmed', txid: right });
    expect((await rowsOf(id)).map((r) => [r.txid, r.status])).toEqual([
      [wrong, 'mismatch'],
      [right, 'confirmed'],
    ]);
    const history = (await m.client.get('/api/history?type=withdraw')).body.data.items as {
      id: string;
      payout?: { status: string; txid: string | null };
    }[];
    expect(history.find((i) => i.id === id)?.payout).toMatchObject({ status: 'completed', txid: right });
    await expectLedgerOk(server.db);
  });

  it('a TXID the chain still does not know after the set time is wrong; before it, it is still looked for', async () => {
    const late = await approved();
    const fresh = await approved();
    const unknown = randomBytes(32).toString('hex');
    // Recorded two hours ago (PAYOUT_CONFIRM_HOURS is 1): a row as the desk wrote it then.
    await server.db.query(
      `INSERT INTO withdrawal_payouts (withdrawal_id, network, txid, recorded_by_username, recorded_at)
       VALUES ($1, 'TRC20', $2, 'x', now() - interval '2 hours')`,
      [late.id, unknown],
    );
    expect((await record(fresh.id, randomBytes(32).toString('hex'))).status).toBe(200);
    await round();
    expect(await payoutOf(late.id)).toMatchObject({ payout_status: 'mismatch', detail: P.notFoundInTime(1) });
    expect(await payoutOf(fresh.id)).toMatchObject({ payout_status: 'recorded', detail: P.notFoundYet });
    // A TXID found wrong for one payout may be the right one of another (two typed the wrong way round):
    // it stands for none, so it may be recorded there, and the checker judges it for that payout.
    const third = await approved();
    expect((await record(third.id, unknown)).status).toBe(200);
  });
});

describe('correcting a TXID still being checked', () => {
  it('needs a second administrator and a reason; the replaced TXID stays, both names in the audit', async () => {
    const { id, to } = await approved();
    const typo = randomBytes(32).toString('hex');
    expect((await record(id, typo)).status).toBe(200);
    const twice = await record(id, send(to));
    expect(twice.status).toBe(409);
    expect(twice.body.error?.message).toBe(P.alreadyRecorded);

    const right = send(to);
    const noReason = await correct(id, right);
    expect(noReason.status).toBe(400);
    expect(noReason.body.error?.fields?.reason).toBe(P.reasonRequired);
    expect((await correct(id, right, '   ')).body.error?.fields?.reason).toBe(P.reasonRequired);
    expect((await correct(id, typo, '오타')).body.error?.message).toBe(P.correctSame);

    const proposed = await correct(id, right, '서명 시스템 결과를 잘못 옮김');
    expect(proposed.status).toBe(202);
    const p = proposed.body.data.proposal;
    expect(p).toMatchObject({ kind: 'payout.correct', status: 'pending', target_id: id });
    expect(p.lines).toEqual([
      P.correctLine(typo, right),
      MSG.proposals.reasonLine('서명 시스템 결과를 잘못 옮김'),
    ]);
    expect(await payoutOf(id)).toMatchObject({
      payout_status: 'recorded',
      txid: typo,
      correction_pending: true,
    });
    expect((await correct(id, send(to), '다시')).body.error?.message).toBe(P.correctPending);
    expect((await confirmAs(admin.client, p.id)).status).toBe(403);

    const done = await confirmAs(checker.client, p.id);
    expect(done.status).toBe(200);
    expect(done.body.data.result).toMatchObject({ id, txid: right });
    const rows = await rowsOf(id);
    expect(rows.map((r) => [r.txid, r.status])).toEqual([
      [typo, 'replaced'],
      [right, 'recorded'],
    ]);
    expect(rows[1]!.replaces).toBe(rows[0]!.id);
    const [entry] = await auditOf(id, 'withdrawal.payout.correct');
    expect(entry).toMatchObject({
      actor_username: admin.creds.username,
      before: { txid: typo },
      after: {
        txid: right,
        reason: '서명 시스템 결과를 잘못 옮김',
        approval: { proposed_by: admin.creds.username, confirmed_by: checker.creds.username },
      },
    });
    await round();
    expect(await payoutOf(id)).toMatchObject({ payout_status: 'confirmed', txid: right });
    const late = await correct(id, randomBytes(32).toString('hex'), '확인 후');
    expect(late.status).toBe(409);
    expect(late.body.error?.message).toBe(P.alreadyConfirmed);
  });

  it('a TXID standing for another payout stays refused; a correction overtaken by the checker is refused', async () => {
    const a = await approved();
    const b = await approved();
    const paysA = send(a.to);
    expect((await record(a.id, paysA)).status).toBe(200);
    expect((await record(b.id, paysA)).body.error?.message).toBe(P.txidUsed);
    const wrongForB = send(trc20Address());
    expect((await record(b.id, wrongForB)).status).toBe(200);
    const used = await correct(b.id, paysA, '착오');
    expect(used.status).toBe(409);
    expect(used.body.error?.message).toBe(P.txidUsed);

    const proposal = (await correct(b.id, send(b.to), '착오')).body.data.proposal;
    await round();
    expect(await payoutOf(b.id)).toMatchObject({ payout_status: 'mismatch', txid: wrongForB });
    const overtaken = await confirmAs(checker.client, proposal.id);
    expect(overtaken.status).toBe(409);
    expect(overtaken.body.error?.message).toBe(P.correctChanged);
    expect((await rowsOf(b.id)).map((r) => r.status)).toEqual(['mismatch']);
  });

  it('20 corrections proposed at once: one proposal; 20 recordings after a verdict: one TXID', async () => {
    const { id, to } = await approved();
    expect((await record(id, randomBytes(32).toString('hex'))).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => correct(id, send(to), '동시 정정')));
    expect(answers.filter((r) => r.status === 202)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 202)) {
      expect(r.status).toBe(409);
      expect(r.body.error?.message).toBe(P.correctPending);
    }

    const other = await approved();
    await server.db.query(
      `INSERT INTO withdrawal_payouts (withdrawal_id, network, txid, recorded_by_username, recorded_at)
       VALUES ($1, 'TRC20', $2, 'x', now() - interval '2 hours')`,
      [other.id, randomBytes(32).toString('hex')],
    );
    await round();
    expect((await payoutOf(other.id))?.payout_status).toBe('mismatch');
    const recorded = await Promise.all(Array.from({ length: 20 }, () => record(other.id, send(other.to))));
    expect(recorded.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of recorded.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.error?.message).toBe(P.alreadyRecorded);
    }
  });

  it('payout rows are never rewritten: a verdict is final and a recorded TXID never changes', async () => {
    const { id } = await approved();
    expect((await record(id, send(trc20Address()))).status).toBe(200);
    await round();
    await expect(
      server.db.query(`UPDATE withdrawal_payouts SET status = 'recorded' WHERE withdrawal_id = $1`, [id]),
    ).rejects.toThrow(/permanent record/);
    await expect(
      server.db.query(`UPDATE withdrawal_payouts SET txid = $2 WHERE withdrawal_id = $1`, [
        id,
        randomBytes(32).toString('hex'),
      ]),
    ).rejects.toThrow(/permanent record/);
    await expect(
      server.db.query('DELETE FROM withdrawal_payouts WHERE withdrawal_id = $1', [id]),
    ).rejects.toThrow(/permanent record/);
  });
});
