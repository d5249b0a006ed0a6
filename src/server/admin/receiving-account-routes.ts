import { receivingAccountAdminViewSchema, receivingAccountBodySchema } from '../../shared/schemas/deposits';
import { readReceivingAccount } from '../profile/receiving-account';
import { receivingAccountSet } from '../proposals/kinds-settings';
import { adminModule } from './module';

/** The service's won receiving account, shown on every member's won deposit screen. */
export const receivingAccountRoutes = adminModule(({ admin, action, db }) => {
  admin.get('/receiving-account', {
    operationId: 'adminGetReceivingAccount',
    summary: '원화 입금 계좌 (회원의 원화 입금 화면에 표시, 설정 전에는 null)',
    view: receivingAccountAdminViewSchema,
    run: () => readReceivingAccount(db),
  });

  action.put('/receiving-account', {
    operationId: 'adminSetReceivingAccount',
    summary: '원화 입금 계좌 설정 (다른 관리자의 확인 후 적용; 같은 계좌면 그대로, 감사 기록)',
    body: receivingAccountBodySchema,
    view: receivingAccountAdminViewSchema,
    kind: receivingAccountSet,
    input: (req) => ({ body: req.body }),
  });
});
