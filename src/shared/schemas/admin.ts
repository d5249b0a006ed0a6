/**
 * The administrator page's rules (SPEC §5 Administrator rules) as zod schemas: the forms use them for
 * instant feedback and the server validates every request with the same ones. Also the shapes of the
 * administrator API's answers (for the OpenAPI document and the client's types).
 */
import { depositNetworkOf } from '../address';
import {
  BALANCE_CURRENCIES,
  type BalanceCurrency,
  CRYPTO_DECIMALS,
  DEFAULT_LOCK_CURRENCY,
  LOCK_CURRENCIES,
} from '../constants';
import { amountProblem, D, DECIMAL_TEXT, toWire } from '../decimal';
import { MSG } from '../messages';
import { DEPOSIT_NETWORKS } from '../networks';
import { z } from '../zod';
import { PASSWORD_PATTERN } from './auth';
import { chainCheckView } from './chain';
import { multilineText, nfkc, plainText } from './text';

const A = MSG.admin;

export const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** Administrators follow the member password policy (8+ with letters and digits; issue 12, decision 0107). */
export const ADMIN_PASSWORD_MIN = 8;
export const ACCOUNT_NUMBER_MAX = 30;
export const NOTICE_TITLE_MAX = 200;
export const NOTICE_BODY_MAX = 5000;
export const LOCK_REASON_MAX = 200;

/** '5000.50' → '5000.5', '5000.0' → '5000': trailing fraction zeros say nothing about precision. */
const stripZeros = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

/** KRW is whole won; the crypto currencies carry at most 8 decimals (DESIGN: Money). */
export const decimalsOf = (currency: string) => (currency.toUpperCase() === 'KRW' ? 0 : CRYPTO_DECIMALS);

// ---------------------------------------------------------------------------------------------
// Paging and lists

const page = z._default(
  z.coerce
    .number({ error: A.pageInvalid })
    .check(z.int(A.pageInvalid), z.gte(1, A.pageInvalid), z.lte(100_000, A.pageInvalid)),
  1,
);
const pageSize = (def: number) =>
  z._default(
    z.coerce
      .number({ error: A.pageSizeInvalid })
      .check(z.int(A.pageSizeInvalid), z.gte(1, A.pageSizeInvalid), z.lte(100, A.pageSizeInvalid)),
    def,
  );

/** Which accounts the member list shows: open ones (the default), closed ones, or all. */
export const MEMBER_STATUSES = ['active', 'closed', 'all'] as const;
export type MemberStatusFilter = (typeof MEMBER_STATUSES)[number];

export const memberListQuerySchema = z.strictObject({
  q: z.optional(z.string().check(plainText(), nfkc(), z.trim(), z.maxLength(100, A.searchTooLong))),
  status: z._default(z.enum(MEMBER_STATUSES, { error: A.memberStatusInvalid }), 'active'),
  page,
  pageSize: pageSize(50),
});

export const requestListQuerySchema = z.strictObject({
  status: z.optional(z.enum(REQUEST_STATUSES, { error: A.statusInvalid })),
  memberId: z.optional(z.uuid({ error: A.idInvalid })),
  page,
  pageSize: pageSize(20),
});

export const auditListQuerySchema = z.strictObject({
  targetId: z.optional(z.string().check(plainText(), z.trim(), z.maxLength(100, A.idInvalid))),
  page,
  pageSize: pageSize(30),
});

export const noticeListQuerySchema = z.strictObject({ page, pageSize: pageSize(20) });

// ---------------------------------------------------------------------------------------------
// Balances: SPEC "each value is clamped to 0 or more", exact decimals.

const BALANCE_TEXT = /^-?\d+(\.\d+)?$/;

/** One balance as typed by the administrator: a negative value becomes 0; decimals per currency. */
export const balanceValueSchema = (currency: BalanceCurrency) =>
  z.pipe(
    z
      .pipe(
        z
          .string({ error: A.balanceFormat })
          .check(z.trim(), z.regex(BALANCE_TEXT, A.balanceFormat), z.maxLength(40, A.amountTooLarge)),
        z.transform((v: string) => (v.startsWith('-') ? '0' : stripZeros(v))),
      )
      .check(
        z.superRefine((v: string, ctx) => {
          if (new D(v).isZero()) return;
          const p = amountProblem(v, decimalsOf(currency));
          if (p === 'decimals')
            ctx.addIssue({ code: 'custom', message: currency === 'KRW' ? A.krwWhole : A.cryptoDecimals });
          else if (p === 'max') ctx.addIssue({ code: 'custom', message: A.amountTooLarge });
          else if (p) ctx.addIssue({ code: 'custom', message: A.balanceFormat });
        }),
      ),
    z.transform((v: string) => toWire(v)),
  );

