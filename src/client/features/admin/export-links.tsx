import { kstDayKey } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { EXPORT_MAX_DAYS, type ExportKind } from '../../../shared/schemas/desk-records';
import { queryOf } from './records-api';

const X = MSG.deskRecords.exports;
const LABELS: Record<ExportKind, string> = {
  audit: X.audit,
  'auth-events': X.authEvents,
  requests: X.requests,
  ledger: X.ledger,
};
/** Without a period chosen, an export covers the last 30 days. */
const DEFAULT_DAYS = 30;

const spanDays = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/**
 * CSV downloads for the period shown (the list's own period filter, else the last 30 days), optionally one
 * member's. Plain links: the browser streams the file to disk as the server writes it, with the session
 * cookie; a period the server would refuse is said here instead of downloading an error.
 */
export function ExportLinks({
  kinds,
  from,
  to,
  username,
}: {
  kinds: readonly ExportKind[];
  from?: string | undefined;
  to?: string | undefined;
  username?: string | undefined;
}) {
  const end = to || kstDayKey();
  const start = from || (to ? end : kstDayKey(new Date(), -(DEFAULT_DAYS - 1)));
  const problem =
    start > end
      ? MSG.authEvents.dateRangeInvalid
      : spanDays(start, end) > EXPORT_MAX_DAYS
        ? X.periodTooLong(EXPORT_MAX_DAYS)
        : null;
  const query = new URLSearchParams(
    queryOf({ from: start, to: end, username }) as Record<string, string>,
  ).toString();
  return (
    <fieldset className="adm-exports" aria-label={X.title}>
      <span className="adm-muted">
        {X.title} · {X.period} {start} ~ {end}
      </span>
      {problem ? (
        <span className="field-error">{problem}</span>
      ) : (
        kinds.map((kind) => (
          <a
            key={kind}
            className="btn btn-secondary adm-export"
            href={`/api/admin/exports/${kind}.csv?${query}`}
            download={`${kind}_${start}_${end}.csv`}
          >
            {LABELS[kind]}
          </a>
        ))
      )}
    </fieldset>
  );
}
