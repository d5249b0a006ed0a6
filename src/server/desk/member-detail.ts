import { BALANCE_CURRENCIES } from '../../shared/constants';
import type { ExplorerUrls } from '../../shared/explorers';
import { MSG } from '../../shared/messages';
import type { LockView, MemberDetail } from '../../shared/schemas/admin-views';
import type { Queryable } from '../db';
import { isUuid } from '../db/iso-time';
import { AppError } from '../http/errors';
import { readDepositAddresses } from '../members/deposit-address';
import { LOCK_COLUMNS } from '../members/locks';
import { balanceViews, readBankAccount } from '../members/read-member-detail';
import { iso } from '../sql';
import { readBalanceStates } from '../wallet/balance-state';
import { listDeposits, listWithdrawals } from './list-requests';

/**
 * The desk's reads that span domains (a member with their balances, account, locks and latest requests;
 * the request lists), above the domains they read so no domain imports another back.
 */

/** Requests shown in a member's detail; the full lists are the requests section's. */
const RECENT_REQUESTS = 10;

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