/** The total the administrator's screen showed, sent back so a change made meanwhile is not overwritten. */
const expectedValue = z
  .string({ error: A.balanceFormat })
  .check(z.regex(DECIMAL_TEXT, A.balanceFormat), z.maxLength(60));

export const BALANCE_KEYS = ['krw', 'eth', 'xrp', 'usdt'] as const;
export type BalanceKey = (typeof BALANCE_KEYS)[number];
export const keyOf = (c: BalanceCurrency) => c.toLowerCase() as BalanceKey;

export const setBalancesBodySchema = z
  .strictObject({
    krw: z.optional(balanceValueSchema('KRW')),
    eth: z.optional(balanceValueSchema('ETH')),
    xrp: z.optional(balanceValueSchema('XRP')),
    usdt: z.optional(balanceValueSchema('USDT')),
    expected: z.optional(
      z.strictObject({
        krw: z.optional(expectedValue),
        eth: z.optional(expectedValue),
        xrp: z.optional(expectedValue),
        usdt: z.optional(expectedValue),
      }),
    ),
  })
  .check(z.refine((v) => BALANCE_KEYS.some((k) => v[k] !== undefined), { message: A.balancesEmpty }));
export type SetBalancesBody = z.input<typeof setBalancesBodySchema>;

/** The asset form: every currency's new value. */
export const balancesFormSchema = z.object({
  krw: balanceValueSchema('KRW'),
  eth: balanceValueSchema('ETH'),
  xrp: balanceValueSchema('XRP'),
  usdt: balanceValueSchema('USDT'),
});
export type BalancesForm = z.input<typeof balancesFormSchema>;

// ---------------------------------------------------------------------------------------------
// Bank account: SPEC number ≥ 10 characters, bank and holder required, all trimmed.

export const bankAccountBodySchema = z.strictObject({
  bank_name: z
    .string({ error: A.bankNameRequired })
    .check(
      plainText(),
      nfkc(),
      z.trim(),
      z.minLength(1, A.bankNameRequired),
      z.maxLength(50, A.bankNameTooLong),
    ),
  account_number: z
    .string({ error: A.accountNumberInvalid })
    .check(
      z.trim(),
      z.minLength(10, A.accountNumberInvalid),
      z.maxLength(ACCOUNT_NUMBER_MAX, A.accountNumberTooLong),
      z.regex(/^[0-9-]+$/, A.accountNumberChars),
    ),
  account_holder: z
    .string({ error: A.holderRequired })
    .check(plainText(), nfkc(), z.trim(), z.minLength(1, A.holderRequired), z.maxLength(50, A.holderTooLong)),
  is_verified: z.optional(z.boolean()),
});
export type BankAccountBody = z.input<typeof bankAccountBodySchema>;

