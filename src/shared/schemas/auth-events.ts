/**
 * The authentication event log (sign-in activity): event kinds, reason codes, the shapes of the member's
 * and the administrator's lists, and the administrator's filters.
 */
import { MSG } from '../messages';
import { z } from '../zod';
import { isCalendarDate } from './admin';
import { usernameFilter } from './desk-records';
import { nullableString, pageOf } from './view-parts';

const E = MSG.authEvents;
const A = MSG.admin;

export const AUTH_EVENT_KINDS = [
  'login',
  'lockout',
  'second_factor',
  'logout',
  'session_expired',
  'password_change',
  'second_password_change',
  'email_change_requested',
  'email_change_confirmed',
  'admin_password_reset',
  'admin_second_password_reset',
  'recovery_requested',
  'password_recovery',
  'second_password_recovery',
] as const;
export type AuthEventKind = (typeof AUTH_EVENT_KINDS)[number];

/** Why an attempt failed (never the secret), or why a session ended. */
const AUTH_EVENT_REASONS = [
  'bad_password',
  'unknown_account',
  'locked',
  'rate_limited',
  'idle',
  'expired',
  'account_closed',
] as const;
export type AuthEventReason = (typeof AUTH_EVENT_REASONS)[number];

/** One event as the member sees it on my page. */
const signInActivityItem = z.object({
  id: z.string(),
  kind: z.enum(AUTH_EVENT_KINDS),
  success: z.boolean(),
  reason: z.nullable(z.enum(AUTH_EVENT_REASONS)),
  ip: nullableString,
  user_agent: nullableString,
  created_at: z.string(),
});
export type SignInActivityItem = z.infer<typeof signInActivityItem>;
export const signInActivityView = z.object({ items: z.array(signInActivityItem) });
/** My page shows the last this many events. */
export const SIGN_IN_ACTIVITY_LIMIT = 20;

/** One event as the administrator sees it: also who, the name typed and the acting administrator. */
const authEventView = z.object({
  ...signInActivityItem.shape,
  member_id: nullableString,
  username: nullableString,
  identifier: nullableString,
  actor_id: nullableString,
});
export type AuthEventView = z.infer<typeof authEventView>;
export const authEventListView = pageOf(authEventView);

const optionalDate = z.optional(
  z.string({ error: E.dateInvalid }).check(z.trim(), z.refine(isCalendarDate, E.dateInvalid)),
);

/** The administrator's filters: member, kind, success or failure, a date range in Korean days, paging. */
export const authEventListQuerySchema = z
  .strictObject({
    memberId: z.optional(z.uuid({ error: E.memberIdInvalid }).check(z.toLowerCase())),
    username: usernameFilter,
    kind: z.optional(z.enum(AUTH_EVENT_KINDS, { error: E.kindInvalid })),
    result: z.optional(z.enum(['success', 'failure'], { error: E.resultInvalid })),
    from: optionalDate,
    to: optionalDate,
    page: z._default(
      z.coerce
        .number({ error: A.pageInvalid })
        .check(z.int(A.pageInvalid), z.gte(1, A.pageInvalid), z.lte(100_000, A.pageInvalid)),
      1,
    ),
    pageSize: z._default(
      z.coerce
        .number({ error: A.pageSizeInvalid })
        .check(z.int(A.pageSizeInvalid), z.gte(1, A.pageSizeInvalid), z.lte(100, A.pageSizeInvalid)),
      30,
    ),
  })
  .check(z.refine((v) => !v.from || !v.to || v.from <= v.to, { message: E.dateRangeInvalid, path: ['to'] }));
export type AuthEventListQuery = z.input<typeof authEventListQuerySchema>;
