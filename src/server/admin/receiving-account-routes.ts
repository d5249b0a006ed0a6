import { receivingAccountAdminViewSchema, receivingAccountBodySchema } from '../../shared/schemas/deposits';
import type { App, Ctx } from '../context';
import { readReceivingAccount, setReceivingAccount } from '../deposits/receiving-account';
import { actorOf, adminApi } from './common';

/** The service's won receiving account, shown on every member's won deposit screen. */
export async function receivingAccountRoutes(app: App, { db }: Ctx) {
  const admin = adminApi(app);

  admin.get('/receiving-account', {
    operationId: 'adminGetReceivingAccount',
    summary: '원화 입금 계좌 (회원의 원화 입금 화면에 표시, 설정 전에는 null)',
    view: receivingAccountAdminViewSchema,
    run: () => readReceivingAccount(db),
  });

  admin.put('/receiving-account', {
    operationId: 'adminSetReceivingAccount',
    summary: '원화 입금 계좌 설정 (감사 기록)',
    body: receivingAccountBodySchema,
    view: receivingAccountAdminViewSchema,
    run: (req) => setReceivingAccount(db, req.body, actorOf(req)),
  });
}
