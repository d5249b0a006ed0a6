import { z } from '../http/zod';
import { totpReset } from '../proposals/kinds-settings';
import { memberParams } from './common';
import { adminModule } from './module';

const totpResetView = z.object({ member_id: z.string(), username: z.string(), totp: z.boolean() });

/** A member's second factor: resetting a lost one-time-code enrolment (an administrator's: two people). */
export const securityRoutes = adminModule(({ action }) => {
  action.post('/members/:id/totp-reset', {
    operationId: 'adminResetTotp',
    summary: 'OTP 초기화 (회원이 다시 등록; 관리자 계정이면 다른 관리자의 확인 후)',
    params: memberParams,
    view: totpResetView,
    kind: totpReset,
    input: (req) => ({ memberId: req.params.id }),
  });
});
