import { MSG } from '../../shared/messages';
import type { krwWithdrawalBodySchema, WithdrawalView } from '../../shared/schemas/withdrawals';
import type { z } from '../../shared/zod';
import type { Queryable } from '../db';
import { requireOwnAccount } from '../profile/won-accounts';
import { checkWithdrawalRules, type RulesDeps, readRuleInputs } from '../withdrawal-rules/rules';
import { insertWithdrawal } from './insert-withdrawal';

type Input = z.output<typeof krwWithdrawalBodySchema>;

/**
 * A KRW withdrawal to the member's verified own-name account (the only destination; a body naming another
 * account is refused): whole won, at least 10,000, fee 0, at most the available balance.
 */
export async function createKrwWithdrawal(
  q: Queryable,
  memberId: string,
  input: Input,
  deps: RulesDeps,
): Promise<WithdrawalView> {
  // The own account first: a refusal there leaves nothing started on the transaction's client. Then the
  // rule inputs read before the member's withdrawal lock (prices, own limits), as a crypto withdrawal does.
  const own = await requireOwnAccount(q, memberId, input, MSG.wonAccounts.withdrawOwnOnly);
  const pre = await readRuleInputs(q, memberId, deps);
  const checkRules = (tq: Queryable) =>
    checkWithdrawalRules(tq, memberId, deps, { currency: 'KRW', amount: input.amount, method: 'bank' }, pre);
  return insertWithdrawal(
    q,
    memberId,
    {
      currency: 'KRW',
      amount: input.amount,
      method: 'bank',
      bankName: own.bank_name,
      accountNumber: own.account_number,
      accountHolder: own.account_holder,
      memo: input.memo,
    },
    checkRules,
  );
}
