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
import { proposedView } from '../../shared/schemas/proposals';
import { hashSecret } from '../auth/password';
import type { App, Ctx } from '../context';
import { deleteBankAccount } from '../members/bank-account';
import { addressClear, addressSet, passwordReset, secondPasswordReset } from '../proposals/kinds-accounts';
import { bankAccountSave, bankAccountVerify } from '../proposals/kinds-bank-account';
import { actorOf, adminApi, memberParams } from './common';
import { actAs } from './outcome';

/**
 * Bank accounts, deposit addresses and credentials. Where a member's money lands (deposit addresses) and
 * another administrator's credentials are changed by two administrators (decision 0321): 202 with a
 * proposal; a member's password reset and an unchanged address stay one step.
 */
export async function accountRoutes(app: App, { db, config }: Ctx) {
  const admin = adminApi(app);
  const act = actAs(db, config);

  // Where a member's won goes: saving it verified, or verifying it, is a proposal (decision 0370).
  admin.put('/members/:id/bank-account', {
    operationId: 'adminSaveBankAccount',
    summary: '출금 계좌 등록 또는 수정 (인증된 계좌로 저장하면 다른 관리자의 승인 후)',
    params: memberParams,
    body: bankAccountBodySchema,
    view: bankAccountView,
    answers: { 202: proposedView },
    run: async (req) => act(req, bankAccountSave, { memberId: req.params.id, body: req.body }),
  });

  admin.patch('/members/:id/bank-account', {
    operationId: 'adminSetBankAccountVerified',
    summary: '계좌 인증 상태 변경 (인증은 다른 관리자의 승인 후)',
    params: memberParams,
    body: bankVerifiedBodySchema,
    view: bankAccountView,
    answers: { 202: proposedView },
    run: async (req) => {
      const input = { memberId: req.params.id, isVerified: req.body.is_verified };
      return act(req, bankAccountVerify, input);
    },
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
    answers: { 202: proposedView },
    run: async (req) => {
      const network = req.body.network ?? depositNetworkOf(req.body.deposit_address) ?? 'TRC20';
      const input = { memberId: req.params.id, network, address: req.body.deposit_address };
      return act(req, addressSet, input);
    },
  });

  admin.delete('/members/:id/deposit-address', {
    operationId: 'adminClearDepositAddress',
    summary: 'USDT 입금 주소 삭제 (network를 주면 그 네트워크만, 없으면 모든 네트워크)',
    params: memberParams,
    querystring: depositAddressQuerySchema,
    view: depositAddressView,
    answers: { 202: proposedView },
    run: async (req) => act(req, addressClear, { memberId: req.params.id, network: req.query.network }),
  });

  admin.post('/members/:id/password', {
    operationId: 'adminResetPassword',
    summary: '로그인 비밀번호 변경 (회원의 모든 세션 종료; 관리자 계정이면 다른 관리자의 승인 후)',
    params: memberParams,
    body: resetPasswordBodySchema,
    view: sessionsEndedView,
    answers: { 202: proposedView },
    run: async (req) => {
      const hash = await hashSecret(req.body.new_password);
      return act(req, passwordReset, { memberId: req.params.id, hash });
    },
  });

  admin.post('/members/:id/second-password', {
    operationId: 'adminResetSecondPassword',
    summary: '2차 비밀번호 변경 (회원의 모든 세션 종료; 관리자 계정이면 다른 관리자의 승인 후)',
    params: memberParams,
    body: resetSecondPasswordBodySchema,
    view: sessionsEndedView,
    answers: { 202: proposedView },
    run: async (req) => {
      const hash = await hashSecret(req.body.new_second_password);
      const input = { memberId: req.params.id, hash };
      return act(req, secondPasswordReset, input);
    },
  });
}
