/**
 * The administrator API's answers (members, requests, notices, audit, ledger, pending queue): the server
 * declares them as its responses and the admin page's fetchers check them in development and tests.
 * The request bodies and queries are in admin.ts.
 */
import { BALANCE_CURRENCIES, LOCK_CURRENCIES } from '../constants';
import { DEPOSIT_NETWORKS } from '../networks';
import { REQUEST_STATUSES } from '../request-status';
import { z } from '../zod';
import { chainCheckView } from './chain';
import {
  BALANCE_AMOUNTS,
  BANK_FIELDS,
  DEPOSIT_SOURCE_FIELDS,
  nullableString,
  pageOf,
  pageShape,
  REQUEST_KEY,
  REQUEST_TIMES,
  TIMESTAMPS,
  TRAVEL_RULE_FIELDS,
  WON_ACCOUNT,
} from './view-parts';

/** Who a member is, as the administrator's list and detail show them. */
const MEMBER_FIELDS = {
  id: z.string(),
  username: z.string(),
  email: z.string(),
  full_name: z.string(),
  contact: z.string(),
  is_admin: z.boolean(),
};

const memberListItemView = z.object({
  ...MEMBER_FIELDS,
  created_at: z.string(),
  bank_verified: z.nullable(z.boolean()),
  closed_at: nullableString,
});
export const memberListView = z.object({
  ...pageShape(memberListItemView),
  /** A broad search's `total` is a lower bound: more members match than were counted (decision 0202). */
  total_capped: z.boolean(),
});
export type MemberListItem = z.infer<typeof memberListItemView>;
export type MemberList = z.infer<typeof memberListView>;

const balanceView = z.object({ currency: z.enum(BALANCE_CURRENCIES), ...BALANCE_AMOUNTS });
export type BalanceView = z.infer<typeof balanceView>;

/** A member's won account as the desk keeps it: which one, whether verified, when last changed. */
export const bankAccountView = z.object({
  id: z.string(),
  ...WON_ACCOUNT,
  is_verified: z.boolean(),
  updated_at: z.string(),
});
export type BankAccountView = z.infer<typeof bankAccountView>;

export const lockView = z.object({
  id: z.string(),
  currency: z.enum(LOCK_CURRENCIES),
  locked_amount: z.string(),
  lock_start_date: nullableString,
  lock_end_date: nullableString,
  reason: nullableString,
  active: z.boolean(),
  ...TIMESTAMPS,
});
export type LockView = z.infer<typeof lockView>;

/** The first fields of a request in the administrator's lists: which request, whose (with their email), what. */
const REQUEST_ROW = { ...REQUEST_KEY, email: z.string() };

const depositView = z.object({
  ...REQUEST_ROW,
  status: z.enum(REQUEST_STATUSES),
  network: nullableString,
  ...DEPOSIT_SOURCE_FIELDS,
  /** Block explorer pages (configurable base URLs): the deposit address and the TXID. */
  address_url: nullableString,
  tx_url: nullableString,
  ...REQUEST_TIMES,
  /** Deposits checked on chain: what the chain said (null: not a checked deposit, or chain checks off). */
  chain: z.optional(z.nullable(chainCheckView)),
});
export type DepositView = z.infer<typeof depositView>;

const withdrawalView = z.object({
  ...REQUEST_ROW,
  fee: z.string(),
  final_amount: z.string(),
  method: z.enum(['internal', 'external', 'bank']),
  network: nullableString,
  recipient_id: nullableString,
  recipient_address: nullableString,
  destination_tag: nullableString,
  /** Block explorer page of the recipient address. */
  address_url: nullableString,
  /** False when the currency cannot travel on the network (made before networks were checked): reject it. */
  network_allowed: z.nullable(z.boolean()),
  ...BANK_FIELDS,
  memo: nullableString,
  ...TRAVEL_RULE_FIELDS,
  status: z.enum(REQUEST_STATUSES),
  ...REQUEST_TIMES,
});
export type WithdrawalView = z.infer<typeof withdrawalView>;

/** A page of requests, with how many of them are pending across every page. */
const listOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({ ...pageShape(item), pendingTotal: z.number() });
export const depositListView = listOf(depositView);
export const withdrawalListView = listOf(withdrawalView);
export type DepositList = z.infer<typeof depositListView>;
export type WithdrawalList = z.infer<typeof withdrawalListView>;

const memberProfileView = z.object({
  ...MEMBER_FIELDS,
  marketing_consent: z.boolean(),
  has_second_password: z.boolean(),
  /** USDT deposit address per network (a USDT deposit arrives only on its own network). */
  deposit_addresses: z.object({ TRC20: nullableString, ERC20: nullableString }),
  ...TIMESTAMPS,
  /** Set when the account is closed: the detail is then read-only. */
  closed_at: nullableString,
});

export const memberDetailView = z.object({
  member: memberProfileView,
  balances: z.array(balanceView),
  bank_account: z.nullable(bankAccountView),
  locks: z.array(lockView),
  deposits: z.array(depositView),
  withdrawals: z.array(withdrawalView),
  pending: z.object({ deposits: z.number(), withdrawals: z.number() }),
});
export type MemberDetail = z.infer<typeof memberDetailView>;

const balanceChangeView = z.object({
  currency: z.enum(BALANCE_CURRENCIES),
  before: z.string(),
  after: z.string(),
  delta: z.string(),
});
export const setBalancesView = z.object({
  balances: z.array(balanceView),
  changes: z.array(balanceChangeView),
});

/** An adjustment applied: the balance before and after, the signed change and its reason. */
export const adjustmentView = z.object({
  member_id: z.string(),
  currency: z.string(),
  delta: z.string(),
  before: z.string(),
  after: z.string(),
  reason: z.string(),
  balances: z.array(balanceView),
});

/** A deleted row (a notice, a lock): which one, and that it is gone. */
export const deletedView = z.object({ deleted: z.boolean(), id: z.string() });
/** A member's bank account deleted (a member has one at most). */
export const bankAccountDeletedView = z.object({ deleted: z.boolean() });
/** A password reset by an administrator: how many of the member's sessions it ended. */
export const sessionsEndedView = z.object({ sessionsEnded: z.number() });
/** An account closed (decision 0110): who, and when. */
export const memberClosedView = z.object({
  closed: z.boolean(),
  id: z.string(),
  username: z.string(),
  closed_at: z.string(),
});

export const depositAddressView = z.object({
  deposit_address: nullableString,
  network: z.enum(DEPOSIT_NETWORKS),
});

export const noticeView = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  published: z.boolean(),
  created_by: nullableString,
  ...TIMESTAMPS,
});
export type NoticeView = z.infer<typeof noticeView>;
export const noticeListView = pageOf(noticeView);

const auditEntryView = z.object({
  id: z.string(),
  actor_id: nullableString,
  actor_username: nullableString,
  action: z.string(),
  target_type: nullableString,
  target_id: nullableString,
  /** The username of the member the entry concerns (its target, or the member of the request decided). */
  member_username: z.optional(nullableString),
  before: z.unknown(),
  after: z.unknown(),
  ip: nullableString,
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntryView>;
export const auditListView = pageOf(auditEntryView);

export const ledgerReportView = z.object({
  ok: z.boolean(),
  checkedBalances: z.number(),
  mismatches: z.array(
    z.object({ member_id: z.string(), currency: z.string(), balance: z.string(), ledger_sum: z.string() }),
  ),
  negativeBalances: z.array(z.object({ member_id: z.string(), currency: z.string(), balance: z.string() })),
});
export type LedgerReport = z.infer<typeof ledgerReportView>;
