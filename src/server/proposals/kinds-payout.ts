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

const returnPayload = z.object({ reason: z.string() });

/**
 * Sending a payout back to the signing batch (decision 0472): a withdrawal with any recorded TXID leaves
 * the batch for good, because a payment in flight exported again would be signed and paid twice. When the
 * checker found its latest TXID wrong (another address or amount, failed, or unknown past
 * PAYOUT_CONFIRM_HOURS: a lost transaction), two administrators send it back, and the batch names the
 * TXID the new payment replaces so whoever signs checks that it did not pay after all.
 */
export const payoutReturn = defineKind({
  kind: 'payout.return',
  payload: returnPayload,
  async plan(q, _cfg, input: { withdrawalId: string; reason: string }, actor) {
    adminOf(actor);
    const w = await lockPayable(q, input.withdrawalId);
    if (w.live) throw new AppError('CONFLICT', P.returnLive);
    if (!w.latest) throw new AppError('CONFLICT', P.returnNothing);
    if (w.latest.returned) throw new AppError('CONFLICT', P.returnDone);
    await refuseOpenProposal(q, 'payout.return', input.withdrawalId, P.returnPending);
    return {
      memberId: w.memberId,
      targetId: input.withdrawalId.toLowerCase(),
      needsSecond: true,
      payload: { reason: input.reason },
      basis: { payout_id: w.latest.id, txid: w.latest.txid },
      secretHash: null,
      lines: [P.returnLine(shownTxid(w.network, w.latest.txid)), PROPOSALS.reasonLine(input.reason)],
    };
  },
  async apply(q, _cfg, s, actor) {
    const admin = adminOf(actor);
    const was = basis.parse(s.basis);
    const withdrawalId = s.targetId ?? '';
    const w = await lockPayable(q, withdrawalId);
    // A TXID recorded since, or sent back already: not what was proposed.
    if (w.live || w.latest?.id !== was.payout_id || w.latest.returned)
      throw new AppError('CONFLICT', P.returnChanged);
    await q.query(
      `INSERT INTO payout_returns
         (payout_id, withdrawal_id, reason, proposed_by_username, confirmed_by_username)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        was.payout_id,
        withdrawalId,
        s.payload.reason,
        admin.approval?.proposed_by ?? admin.actorUsername,
        admin.approval?.confirmed_by ?? admin.actorUsername,
      ],
    );
    await writeAudit(q, {
      actorId: admin.actorId,
      actorUsername: admin.actorUsername,
      action: 'withdrawal.payout.return',
      targetType: 'withdrawal',
      targetId: withdrawalId,
      before: { txid: was.txid },
      after: { replaces_txid: was.txid, reason: s.payload.reason, ...approvalOf(admin) },
      ip: admin.ip,
    });
    return {
      result: { id: withdrawalId, network: w.network, replaces_txid: shownTxid(w.network, was.txid) },
      status: 200,
    };
  },
});