export const bankVerifiedBodySchema = z.strictObject({ is_verified: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Deposit address: one per network, a TRC20 (Base58Check, T…) or ERC20 (0x + 40 hex, EIP-55) address.
// Without `network` the address's own format names it.

export const depositAddressBodySchema = z
  .strictObject({
    network: z.optional(z.enum(DEPOSIT_NETWORKS, { error: MSG.deposit.networkInvalid })),
    deposit_address: z.string({ error: A.addressRequired }).check(
      z.trim(),
      z.minLength(1, A.addressRequired),
      z.maxLength(64, A.addressInvalid),
      z.refine((a) => a === '' || depositNetworkOf(a) !== null, A.addressInvalid),
    ),
  })
  .check(
    z.superRefine((v, ctx) => {
      const own = depositNetworkOf(v.deposit_address);
      if (v.network && own && own !== v.network) {
        ctx.addIssue({
          code: 'custom',
          path: ['deposit_address'],
          message: A.addressWrongNetwork(v.network),
        });
      }
    }),
  );
export const depositAddressQuerySchema = z.strictObject({
  network: z.optional(z.enum(DEPOSIT_NETWORKS, { error: MSG.deposit.networkInvalid })),
});
export type DepositAddressBody = z.input<typeof depositAddressBodySchema>;

// ---------------------------------------------------------------------------------------------
// Passwords: new + confirmation, the member policy (8+ with letters and digits; SPEC said 6, issue 12
// raised it). Second password: 4 to 12 digits.

export const resetPasswordBodySchema = z
  .strictObject({
    new_password: z
      .string({ error: A.passwordMin })
      .check(
        plainText(),
        z.minLength(ADMIN_PASSWORD_MIN, A.passwordMin),
        z.maxLength(128, A.passwordTooLong),
        z.regex(PASSWORD_PATTERN, A.passwordMin),
      ),
    confirm_password: z.string({ error: A.passwordMismatch }).check(z.maxLength(128, A.passwordMismatch)),
  })
  .check(
    z.refine((v) => v.new_password === v.confirm_password, {
      path: ['confirm_password'],
      message: A.passwordMismatch,
    }),
  );
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export const resetSecondPasswordBodySchema = z
  .strictObject({
    new_second_password: z
      .string({ error: A.secondPasswordRule })
      .check(z.regex(/^\d{4,12}$/, A.secondPasswordRule)),
    confirm_second_password: z
      .string({ error: A.secondPasswordMismatch })
      .check(z.maxLength(12, A.secondPasswordMismatch)),
  })
  .check(
    z.refine((v) => v.new_second_password === v.confirm_second_password, {
      path: ['confirm_second_password'],
      message: A.secondPasswordMismatch,
    }),
  );
export type ResetSecondPasswordBody = z.input<typeof resetSecondPasswordBodySchema>;

// ---------------------------------------------------------------------------------------------
// Locks: currency (default usdt), amount > 0, optional dates (end not before start) and reason.

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
export function isCalendarDate(s: string): boolean {
  const m = DATE_TEXT.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && y <= 9999 && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

const optionalDate = z.pipe(
  z.optional(
    z.nullable(
      z.string({ error: A.dateInvalid }).check(
        z.trim(),
        z.refine((v) => v === '' || isCalendarDate(v), A.dateInvalid),
      ),
    ),
  ),
  z.transform((v: string | null | undefined) => (v ? v : null)),
);

const lockFields = z
  .strictObject({
    currency: z._default(
      z.pipe(
        z.string({ error: A.unsupportedCurrency }).check(z.trim(), z.toLowerCase()),
        z.enum(LOCK_CURRENCIES, { error: A.unsupportedCurrency }),
      ),
      DEFAULT_LOCK_CURRENCY,
    ),
    locked_amount: z
      .string({ error: A.lockAmountInvalid })
      .check(z.trim(), z.minLength(1, A.lockAmountInvalid)),
    lock_start_date: optionalDate,
    lock_end_date: optionalDate,
    reason: z.pipe(
      z.optional(
        z.nullable(z.string().check(plainText(), z.trim(), z.maxLength(LOCK_REASON_MAX, A.reasonTooLong))),
      ),
      z.transform((v: string | null | undefined) => (v ? v : null)),
    ),
  })
  .check(
    z.superRefine((v, ctx) => {
      const p = DECIMAL_TEXT.test(v.locked_amount)
        ? amountProblem(stripZeros(v.locked_amount), decimalsOf(v.currency))
        : 'format';
      if (p) {
        const message =
          p === 'decimals'
            ? v.currency === 'krw'
              ? A.krwWhole
              : A.cryptoDecimals
            : p === 'max'
              ? A.amountTooLarge
              : A.lockAmountInvalid;
        ctx.addIssue({ code: 'custom', path: ['locked_amount'], message });
      }
      if (v.lock_start_date && v.lock_end_date && v.lock_end_date < v.lock_start_date) {
        ctx.addIssue({ code: 'custom', path: ['lock_end_date'], message: A.lockDateOrder });
      }
    }),
  );
export const lockBodySchema = z.pipe(
  lockFields,
  z.transform((v: z.output<typeof lockFields>) => ({ ...v, locked_amount: toWire(v.locked_amount) })),
);
export type LockBody = z.input<typeof lockBodySchema>;

// ---------------------------------------------------------------------------------------------
// Notices

export const noticeBodySchema = z.strictObject({
  title: z
    .string({ error: A.noticeTitleRequired })
    .check(
      plainText(),
      z.trim(),
      z.minLength(1, A.noticeTitleRequired),
      z.maxLength(NOTICE_TITLE_MAX, A.noticeTitleTooLong),
    ),
  body: z._default(z.string().check(multilineText(), z.maxLength(NOTICE_BODY_MAX, A.noticeBodyTooLong)), ''),
  published: z._default(z.boolean(), false),
});
export type NoticeBody = z.input<typeof noticeBodySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const memberListItemView = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  full_name: z.string(),
  contact: z.string(),
  is_admin: z.boolean(),
  created_at: z.string(),
  bank_verified: z.nullable(z.boolean()),
  closed_at: z.nullable(z.string()),
});
export const memberListView = z.object({
  items: z.array(memberListItemView),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type MemberListItem = z.infer<typeof memberListItemView>;
export type MemberList = z.infer<typeof memberListView>;

export const balanceView = z.object({
  currency: z.enum(BALANCE_CURRENCIES),
  total: z.string(),
  locked: z.string(),
  held: z.string(),
  available: z.string(),
});
export type BalanceView = z.infer<typeof balanceView>;

export const bankAccountView = z.object({
  id: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  account_holder: z.string(),
  is_verified: z.boolean(),
  updated_at: z.string(),
});
export type BankAccountView = z.infer<typeof bankAccountView>;

export const lockView = z.object({
  id: z.string(),
  currency: z.enum(LOCK_CURRENCIES),
  locked_amount: z.string(),
  lock_start_date: z.nullable(z.string()),
  lock_end_date: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LockView = z.infer<typeof lockView>;

export const depositView = z.object({
  id: z.string(),
  member_id: z.string(),
  username: z.string(),
  email: z.string(),
  currency: z.string(),
  amount: z.string(),
  status: z.enum(REQUEST_STATUSES),
  network: z.nullable(z.string()),
  deposit_address: z.nullable(z.string()),
  txid: z.nullable(z.string()),
  sender_address: z.nullable(z.string()),
  bank_name: z.nullable(z.string()),
  account_number: z.nullable(z.string()),
  account_holder: z.nullable(z.string()),
  depositor_name: z.nullable(z.string()),
  /** Block explorer pages (configurable base URLs): the deposit address and the TXID. */
  address_url: z.nullable(z.string()),
  tx_url: z.nullable(z.string()),
  processed_at: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  /** Issue 19: what the chain said (null: not a checked deposit, or chain checks off). */
  chain: z.optional(z.nullable(chainCheckView)),
});
export type DepositView = z.infer<typeof depositView>;

export const withdrawalView = z.object({
  id: z.string(),
  member_id: z.string(),
  username: z.string(),
  email: z.string(),
  currency: z.string(),
  amount: z.string(),
  fee: z.string(),
  final_amount: z.string(),
  method: z.enum(['internal', 'external', 'bank']),
  network: z.nullable(z.string()),
  recipient_id: z.nullable(z.string()),
  recipient_address: z.nullable(z.string()),
  destination_tag: z.nullable(z.string()),
  /** Block explorer page of the recipient address. */
  address_url: z.nullable(z.string()),
  /** False when the currency cannot travel on the network (a request made before issue 13): reject it. */
  network_allowed: z.nullable(z.boolean()),
  bank_name: z.nullable(z.string()),
  account_number: z.nullable(z.string()),
  account_holder: z.nullable(z.string()),
  memo: z.nullable(z.string()),
  // Travel rule (issue 15): the recipient's name and receiving exchange ('personal': a declared personal wallet).
  travel_rule_name: z.optional(z.nullable(z.string())),
  travel_rule_exchange: z.optional(z.nullable(z.string())),
  travel_rule_personal_declared: z.optional(z.nullable(z.boolean())),
  status: z.enum(REQUEST_STATUSES),
  processed_at: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WithdrawalView = z.infer<typeof withdrawalView>;

const listOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    pendingTotal: z.number(),
  });
export const depositListView = listOf(depositView);
export const withdrawalListView = listOf(withdrawalView);
export type DepositList = z.infer<typeof depositListView>;
export type WithdrawalList = z.infer<typeof withdrawalListView>;

export const memberProfileView = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  full_name: z.string(),
  contact: z.string(),
  is_admin: z.boolean(),
  marketing_consent: z.boolean(),
  has_second_password: z.boolean(),
  /** USDT deposit address per network (issue 13). */
  deposit_addresses: z.object({ TRC20: z.nullable(z.string()), ERC20: z.nullable(z.string()) }),
  created_at: z.string(),
  updated_at: z.string(),
  /** Set when the account is closed: the detail is then read-only. */
  closed_at: z.nullable(z.string()),
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

export const balanceChangeView = z.object({
  currency: z.enum(BALANCE_CURRENCIES),
  before: z.string(),
  after: z.string(),
  delta: z.string(),
});
export const setBalancesView = z.object({
  balances: z.array(balanceView),
  changes: z.array(balanceChangeView),
});

export const depositAddressView = z.object({
  deposit_address: z.nullable(z.string()),
  network: z.enum(DEPOSIT_NETWORKS),
});

export const noticeView = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  published: z.boolean(),
  created_by: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NoticeView = z.infer<typeof noticeView>;
export const noticeListView = z.object({
  items: z.array(noticeView),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const auditEntryView = z.object({
  id: z.string(),
  actor_id: z.nullable(z.string()),
  actor_username: z.nullable(z.string()),
  action: z.string(),
  target_type: z.nullable(z.string()),
  target_id: z.nullable(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.nullable(z.string()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntryView>;
export const auditListView = z.object({
  items: z.array(auditEntryView),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const ledgerReportView = z.object({
  ok: z.boolean(),
  checkedBalances: z.number(),
  mismatches: z.array(
    z.object({ member_id: z.string(), currency: z.string(), balance: z.string(), ledger_sum: z.string() }),
  ),
  negativeBalances: z.array(z.object({ member_id: z.string(), currency: z.string(), balance: z.string() })),
});
export type LedgerReport = z.infer<typeof ledgerReportView>;
