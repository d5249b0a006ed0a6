import { receivingAccountAdminViewSchema, receivingAccountBodySchema } from '../../shared/schemas/deposits';
import { proposedView } from '../../shared/schemas/proposals';
import type { App, Ctx } from '../context';
import { readReceivingAccount } from '../deposits/receiving-account';
import { receivingAccountSet } from '../proposals/kinds-settings';
import { adminApi } from './common';
import { actAs } from './outcome';

/** The service's won receiving account, shown on every member's won deposit screen. */
export async function receivingAccountRoutes(app: App, { db, config }: Ctx) {
  const admin = adminApi(app);
  const acting = actAs(db, config);

  admin.get('/receiving-account', {
    operationId: 'adminGetReceivingAccount',
    summary: '원화 입금 계좌 (회원의 원화 입금 화면에 표시, 설정 전에는 null)',
    view: receivingAccountAdminViewSchema,
    run: () => readReceivingAccount(db),
  });

  admin.put('/receiving-account', {
    operationId: 'adminSetReceivingAccount',
    summary: '원화 입금 계좌 설정 (다른 관리자의 확인 후 적용; 같은 계좌면 그대로, 감사 기록)',
    body: receivingAccountBodySchema,
    view: receivingAccountAdminViewSchema,
    answers: { 202: proposedView },
    run: (req) => acting(req, receivingAccountSet, { body: req.body }),
  });
}
