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
import { recoveryProposalBodySchema, recoverySentView } from '../../shared/schemas/recovery';
import { hashSecret } from '../auth/password';
import { deleteBankAccount } from '../members/bank-account';
import { addressClear, addressSet, passwordReset, secondPasswordReset } from '../proposals/kinds-accounts';
import { bankAccountSave, bankAccountVerify } from '../proposals/kinds-bank-account';
import { memberRecovery } from '../proposals/kinds-recovery';
import { actorOf, memberParams } from './common';
import { adminModule, memberBody } from './module';

/** A credential reset's input: the member, and the new secret of the body's field `field`, hashed. */
const hashedFrom =
  <F extends string>(field: F) =>
  async (req: { params: { id: string }; body: Record<F, string> }) => ({
    memberId: req.params.id,
    hash: await hashSecret(req.body[field]),
  });

/**
 * Bank accounts, deposit addresses and credentials. Where a member's money lands (deposit addresses) and
 * another administrator's credentials are changed by two administrators (decision 0321): 202 with a
 * proposal; an unchanged address stays one step. A member's secrets are never an administrator's to set:
 * the two routes refuse them, and two administrators can only mail the member a recovery (decision 0400).
 */
export const accountRoutes = adminModule(({ admin, action, db }) => {
  // Where a member's won goes: saving it verified, or verifying it, is a proposal (decision 0370).
  action.put('/members/:id/bank-account', {
    operationId: 'adminSaveBankAccount',
    summary: '출금 계좌 등록 또는 수정 (인증된 계좌로 저장하면 다른 관리자의 승인 후)',
    params: memberParams,
    body: bankAccountBodySchema,
    view: bankAccountView,
    kind: bankAccountSave,
    input: memberBody,
  });

  action.patch('/members/:id/bank-account', {
    operationId: 'adminSetBankAccountVerified',
    summary: '계좌 인증 상태 변경 (인증은 다른 관리자의 승인 후)',
    params: memberParams,
    body: bankVerifiedBodySchema,
    view: bankAccountView,
    kind: bankAccountVerify,
    input: (req) => ({ memberId: req.params.id, isVerified: req.body.is_verified }),
  });

  admin.delete('/members/:id/bank-account', {
    operationId: 'adminDeleteBankAccount',
    summary: '출금 계좌 삭제',
    params: memberParams,
    view: bankAccountDeletedView,
    run: (req) => deleteBankAccount(db, req.params.id, actorOf(req)),
  });

  action.put('/members/:id/deposit-address', {
    operationId: 'adminSetDepositAddress',
    summary: 'USDT 입금 주소 배정: 네트워크(TRC20 또는 ERC20)마다 하나 (network가 없으면 주소 형식으로 정함)',
    params: memberParams,
    body: depositAddressBodySchema,
    view: depositAddressView,
    kind: addressSet,
    input: ({ params, body }) => ({
      memberId: params.id,
      network: body.network ?? depositNetworkOf(body.deposit_address) ?? 'TRC20',
      address: body.deposit_address,
    }),
  });

  action.delete('/members/:id/deposit-address', {
    operationId: 'adminClearDepositAddress',
    summary: 'USDT 입금 주소 삭제 (network를 주면 그 네트워크만, 없으면 모든 네트워크)',
    params: memberParams,
    querystring: depositAddressQuerySchema,
    view: depositAddressView,
    kind: addressClear,
    input: (req) => ({ memberId: req.params.id, network: req.query.network }),
  });

  action.post('/members/:id/password', {
    operationId: 'adminResetPassword',
    summary:
      '다른 관리자의 로그인 비밀번호 재설정 (다른 관리자의 승인 후; 회원 계정은 거절: 이메일 복구 제안으로)',
    params: memberParams,
    body: resetPasswordBodySchema,
    view: sessionsEndedView,
    kind: passwordReset,
    input: hashedFrom('new_password'),
  });

  action.post('/members/:id/second-password', {
    operationId: 'adminResetSecondPassword',
    summary:
      '다른 관리자의 2차 비밀번호 재설정 (다른 관리자의 승인 후; 회원 계정은 거절: 이메일 복구 제안으로)',
    params: memberParams,
    body: resetSecondPasswordBodySchema,
    view: sessionsEndedView,
    kind: secondPasswordReset,
    input: hashedFrom('new_second_password'),
  });

  action.post('/members/:id/recovery', {
    operationId: 'adminProposeRecovery',
    summary:
      '회원에게 비밀번호 또는 2차 비밀번호 재설정 인증 코드를 이메일로 보내기 제안 (다른 관리자의 승인 후 발송; 관리자는 코드를 보지 않음)',
    params: memberParams,
    body: recoveryProposalBodySchema,
    view: recoverySentView,
    kind: memberRecovery,
    input: (req) => ({ memberId: req.params.id, secret: req.body.secret }),
  });
});
