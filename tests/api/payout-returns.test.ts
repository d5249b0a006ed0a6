import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { fileChecker } from '../support/fixture';
import { confirmAs } from '../support/four-eyes';
import { trc20Address } from '../support/money';
import { tronPayoutsFile } from '../support/payouts';

/**
 * A payout is paid once (decision 0472), against a TRON stand-in: a withdrawal with any recorded TXID
 * leaves the signing batch for good; only two administrators send it back, once the checker found its
 * TXID wrong (or lost), and the batch names the TXID the new payment replaces.
 */
const P = MSG.payouts;
const { server, admin, round, approved, send } = tronPayoutsFile();
const checker = fileChecker(server);
/** A TXID recorded two hours ago that the chain never knew: the checker's next round finds it lost. */
const recordLost = (id: string) =>
  server.db.query(
    `INSERT INTO withdrawal_payouts (withdrawal_id, network, txid, recorded_by_username, recorded_at)
     VALUES ($1, 'TRC20', $2, 'x', now() - interval '2 hours') RETURNING txid`,
    [id, randomBytes(32).toString('hex')],
  );
const record = (id: string, txid: string) =>
  admin.client.post(`/api/admin/withdrawals/${id}/payout`, { txid });
const sendBack = (id: string, reason?: string) =>
  admin.client.post(`/api/admin/withdrawals/${id}/payout/return`, reason === undefined ? {} : { reason });
const batch = async () =>
  (await admin.client.get('/api/admin/payouts/batch')).body.data.items as {
    id: string;
    previous_txid: string | null;
  }[];
const batchCsv = async () =>
  (
    await fetch(`${server.url}/api/admin/payouts/batch.csv`, {
      headers: { cookie: [...admin.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
  ).text();
const rowOf = async (id: string) =>
  (
    (await admin.client.get('/api/admin/payouts?filter=all')).body.data.items as {
      id: string;
      payout_status: string;
      returned: boolean;
      return_pending: boolean;
    }[]
  ).find((r) => r.id === id);

describe('a payout is paid once', () => {
  it('a recorded TXID takes it out of the batch for good; two administrators send it back, naming the TXID', async () => {
    const { id, to } = await approved();
    expect((await batch()).find((b) => b.id === id)).toMatchObject({ previous_txid: null });
    const wrong = send(trc20Address());
    expect((await record(id, wrong)).status).toBe(200);
    expect((await batch()).some((b) => b.id === id)).toBe(false);
    await round();
    expect(await rowOf(id)).toMatchObject({ payout_status: 'mismatch', returned: false });
    // Found wrong, it still stays out: whether it paid after all is for people to check.
    expect((await batch()).some((b) => b.id === id)).toBe(false);
    expect(await batchCsv()).not.toContain(id);

    const noReason = await sendBack(id);
    expect(noReason.status).toBe(400);
    expect(noReason.body.error?.fields?.reason).toBe(P.reasonRequired);
    const proposed = await sendBack(id, '받는 주소를 잘못 보냄, 지급되지 않음 확인');
    expect(proposed.status).toBe(202);
    const p = proposed.body.data.proposal;
    expect(p).toMatchObject({ kind: 'payout.return', status: 'pending', target_id: id });
    expect(p.lines).toEqual([
      P.returnLine(wrong),
      MSG.proposals.reasonLine('받는 주소를 잘못 보냄, 지급되지 않음 확인'),
    ]);
    expect(await rowOf(id)).toMatchObject({ returned: false, return_pending: true });
    expect((await batch()).some((b) => b.id === id)).toBe(false);
    expect((await confirmAs(admin.client, p.id)).status).toBe(403);

    const done = await confirmAs(checker.client, p.id);
    expect(done.status).toBe(200);
    expect(done.body.data.result).toMatchObject({ id, replaces_txid: wrong });
    expect((await batch()).find((b) => b.id === id)).toMatchObject({ previous_txid: wrong });
    expect(await batchCsv()).toContain(`${id},USDT,TRC20,${to},,10,1,${wrong}\r\n`);
    const [entry] = await server.db.query<{ actor_username: string; before: unknown; after: unknown }>(
      `SELECT actor_username, before, after FROM audit_log WHERE target_id = $1 AND action = 'withdrawal.payout.return'`,
      [id],
    );
    expect(entry).toMatchObject({
      actor_username: admin.creds.username,
      before: { txid: wrong },
      after: {
        replaces_txid: wrong,
        approval: { proposed_by: admin.creds.username, confirmed_by: checker.creds.username },
      },
    });
    expect((await sendBack(id, '다시')).body.error?.message).toBe(P.returnDone);

    // The next TXID is recorded by one administrator, as the first, and takes it out of the batch again.
    const right = send(to);
    expect((await record(id, right)).status).toBe(200);
    expect((await batch()).some((b) => b.id === id)).toBe(false);
    await round();
    expect(await rowOf(id)).toMatchObject({ payout_status: 'confirmed', returned: false });
  });

  it('a TXID still standing, or none, cannot be sent back; a return overtaken by a new TXID is refused', async () => {
    const fresh = await approved();
    expect((await sendBack(fresh.id, '없음')).body.error?.message).toBe(P.returnNothing);
    expect((await record(fresh.id, randomBytes(32).toString('hex'))).status).toBe(200);
    const live = await sendBack(fresh.id, '확인 중');
    expect(live.status).toBe(409);
    expect(live.body.error?.message).toBe(P.returnLive);

    const lost = await approved();
    await recordLost(lost.id);
    await round();
    expect((await rowOf(lost.id))?.payout_status).toBe('mismatch');
    const proposal = (await sendBack(lost.id, '거래 유실')).body.data.proposal;
    expect((await record(lost.id, send(lost.to))).status).toBe(200);
    const overtaken = await confirmAs(checker.client, proposal.id);
    expect(overtaken.status).toBe(409);
    expect(overtaken.body.error?.message).toBe(P.returnChanged);
    expect((await batch()).some((b) => b.id === lost.id)).toBe(false);
  });

  it('50 returns proposed at once: one proposal; a return is never rewritten', async () => {
    const { id } = await approved();
    await recordLost(id);
    await round();
    const answers = await Promise.all(Array.from({ length: 50 }, () => sendBack(id, '동시 반환')));
    expect(answers.filter((r) => r.status === 202)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 202)) {
      expect(r.status).toBe(409);
      expect(r.body.error?.message).toBe(P.returnPending);
    }
    const proposal = answers.find((r) => r.status === 202)!.body.data.proposal;
    expect((await confirmAs(checker.client, proposal.id)).status).toBe(200);
    await expect(
      server.db.query(`UPDATE payout_returns SET reason = 'x' WHERE withdrawal_id = $1`, [id]),
    ).rejects.toThrow(/permanent record/);
    await expect(
      server.db.query('DELETE FROM payout_returns WHERE withdrawal_id = $1', [id]),
    ).rejects.toThrow(/permanent record/);
  });
});
