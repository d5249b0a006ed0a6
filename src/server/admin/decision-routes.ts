import { MSG } from '../../shared/messages';
import { depositViewSchema } from '../../shared/schemas/deposits';
import { proposedView } from '../../shared/schemas/proposals';
import { withdrawalViewSchema } from '../../shared/schemas/withdrawals';
import { checkedNetworks } from '../chain/chain-config';
import type { App, Ctx } from '../context';
import { decideDeposit } from '../deposits/decide-deposit';
import { z } from '../http/zod';
import { approveDeposit } from '../proposals/approve-deposit';
import { withdrawalApproval } from '../proposals/kinds-money';
import { act } from '../proposals/registry';
import { decideWithdrawal } from '../withdrawals/decide-withdrawal';
import { actorOf, adminApi } from './common';
import { answerOutcome } from './outcome';

const idParams = z.strictObject({ id: z.string().max(64) });
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

const DECISIONS = ['approve', 'reject'] as const;
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

/** Approve / reject of deposits and withdrawals: approvals through the four-eyes registry, the approval core. */
export async function decisionRoutes(app: App, { db, config }: Ctx) {
  const admin = adminApi(app);

  for (const decision of DECISIONS) {
    admin.post(`/deposits/:id/${decision}`, {
      ...DEPOSIT_DECISIONS[decision],
      params: idParams,
      body: decision === 'reject' ? rejectBody : depositDecisionBody,
      view: depositViewSchema,
      answers: { 202: proposedView },
      run: async (req) => {
        // Two people from FOUR_EYES_DEPOSIT_KRW (the member's 24 h of deposits counted) or past the
        // administrator's FOUR_EYES_ADMIN_DAILY_KRW: a proposal a second administrator confirms.
        if (decision === 'approve') {
          const r = await approveDeposit(db, config, actorOf(req), req.params.id, {
            reason: req.body?.reason,
            override: (req.body && 'chain_override' in req.body && req.body.chain_override) === true,
          });
          return answerOutcome(r);
        }
        return decideDeposit(db, actorOf(req), req.params.id, decision, req.body?.reason, {
          checkedNetworks: checkedNetworks(config.chain),
        });
      },
    });
  }

  for (const decision of DECISIONS) {
    admin.post(`/withdrawals/:id/${decision}`, {
      ...WITHDRAWAL_DECISIONS[decision],
      params: idParams,
      body: decision === 'reject' ? rejectBody : withdrawalDecisionBody,
      view: withdrawalViewSchema,
      answers: { 202: proposedView },
      run: async (req) => {
        // Two people from FOUR_EYES_PAYOUT_KRW (the member's 24 h of payouts counted) or past the
        // administrator's FOUR_EYES_ADMIN_DAILY_KRW: a proposal a second administrator confirms.
        if (decision === 'approve') {
          return answerOutcome(
            await act(db, config, withdrawalApproval, { id: req.params.id }, actorOf(req)),
          );
        }
        return decideWithdrawal(db, actorOf(req), req.params.id, decision, req.body?.reason);
      },
    });
  }
}
