import { adminLimitsBodySchema, adminLimitsViewSchema } from '../../shared/schemas/withdrawal-rules';
import { limitsSet } from '../proposals/kinds-accounts';
import { getMemberLimits } from '../withdrawal-rules/admin-limits';
import { memberParams } from './common';
import { adminModule, memberBody } from './module';

/** A member's own daily withdrawal limits (the rules live in withdrawal-rules/). */
export const withdrawalLimitRoutes = adminModule(({ admin, action, db, config }) => {
  admin.get('/members/:id/withdrawal-limits', {
    operationId: 'adminGetWithdrawalLimits',
    summary: '회원의 1일 출금 한도 (회원별 값, 없으면 기본값)',
    params: memberParams,
    view: adminLimitsViewSchema,
    run: (req) => getMemberLimits(db, req.params.id, config.withdrawalRules),
  });

  // A change is a proposal a second administrator confirms (decision 0321); the same values answer at once.
  action.put('/members/:id/withdrawal-limits', {
    operationId: 'adminSetWithdrawalLimits',
    summary: '회원의 1일 출금 한도 설정 (비우면 기본값, 감사 기록; 다른 관리자의 승인 후 적용)',
    params: memberParams,
    body: adminLimitsBodySchema,
    view: adminLimitsViewSchema,
    kind: limitsSet,
    input: memberBody,
  });
});
