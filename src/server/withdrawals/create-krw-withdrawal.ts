import type { krwWithdrawalBodySchema, WithdrawalView } from '../../shared/schemas/withdrawals';
import type { z } from '../../shared/zod';
import type { Queryable } from '../db';
import { checkWithdrawalRules, type RulesDeps, readRuleInputs } from '../withdrawal-rules/rules';
import { insertWithdrawal } from './insert-withdrawal';

type Input = z.output<typeof krwWithdrawalBodySchema>;

/** A KRW withdrawal to a bank account: whole won, at least 10,000, fee 0, at most the available balance. */
export async function createKrwWithdrawal(
  q: Queryable,
  memberId: string,
  input: Input,
  deps: RulesDeps,
): Promise<WithdrawalView> {
  const checkRules = async (tq: Queryable) =>
    checkWithdrawalRules(
      tq,
      memberId,
      deps,
      { currency: 'KRW', amount: input.amount, method: 'bank' },
      await pre,
    );
  // Read before the member's withdrawal lock (prices, own limits).
  const pre = readRuleInputs(q, memberId, deps);
  return insertWithdrawal(
    q,
    memberId,
    {
      currency: 'KRW',
      amount: input.amount,
      method: 'bank',
      bankName: input.bank_name,
      accountNumber: input.account_number,
      accountHolder: input.account_holder,
      memo: input.memo,
    },
    checkRules,
  );
}
