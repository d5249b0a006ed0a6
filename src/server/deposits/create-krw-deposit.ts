import { MSG } from '../../shared/messages';
import type { DepositView, krwDepositBodySchema } from '../../shared/schemas/deposits';
import type { z } from '../../shared/zod';
import type { Queryable } from '../db';
import { publishRequestCreated } from '../events/publish';
import { requireOwnAccount } from '../profile/won-accounts';
import { DEPOSIT_COLUMNS, type DepositRow, toDepositView } from './deposit-view';

type Input = z.output<typeof krwDepositBodySchema>;

/**
 * A KRW deposit request (whole won, at least 10,000: the shared schema), sent from the member's verified
 * own-name account: the sender is that account (a body naming another account is refused).
 */
export async function createKrwDeposit(q: Queryable, memberId: string, input: Input): Promise<DepositView> {
  const own = await requireOwnAccount(q, memberId, input, MSG.wonAccounts.depositOwnOnly);
  const [row] = await q.query<DepositRow>(
    `INSERT INTO deposits AS d (member_id, currency, amount, bank_name, account_number, account_holder, depositor_name)
     VALUES ($1, 'KRW', $2::numeric, $3, $4, $5, $6) RETURNING ${DEPOSIT_COLUMNS}`,
    [memberId, input.amount, own.bank_name, own.account_number, own.account_holder, input.depositor_name],
  );
  return publishRequestCreated(q, 'deposit', toDepositView(row!));
}
