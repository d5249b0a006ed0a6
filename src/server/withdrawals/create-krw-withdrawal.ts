import type { krwWithdrawalBodySchema, WithdrawalView } from '../../shared/schemas/withdrawals';
import type { z } from '../../shared/zod';
import type { Queryable } from '../db';
import { insertWithdrawal } from './insert-withdrawal';

type Input = z.output<typeof krwWithdrawalBodySchema>;

/** A KRW withdrawal to a bank account: whole won, at least 10,000, fee 0, at most the available balance. */
export function createKrwWithdrawal(q: Queryable, memberId: string, input: Input): Promise<WithdrawalView> {
  return insertWithdrawal(q, memberId, {
    currency: 'KRW',
    amount: input.amount,
    method: 'bank',
    bankName: input.bank_name,
    accountNumber: input.account_number,
    accountHolder: input.account_holder,
    memo: input.memo,
  });
}
