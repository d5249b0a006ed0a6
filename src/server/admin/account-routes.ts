import { depositNetworkOf } from '../../shared/address';
import {
  bankAccountBodySchema,
  bankVerifiedBodySchema,
  depositAddressBodySchema,
  depositAddressQuerySchema,
  resetPasswordBodySchema,
  resetSecondPasswordBodySchema,
} from '../../shared/schemas/admin-accounts';
import { bankAccountView, depositAddressView } from '../../shared/schemas/admin-views';
import type { App, Ctx } from '../context';
import { envelope, ok } from '../http/envelope';
import { z } from '../http/zod';
import { deleteBankAccount, saveBankAccount, setBankAccountVerified } from './bank-account';
import { actorOf, adminErrors, memberParams } from './common';
import { clearDepositAddress, setDepositAddress } from './deposit-address';
import { resetPassword, resetSecondPassword } from './reset-passwords';

const sessionsEndedView = z.object({ sessionsEnded: z.number() });

export async function accountRoutes(app: App, { db }: Ctx) {
  app.put(
    '/members/:id/bank-account',
    {
      schema: {
        operationId: 'adminSaveBankAccount',
        summary: '출금 계좌 등록 또는 수정',
        tags: ['admin'],
        params: memberParams,
        body: bankAccountBodySchema,
        response: { 200: envelope(bankAccountView), ...adminErrors },
      },
    },
    async (req) => ok(await saveBankAccount(db, req.params.id, req.body, actorOf(req))),
  );

  app.patch(
    '/members/:id/bank-account',
    {
      schema: {
        operationId: 'adminSetBankAccountVerified',
        summary: '계좌 인증 상태 변경',
        tags: ['admin'],
        params: memberParams,
        body: bankVerifiedBodySchema,
        response: { 200: envelope(bankAccountView), ...adminErrors },
      },
    },
    async (req) => ok(await setBankAccountVerified(db, req.params.id, req.body.is_verified, actorOf(req))),
  );

  app.delete(
    '/members/:id/bank-account',
    {
      schema: {
        operationId: 'adminDeleteBankAccount',
        summary: '출금 계좌 삭제',
        tags: ['admin'],
        params: memberParams,
        response: { 200: envelope(z.object({ deleted: z.boolean() })), ...adminErrors },
      },
    },
    async (req) => ok(await deleteBankAccount(db, req.params.id, actorOf(req))),
  );

  app.put(
    '/members/:id/deposit-address',
    {
      schema: {
        operationId: 'adminSetDepositAddress',
        summary:
          'USDT 입금 주소 배정: 네트워크(TRC20 또는 ERC20)마다 하나 (network가 없으면 주소 형식으로 정함)',
        tags: ['admin'],
        params: memberParams,
        body: depositAddressBodySchema,
        response: { 200: envelope(depositAddressView), ...adminErrors },
      },
    },
    async (req) => {
      const network = req.body.network ?? depositNetworkOf(req.body.deposit_address) ?? 'TRC20';
      return ok(await setDepositAddress(db, req.params.id, network, req.body.deposit_address, actorOf(req)));
    },
  );

  app.delete(
    '/members/:id/deposit-address',
    {
      schema: {
        operationId: 'adminClearDepositAddress',
        summary: 'USDT 입금 주소 삭제 (network를 주면 그 네트워크만, 없으면 모든 네트워크)',
        tags: ['admin'],
        params: memberParams,
        querystring: depositAddressQuerySchema,
        response: { 200: envelope(depositAddressView), ...adminErrors },
      },
    },
    async (req) => ok(await clearDepositAddress(db, req.params.id, req.query.network, actorOf(req))),
  );

  app.post(
    '/members/:id/password',
    {
      schema: {
        operationId: 'adminResetPassword',
        summary: '로그인 비밀번호 변경 (회원의 모든 세션 종료)',
        tags: ['admin'],
        params: memberParams,
        body: resetPasswordBodySchema,
        response: { 200: envelope(sessionsEndedView), ...adminErrors },
      },
    },
    async (req) => ok(await resetPassword(db, req.params.id, req.body.new_password, actorOf(req))),
  );

  app.post(
    '/members/:id/second-password',
    {
      schema: {
        operationId: 'adminResetSecondPassword',
        summary: '2차 비밀번호 변경 (회원의 모든 세션 종료)',
        tags: ['admin'],
        params: memberParams,
        body: resetSecondPasswordBodySchema,
        response: { 200: envelope(sessionsEndedView), ...adminErrors },
      },
    },
    async (req) =>
      ok(await resetSecondPassword(db, req.params.id, req.body.new_second_password, actorOf(req))),
  );
}
