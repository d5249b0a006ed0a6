import {
  bulkApproveBodySchema,
  bulkApproveView,
  serviceLimitsView,
  type WaitingView,
  waitingView,
} from '../../shared/schemas/desk-work';
import { STEP_UP_IDLE_MINUTES, STEP_UP_MAX_MINUTES, stepUpUntil } from '../auth/step-up';
import type { Queryable } from '../db';
import { approveMany } from '../proposals/approve-many';
import { actorOf } from './common';
import { adminSession } from './guard';
import { adminModule } from './module';

/**
 * What waits for this administrator: pending requests nobody has proposed yet (theirs to decide), open
 * proposals someone else filed that are not about them (theirs to confirm), and their confirmation window.
 * Counts only: the header reads it every few seconds.
 */
async function readWaiting(q: Queryable, memberId: string, tokenHash: string): Promise<WaitingView> {
  const [row] = await q.query<{ requests: number; proposals: number }>(
    `SELECT (SELECT count(*) FROM (
               SELECT id, 'deposit.approve' AS kind FROM deposits WHERE status = 'pending'
               UNION ALL SELECT id, 'withdrawal.approve' FROM withdrawals WHERE status = 'pending') r
             WHERE NOT EXISTS (SELECT 1 FROM admin_proposals p WHERE p.target_id = r.id AND p.kind = r.kind
                                  AND p.status = 'pending' AND p.expires_at > now()))::int AS requests,
            (SELECT count(*) FROM admin_proposals
              WHERE status = 'pending' AND expires_at > now() AND proposed_by <> $1 AND member_id <> $1)::int AS proposals`,
    [memberId],
  );
  return {
    requests: row?.requests ?? 0,
    proposals: row?.proposals ?? 0,
    step_up_until: await stepUpUntil(q, tokenHash),
  };
}

/** The desk over a working day: what waits for the asker, and several approvals in one call. */
export const deskWorkRoutes = adminModule(({ admin, db, config }) => {
  admin.get('/waiting', {
    operationId: 'adminWaiting',
    summary:
      '내가 처리할 일: 아직 제안되지 않은 대기 요청 수, 다른 관리자가 올린 확인 대기 제안 수, 내 확인 창',
    view: waitingView,
    run: (req) => {
      const s = adminSession(req);
      return readWaiting(db, s.member.id, s.tokenHash);
    },
  });

  admin.get('/settings/limits', {
    operationId: 'adminServiceLimits',
    summary:
      '서비스 한도: 기본 1일 출금 한도, 2인 확인 기준 금액, 제안 유효 시간, 확인 창 (설정 값, 읽기 전용)',
    view: serviceLimitsView,
    run: async () => ({
      daily_limit_crypto_krw: String(config.withdrawalRules.dailyLimitCryptoKrw),
      daily_limit_krw: String(config.withdrawalRules.dailyLimitKrw),
      four_eyes_deposit_krw: config.fourEyes.depositKrw,
      four_eyes_payout_krw: config.fourEyes.payoutKrw,
      four_eyes_admin_daily_krw: config.fourEyes.adminDailyKrw,
      proposal_ttl_hours: config.fourEyes.proposalTtlHours,
      step_up_idle_minutes: STEP_UP_IDLE_MINUTES,
      step_up_max_minutes: STEP_UP_MAX_MINUTES,
    }),
  });

  admin.post('/requests/approve', {
    operationId: 'adminApproveRequests',
    summary:
      '여러 입금·출금 요청 한 번에 승인 (최대 100건): 요청마다 따로, 한 건 승인과 같은 검사로 — 기준을 넘는 요청은 제안이 되고, 응답이 요청마다 승인·제안·거부(사유)를 알려 줌',
    body: bulkApproveBodySchema,
    view: bulkApproveView,
    run: (req) => approveMany(db, config, actorOf(req), req.body),
  });
});
