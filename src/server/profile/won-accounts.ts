import { MSG } from '../../shared/messages';
import type { WonAccountsView, WonAccountView } from '../../shared/schemas/deposits';
import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import { holdOpenMember } from '../members/lock-member';
import { readReceivingAccount } from './receiving-account';

const digits = (accountNumber: string) => accountNumber.replaceAll('-', '');

/**
 * The member's own-name bank account as recorded by an administrator, with whether it is verified.
 * `lock`: read FOR SHARE inside a money transaction, so an administrator changing the account waits for
 * the request being written (and the request never names an account that was just replaced).
 */
async function readOwnAccount(
  q: Queryable,
  memberId: string,
  lock = false,
): Promise<{ account: WonAccountView; verified: boolean } | null> {
  const [row] = await q.query<WonAccountView & { is_verified: boolean }>(
    `SELECT bank_name, account_number, account_holder, is_verified FROM bank_accounts WHERE member_id = $1
     ${lock ? 'FOR SHARE' : ''}`,
    [memberId],
  );
  if (!row) return null;
  const { is_verified, ...account } = row;
  return { account, verified: is_verified };
}

/** GET /api/won-accounts: the receiving account, the member's own account and its state. */
export async function readWonAccounts(
  q: Queryable,
  memberId: string,
  bankFormUrl: string | null,
): Promise<WonAccountsView> {
  const [own, receiving] = await Promise.all([readOwnAccount(q, memberId), readReceivingAccount(q)]);
  return {
    receiving: receiving.account,
    own: own?.verified ? own.account : null,
    own_status: own === null ? 'none' : own.verified ? 'verified' : 'unverified',
    bank_form_url: bankFormUrl,
  };
}

/** The bank fields a won request may carry: when present, they must all name the verified account. */
export interface ClaimedAccount {
  bank_name?: string | undefined;
  account_number?: string | undefined;
  account_holder?: string | undefined;
}

/**
 * The member's verified own-name account, the only account won may arrive from or leave to: refused when
 * there is none, or when the request names another account (`mismatch`, under the field that differs).
 * Account numbers compare by their digits (hyphens are how a bank prints them).
 */
export async function requireOwnAccount(
  q: Queryable,
  memberId: string,
  claimed: ClaimedAccount,
  mismatch: string,
): Promise<WonAccountView> {
  await holdOpenMember(q, memberId);
  const own = await readOwnAccount(q, memberId, true);
  if (!own?.verified) throw new AppError('CONFLICT', MSG.wonAccounts.noOwnAccount);
  const a = own.account;
  const wrong: Record<string, string> = {};
  if (claimed.bank_name !== undefined && claimed.bank_name !== a.bank_name) wrong.bank_name = mismatch;
  if (claimed.account_number !== undefined && digits(claimed.account_number) !== digits(a.account_number)) {
    wrong.account_number = mismatch;
  }
  if (claimed.account_holder !== undefined && claimed.account_holder !== a.account_holder) {
    wrong.account_holder = mismatch;
  }
  if (Object.keys(wrong).length > 0) throw new AppError('VALIDATION', mismatch, wrong);
  return a;
}
