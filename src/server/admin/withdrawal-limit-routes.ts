import { adminLimitsBodySchema, adminLimitsViewSchema } from '../../shared/schemas/withdrawal-rules';
import type { App, Ctx } from '../context';
import { envelope, ok } from '../http/envelope';
import { getMemberLimits, setMemberLimits } from '../withdrawal-rules/admin-limits';
import { actorOf, adminErrors, memberParams } from './common';

/** A member's own daily withdrawal limits (issue 15 item 7; the rules live in withdrawal-rules/). */
export async function withdrawalLimitRoutes(app: App, { db, config }: Ctx) {
  app.get(
    '/members/:id/withdrawal-limits',
    {
      schema: {
        operationId: 'adminGetWithdrawalLimits',
        summary: '회원의 1일 출금 한도 (회원별 값, 없으면 기본값)',
        tags: ['admin'],
        params: memberParams,
        response: { 200: envelope(adminLimitsViewSchema), ...adminErrors },
      },
    },
    async (req) => ok(await getMemberLimits(db, req.params.id, config.withdrawalRules)),
  );

  app.put(
    '/members/:id/withdrawal-limits',
    {
      schema: {
        operationId: 'adminSetWithdrawalLimits',
        summary: '회원의 1일 출금 한도 설정 (비우면 기본값, 감사 기록)',
        tags: ['admin'],
        params: memberParams,
        body: adminLimitsBodySchema,
        response: { 200: envelope(adminLimitsViewSchema), ...adminErrors },
      },
    },
    async (req) =>
      ok(await setMemberLimits(db, req.params.id, req.body, actorOf(req), config.withdrawalRules)),
  );
}
