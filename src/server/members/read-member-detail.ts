import { toWire } from '../../shared/decimal';
import type { BalanceView, BankAccountView } from '../../shared/schemas/admin-views';
import type { Queryable } from '../db';
import { iso } from '../sql';
import type { BalanceState } from '../wallet/balance-state';

export const balanceViews = (states: BalanceState[]): BalanceView[] =>
  states.map((s) => ({
    currency: s.currency as BalanceView['currency'],
    total: toWire(s.total),
    locked: toWire(s.locked),
    held: toWire(s.held),
    available: toWire(s.available),
  }));

export async function readBankAccount(q: Queryable, memberId: string, forUpdate = false) {
  const [row] = await q.query<BankAccountView>(
    `SELECT id, bank_name, account_number, account_holder, is_verified, ${iso('updated_at')} AS updated_at
       FROM bank_accounts WHERE member_id = $1 ${forUpdate ? 'FOR UPDATE' : ''}`,
    [memberId],
  );
  return row ?? null;
}
