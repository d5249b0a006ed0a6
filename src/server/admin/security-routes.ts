import { proposedView } from '../../shared/schemas/proposals';
import type { App, Ctx } from '../context';
import { z } from '../http/zod';
import { totpReset } from '../proposals/kinds-settings';
import { adminApi, memberParams } from './common';
import { actAs } from './outcome';

const totpResetView = z.object({ member_id: z.string(), username: z.string(), totp: z.boolean() });

/** A member's second factor: resetting a lost one-time-code enrolment (an administrator's: two people). */
export async function securityRoutes(app: App, { db, config }: Ctx) {
  const admin = adminApi(app);
  const acting = actAs(db, config);

  admin.post('/members/:id/totp-reset', {
    operationId: 'adminResetTotp',
    summary: 'OTP 초기화 (회원이 다시 등록; 관리자 계정이면 다른 관리자의 확인 후)',
    params: memberParams,
    view: totpResetView,
    answers: { 202: proposedView },
    run: (req) => acting(req, totpReset, { memberId: req.params.id }),
  });
}
