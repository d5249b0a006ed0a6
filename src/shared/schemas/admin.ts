/**
 * The administrator page's rules (SPEC §5 Administrator rules) as zod schemas: the forms use them for
 * instant feedback and the server validates every request with the same ones. A member's bank account,
 * deposit address and passwords are in admin-accounts.ts; the answers in admin-views.ts.
 */
import {
  BALANCE_CURRENCIES,
  type BalanceCurrency,
  CRYPTO_DECIMALS,
  DEFAULT_LOCK_CURRENCY,
  LOCK_CURRENCIES,
} from '../constants';
import { amountProblem, D, DECIMAL_TEXT, toWire } from '../decimal';
import { MSG } from '../messages';
import { REQUEST_STATUSES } from '../request-status';
import { z } from '../zod';
import { crossFieldRule } from './cross-field';
import { multilineText, nfkc, plainText } from './text';

const A = MSG.admin;

export const NOTICE_TITLE_MAX = 200;
export const NOTICE_BODY_MAX = 5000;
const LOCK_REASON_MAX = 200;

/** '5000.50' → '5000.5', '5000.0' → '5000': trailing fraction zeros say nothing about precision. */
const stripZeros = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

/** KRW is whole won; the crypto currencies carry at most 8 decimals (docs/PRODUCT.md). */
const decimalsOf = (currency: string) => (currency.toUpperCase() === 'KRW' ? 0 : CRYPTO_DECIMALS);

// ---------------------------------------------------------------------------------------------
// Paging and lists

export const page = z._default(
  z.coerce
    .number({ error: A.pageInvalid })
    .check(z.int(A.pageInvalid), z.gte(1, A.pageInvalid), z.lte(100_000, A.pageInvalid)),
  1,
);
export const pageSize = (def: number) =>
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
  /** member: without the administrator role (회원 관리); admin: administrators (설정); all: both. */
  role: z._default(z.enum(['member', 'admin', 'all'], { error: MSG.deskWork.roleInvalid }), 'all'),
  page,
  pageSize: pageSize(50),
});

export const requestListQuerySchema = z.strictObject({
  status: z.optional(z.enum(REQUEST_STATUSES, { error: A.statusInvalid })),
  // Lower-cased: the records it filters keep ids as PostgreSQL writes them.
  memberId: z.optional(z.uuid({ error: A.idInvalid }).check(z.toLowerCase())),
  page,
  pageSize: pageSize(20),
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

/**
 * A +/− adjustment of one balance (the desk's balance change): a signed decimal within the currency's
 * decimals, never zero, and a reason the audit and the second administrator read.
 */
export const adjustmentBodySchema = z
  .strictObject({
    currency: z.enum(BALANCE_CURRENCIES, { error: A.adjust.currency }),
    delta: z
      .string({ error: A.adjust.deltaFormat })
      .check(
        z.trim(),
        z.regex(/^[+-]?\d+(\.\d+)?$/, A.adjust.deltaFormat),
        z.maxLength(40, A.amountTooLarge),
      ),
    reason: z
      .string({ error: A.adjust.reasonLength })
      .check(
        z.trim(),
        nfkc(),
        z.minLength(2, A.adjust.reasonLength),
        z.maxLength(200, A.adjust.reasonLength),
        plainText(),
      ),
  })
  .check(
    z.superRefine((b, ctx) => {
      const magnitude = b.delta.replace(/^[+-]/, '');
      if (!/^\d+(\.\d+)?$/.test(magnitude)) return;
      if (new D(magnitude).isZero()) {
        ctx.addIssue({ code: 'custom', path: ['delta'], message: A.adjust.deltaZero });
        return;
      }
      const p = amountProblem(magnitude, decimalsOf(b.currency));
      if (p === 'decimals')
        ctx.addIssue({
          code: 'custom',
          path: ['delta'],
          message: b.currency === 'KRW' ? A.krwWhole : A.cryptoDecimals,
        });
      else if (p === 'max') ctx.addIssue({ code: 'custom', path: ['delta'], message: A.amountTooLarge });
      else if (p) ctx.addIssue({ code: 'custom', path: ['delta'], message: A.adjust.deltaFormat });
    }),
  );
export type AdjustmentBody = z.output<typeof adjustmentBodySchema>;

/** The total the administrator's screen showed, sent back so a change made meanwhile is not overwritten. */
const expectedValue = z
  .string({ error: A.balanceFormat })
  .check(z.regex(DECIMAL_TEXT, A.balanceFormat), z.maxLength(60));

const BALANCE_KEYS = ['krw', 'eth', 'xrp', 'usdt'] as const;
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
    crossFieldRule((v, issue) => {
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
        issue('locked_amount', message);
      }
      if (v.lock_start_date && v.lock_end_date && v.lock_end_date < v.lock_start_date) {
        issue('lock_end_date', A.lockDateOrder);
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
