import { BALANCE_CURRENCIES } from '../../shared/constants';
import { toWire } from '../../shared/decimal';
import type { ExplorerUrls } from '../../shared/explorers';
import { MSG } from '../../shared/messages';
import type { BalanceView, BankAccountView, LockView, MemberDetail } from '../../shared/schemas/admin-views';
import type { Queryable } from '../db';
import { isUuid } from '../db/iso-time';
import { AppError } from '../http/errors';
import { iso } from '../sql';
import { type BalanceState, readBalanceStates } from '../wallet/balance-state';
import { readDepositAddresses } from './deposit-address';
import { listDeposits, listWithdrawals } from './list-requests';
import { LOCK_COLUMNS } from './locks';

/** Requests shown in a member's detail; the full lists are the requests section's. */
const RECENT_REQUESTS = 10;

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

/** Everything the detail panel shows about one member. */
export async function readMemberDetail(
  q: Queryable,
  id: string,
  explorers: ExplorerUrls,
): Promise<MemberDetail> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', MSG.admin.memberNotFound);
  const [member] = await q.query<Omit<MemberDetail['member'], 'deposit_addresses'>>(
    `SELECT id, username, email, full_name, contact, is_admin, marketing_consent,
            second_password_hash IS NOT NULL AS has_second_password,
            ${iso('created_at')} AS created_at, ${iso('updated_at')} AS updated_at,
            CASE WHEN closed_at IS NULL THEN NULL ELSE ${iso('closed_at')} END AS closed_at
       FROM members WHERE id = $1`,
    [id],
  );
  if (!member) throw new AppError('NOT_FOUND', MSG.admin.memberNotFound);
  const [states, bank, locks, deposits, withdrawals, addresses] = await Promise.all([
    readBalanceStates(q, id, [...BALANCE_CURRENCIES]),
    readBankAccount(q, id),
    q.query<LockView>(
      `SELECT ${LOCK_COLUMNS} FROM asset_locks l WHERE l.member_id = $1 ORDER BY l.created_at DESC, l.id`,
      [id],
    ),
    listDeposits(q, { memberId: id, page: 1, pageSize: RECENT_REQUESTS }, explorers),
    listWithdrawals(q, { memberId: id, page: 1, pageSize: RECENT_REQUESTS }, explorers),
    readDepositAddresses(q, id),
  ]);
  return {
    member: { ...member, deposit_addresses: addresses },
    balances: balanceViews(states),
    bank_account: bank,
    locks,
    deposits: deposits.items,
    withdrawals: withdrawals.items,
    pending: { deposits: deposits.pendingTotal, withdrawals: withdrawals.pendingTotal },
  };
}
