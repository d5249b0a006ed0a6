/**
 * The desk's record filters (username, action, a period of Korean days) for the audit and sign-in logs,
 * and the CSV exports' period.
 */
import { MSG } from '../messages';
import { z } from '../zod';
import { isCalendarDate, page, pageSize } from './admin';
import { plainText } from './text';

const R = MSG.deskRecords.exports;
const E = MSG.authEvents;

/** The longest period one export covers: a year (a leap year's too). */
export const EXPORT_MAX_DAYS = 366;

const date = z.string({ error: E.dateInvalid }).check(z.trim(), z.refine(isCalendarDate, E.dateInvalid));
export const usernameFilter = z.optional(
  z.string({ error: R.usernameInvalid }).check(plainText(), z.trim(), z.maxLength(100, R.usernameInvalid)),
);
const actionFilter = z.optional(
  z.string({ error: R.actionInvalid }).check(z.trim(), z.regex(/^[a-z0-9_.]{1,80}$/, R.actionInvalid)),
);
const ordered = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/** GET /api/admin/audit: a target (the member detail), a username (who acted or whom it concerns), an action, a period. */
export const auditListQuerySchema = z
  .strictObject({
    targetId: z.optional(z.string().check(plainText(), z.trim(), z.maxLength(100, MSG.admin.idInvalid))),
    username: usernameFilter,
    action: actionFilter,
    from: z.optional(date),
    to: z.optional(date),
    page,
    pageSize: pageSize(30),
  })
  .check(z.refine(ordered, { message: E.dateRangeInvalid, path: ['to'] }));
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

/** An export's query: a period (both days, KST, at most a year), optionally one member by username. */
export const exportQuerySchema = z
  .strictObject({
    from: z.string({ error: R.periodRequired }).check(z.trim(), z.refine(isCalendarDate, E.dateInvalid)),
    to: z.string({ error: R.periodRequired }).check(z.trim(), z.refine(isCalendarDate, E.dateInvalid)),
    username: usernameFilter,
  })
  .check(
    z.refine(ordered, { message: E.dateRangeInvalid, path: ['to'] }),
    z.refine((v) => !ordered(v) || days(v.from, v.to) <= EXPORT_MAX_DAYS, {
      message: R.periodTooLong(EXPORT_MAX_DAYS),
      path: ['to'],
    }),
  );
export type ExportQuery = z.output<typeof exportQuerySchema>;

/** The records a CSV export covers. */
export type ExportKind = 'audit' | 'auth-events' | 'requests' | 'ledger';
