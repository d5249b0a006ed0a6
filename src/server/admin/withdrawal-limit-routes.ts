import { proposedView } from '../../shared/schemas/proposals';
import { adminLimitsBodySchema, adminLimitsViewSchema } from '../../shared/schemas/withdrawal-rules';
import type { App, Ctx } from '../context';
import { limitsSet } from '../proposals/kinds-accounts';
import { getMemberLimits } from '../withdrawal-rules/admin-limits';
import { adminApi, memberParams } from './common';
import { actAs } from './outcome';

/** A member's own daily withdrawal limits (the rules live in withdrawal-rules/). */
export async function withdrawalLimitRoutes(app: App, { db, config }: Ctx) {
  const admin = adminApi(app);
  const act = actAs(db, config);

  admin.get('/members/:id/withdrawal-limits', {
    operationId: 'adminGetWithdrawalLimits',
    summary: '회원의 1일 출금 한도 (회원별 값, 없으면 기본값)',
    params: memberParams,
    view: adminLimitsViewSchema,
    run: (req) => getMemberLimits(db, req.params.id, config.withdrawalRules),
  });

  admin.put('/members/:id/withdrawal-limits', {
    operationId: 'adminSetWithdrawalLimits',
    summary: '회원의 1일 출금 한도 설정 (비우면 기본값, 감사 기록; 다른 관리자의 승인 후 적용)',
    params: memberParams,
    body: adminLimitsBodySchema,
    view: adminLimitsViewSchema,
    answers: { 202: proposedView },
    // A change is a proposal a second administrator confirms (decision 0321); the same values answer at once.
    run: async (req) => act(req, limitsSet, { memberId: req.params.id, body: req.body }),
  });
}
