import { adminLimitsBodySchema, adminLimitsViewSchema } from '../../shared/schemas/withdrawal-rules';
import type { App, Ctx } from '../context';
import { getMemberLimits, setMemberLimits } from '../withdrawal-rules/admin-limits';
import { actorOf, adminApi, memberParams } from './common';

/** A member's own daily withdrawal limits (the rules live in withdrawal-rules/). */
export async function withdrawalLimitRoutes(app: App, { db, config }: Ctx) {
  const admin = adminApi(app);

  admin.get('/members/:id/withdrawal-limits', {
    operationId: 'adminGetWithdrawalLimits',
    summary: '회원의 1일 출금 한도 (회원별 값, 없으면 기본값)',
    params: memberParams,
    view: adminLimitsViewSchema,
    run: (req) => getMemberLimits(db, req.params.id, config.withdrawalRules),
  });

  admin.put('/members/:id/withdrawal-limits', {
    operationId: 'adminSetWithdrawalLimits',
    summary: '회원의 1일 출금 한도 설정 (비우면 기본값, 감사 기록)',
    params: memberParams,
    body: adminLimitsBodySchema,
    view: adminLimitsViewSchema,
    run: (req) => setMemberLimits(db, req.params.id, req.body, actorOf(req), config.withdrawalRules),
  });
}
