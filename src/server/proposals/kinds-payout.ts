/**
 * Correcting a payout's TXID by hand while the checker still looks for it (decision 0392): whoever recorded
 * a TXID could otherwise swap it for one that pays someone else, so a second administrator confirms the
 * correction. The wrong TXID's row stays, marked replaced; the new one is a row of its own.
 */
import { MSG } from '../../shared/messages';
import { approvalOf } from '../audit/actor';
import { writeAudit } from '../audit/write-audit';
import { AppError } from '../http/errors';
import { z } from '../http/zod';
import { insertPayout, lockPayable, newTxid, normalizePayoutTxid, shownTxid } from '../payouts/store';
import { adminOf, defineKind } from './registry';
import { refuseOpenProposal } from './request-plan';
import { P as PROPOSALS } from './store';

const P = MSG.payouts;

const payload = z.object({ network: z.string(), txid: z.string(), reason: z.string() });
const basis = z.object({ payout_id: z.string(), txid: z.string() });

export const payoutCorrection = defineKind({
  kind: 'payout.correct',
  payload,
  async plan(q, _cfg, input: { withdrawalId: string; txid: string; reason: string }, actor) {
    adminOf(actor);
    const w = await lockPayable(q, input.withdrawalId);
    if (w.live?.status === 'confirmed') throw new AppError('CONFLICT', P.alreadyConfirmed);
    if (!w.live) throw new AppError('CONFLICT', P.correctNothing);
    await refuseOpenProposal(q, 'payout.correct', input.withdrawalId, P.correctPending);
    if (normalizePayoutTxid(w.network, input.txid) === w.live.txid)
      throw new AppError('CONFLICT', P.correctSame, { txid: P.correctSame });
    const txid = await newTxid(q, input.withdrawalId, w.network, input.txid);
    return {
      memberId: w.memberId,
      targetId: input.withdrawalId.toLowerCase(),
      needsSecond: true,
      payload: { network: w.network, txid, reason: input.reason },
      basis: { payout_id: w.live.id, txid: w.live.txid },
      secretHash: null,
      lines: [
        P.correctLine(shownTxid(w.network, w.live.txid), shownTxid(w.network, txid)),
        PROPOSALS.reasonLine(input.reason),
      ],
    };
  },
  async apply(q, _cfg, s, actor) {
    const admin = adminOf(actor);
    const was = basis.parse(s.basis);
    const withdrawalId = s.targetId ?? '';
    const w = await lockPayable(q, withdrawalId);
    // Confirmed on chain, found wrong by the checker, or corrected otherwise since: not what was proposed.
    if (w.live?.id !== was.payout_id || w.live.status !== 'recorded')
      throw new AppError('CONFLICT', P.correctChanged);
    const txid = await newTxid(q, withdrawalId, w.network, s.payload.txid);
    await q.query(
      `UPDATE withdrawal_payouts SET status = 'replaced', detail = $2, checked_at = now()
        WHERE id = $1 AND status = 'recorded'`,
      [was.payout_id, P.correctedDetail],
    );
    const result = await insertPayout(q, admin, {
      withdrawalId,
      network: w.network,
      txid,
      replaces: was.payout_id,
    });
    await writeAudit(q, {
      actorId: admin.actorId,
      actorUsername: admin.actorUsername,
      action: 'withdrawal.payout.correct',
      targetType: 'withdrawal',
      targetId: withdrawalId,
      before: { txid: was.txid },
      after: { txid, reason: s.payload.reason, ...approvalOf(admin) },
      ip: admin.ip,
    });
    return { result, status: 200 };
  },
});
