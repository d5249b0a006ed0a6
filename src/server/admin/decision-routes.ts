import { MSG } from '../../shared/messages';
import { depositViewSchema } from '../../shared/schemas/deposits';
import { proposedView } from '../../shared/schemas/proposals';
import { withdrawalViewSchema } from '../../shared/schemas/withdrawals';
import { decideDeposit } from '../deposits/decide-deposit';
import type { RouteRequest, Zod } from '../http/declare-routes';
import { idParams } from '../http/params';
import { z } from '../http/zod';
import { approveDeposit } from '../proposals/approve-deposit';
import { withdrawalApproval } from '../proposals/kinds-money';
import { type ActOutcome, act } from '../proposals/registry';
import { decideWithdrawal } from '../withdrawals/decide-withdrawal';
import { actorOf } from './common';
import { adminModule, answerOutcome } from './module';

const reason = () => z.string().trim().max(200, MSG.approval.reasonTooLong).optional();
const depositDecisionBody = z
  .strictObject({
    reason: reason(),
    /** Approve although the chain's verdict is not 일치 (needs a reason). */
    chain_override: z.boolean().optional(),
  })
  .nullish();
const withdrawalDecisionBody = z.strictObject({ reason: reason() }).nullish();

/** A rejection tells the member why: without a non-blank reason it changes nothing (400). */
const rejectBody = z.strictObject(
  {
    reason: z
      .string({ error: MSG.deskQueue.rejectReasonRequired })
      .trim()
      .min(1, MSG.deskQueue.rejectReasonRequired)
      .max(200, MSG.approval.reasonTooLong),
  },
  { error: MSG.deskQueue.rejectReasonRequired },
);

/** The OpenAPI name and summary of each decision route. */
const DEPOSIT_DECISIONS = {
  approve: {
    operationId: 'adminApproveDeposit',
    summary: '입금 승인: 대기 중인 신청만, 잔액 입금과 원장 기록을 한 트랜잭션에서',
  },
  reject: {
    operationId: 'adminRejectDeposit',
    summary: '입금 거절: 대기 중인 신청만, 사유 필수, 잔액 변동 없음',
  },
};
const WITHDRAWAL_DECISIONS = {
  approve: {
    operationId: 'adminApproveWithdrawal',
    summary:
      '출금 승인: 대기 중인 신청만, 잔액 차감(내부 전송은 받는 회원 입금)과 원장 기록을 한 트랜잭션에서',
  },
  reject: {
    operationId: 'adminRejectWithdrawal',
    summary: '출금 거절: 대기 중인 신청만, 사유 필수, 보류 해제 (잔액 변동 없음)',
  },
};

/** The approve and reject routes of one kind of request: their names, answer, and what each decision does. */
interface Decisions<V extends Zod, A extends Zod> {
  names: Record<'approve' | 'reject', { operationId: string; summary: string }>;
  view: V;
  /** The approval's body: an optional reason (a deposit's also the chain override). */
  approveBody: A;
  /** Through the four-eyes registry: applied at once, or a proposal a second administrator confirms. */
  approve: (req: RouteRequest<typeof idParams, undefined, A>) => Promise<ActOutcome<z.output<V>>>;
  reject: (req: RouteRequest<typeof idParams, undefined, typeof rejectBody>) => Promise<z.output<V>>;
}

/** Approve / reject of deposits and withdrawals: approvals through the four-eyes registry, the approval core. */
export const decisionRoutes = adminModule(({ admin, db, config }) => {
  const decisions = <V extends Zod, A extends Zod>(path: string, d: Decisions<V, A>) => {
    const shared = { params: idParams, view: d.view, answers: { 202: proposedView } };
    admin.post(`/${path}/:id/approve`, {
      ...d.names.approve,
      ...shared,
      body: d.approveBody,
      run: async (req) => answerOutcome(await d.approve(req)),
    });
    admin.post(`/${path}/:id/reject`, { ...d.names.reject, ...shared, body: rejectBody, run: d.reject });
  };

  // Two people from FOUR_EYES_DEPOSIT_KRW (the member's 24 h of deposits counted) or past the
  // administrator's FOUR_EYES_ADMIN_DAILY_KRW: a proposal a second administrator confirms.
  decisions('deposits', {
    names: DEPOSIT_DECISIONS,
    view: depositViewSchema,
    approveBody: depositDecisionBody,
    approve: (req) =>
      approveDeposit(db, config, actorOf(req), req.params.id, {
        reason: req.body?.reason,
        override: req.body?.chain_override === true,
      }),
    reject: (req) => decideDeposit(db, actorOf(req), req.params.id, 'reject', req.body.reason),
  });

  // Two people from FOUR_EYES_PAYOUT_KRW (the member's 24 h of payouts counted) or past the
  // administrator's FOUR_EYES_ADMIN_DAILY_KRW: a proposal a second administrator confirms.
  decisions('withdrawals', {
    names: WITHDRAWAL_DECISIONS,
    view: withdrawalViewSchema,
    approveBody: withdrawalDecisionBody,
    approve: (req) => act(db, config, withdrawalApproval, { id: req.params.id }, actorOf(req)),
    reject: (req) => decideWithdrawal(db, actorOf(req), req.params.id, 'reject', req.body.reason),
  });
});
