import { depositNetworkOf } from '../../shared/address';
import {
  bankAccountBodySchema,
  bankVerifiedBodySchema,
  depositAddressBodySchema,
  depositAddressQuerySchema,
  resetPasswordBodySchema,
  resetSecondPasswordBodySchema,
} from '../../shared/schemas/admin-accounts';
import {
  bankAccountDeletedView,
  bankAccountView,
  depositAddressView,
  sessionsEndedView,
} from '../../shared/schemas/admin-views';
import type { App, Ctx } from '../context';
import { deleteBankAccount, saveBankAccount, setBankAccountVerified } from '../members/bank-account';
import { clearDepositAddress, setDepositAddress } from '../members/deposit-address';
import { resetPassword, resetSecondPassword } from '../members/reset-passwords';
import { actorOf, adminApi, memberParams } from './common';

export async function accountRoutes(app: App, { db }: Ctx) {
  const admin = adminApi(app);

  admin.put('/members/:id/bank-account', {
    operationId: 'adminSaveBankAccount',
    summary: '출금 계좌 등록 또는 수정',
    params: memberParams,
    body: bankAccountBodySchema,
    view: bankAccountView,
    run: (req) => saveBankAccount(db, req.params.id, req.body, actorOf(req)),
  });

  admin.patch('/members/:id/bank-account', {
    operationId: 'adminSetBankAccountVerified',
    summary: '계좌 인증 상태 변경',
    params: memberParams,
    body: bankVerifiedBodySchema,
    view: bankAccountView,
    run: (req) => setBankAccountVerified(db, req.params.id, req.body.is_verified, actorOf(req)),
  });

  admin.delete('/members/:id/bank-account', {
    operationId: 'adminDeleteBankAccount',
    summary: '출금 계좌 삭제',
    params: memberParams,
    view: bankAccountDeletedView,
    run: (req) => deleteBankAccount(db, req.params.id, actorOf(req)),
  });

  admin.put('/members/:id/deposit-address', {
    operationId: 'adminSetDepositAddress',
    summary: 'USDT 입금 주소 배정: 네트워크(TRC20 또는 ERC20)마다 하나 (network가 없으면 주소 형식으로 정함)',
    params: memberParams,
    body: depositAddressBodySchema,
    view: depositAddressView,
    run: (req) => {
      const network = req.body.network ?? depositNetworkOf(req.body.deposit_address) ?? 'TRC20';
      return setDepositAddress(db, req.params.id, network, req.body.deposit_address, actorOf(req));
    },
  });

  admin.delete('/members/:id/deposit-address', {
    operationId: 'adminClearDepositAddress',
    summary: 'USDT 입금 주소 삭제 (network를 주면 그 네트워크만, 없으면 모든 네트워크)',
    params: memberParams,
    querystring: depositAddressQuerySchema,
    view: depositAddressView,
    run: (req) => clearDepositAddress(db, req.params.id, req.query.network, actorOf(req)),
  });

  admin.post('/members/:id/password', {
    operationId: 'adminResetPassword',
    summary: '로그인 비밀번호 변경 (회원의 모든 세션 종료)',
    params: memberParams,
    body: resetPasswordBodySchema,
    view: sessionsEndedView,
    run: (req) => resetPassword(db, req.params.id, req.body.new_password, actorOf(req)),
  });

  admin.post('/members/:id/second-password', {
    operationId: 'adminResetSecondPassword',
    summary: '2차 비밀번호 변경 (회원의 모든 세션 종료)',
    params: memberParams,
    body: resetSecondPasswordBodySchema,
    view: sessionsEndedView,
    run: (req) => resetSecondPassword(db, req.params.id, req.body.new_second_password, actorOf(req)),
  });
}
