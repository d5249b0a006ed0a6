import { useQuery } from '@tanstack/react-query';
import { D } from '../../../shared/decimal';
import { MSG } from '../../../shared/messages';
import { api } from '../../lib/api';
import { ADMIN_KEY, useAdminMutation } from './api';
import { TableHead } from './kit';
import { ResultMessage, useResult } from './result-message';
import { Section } from './section';
import './reserves-section.css';

const R = MSG.reserves;

/** One currency's line of a stored snapshot, as GET /api/admin/reserves answers it. */
interface ReserveRow {
  batch: string;
  taken_at: string;
  trigger: string;
  taken_by: string;
  currency: string;
  liabilities: string;
  ledger: string;
  holdings: string | null;
  hot: string | null;
  cold: string | null;
  cold_share: string | null;
  ratio: string | null;
  root_hash: string | null;
  member_count: number | null;
  warnings: string[];
  detail: string | null;
}

/** A fraction ("0.8125") as a percent with one decimal, floored (a share never reads higher than it is). */
const percent = (share: string | null) =>
  share === null ? R.unknown : `${(Math.floor(Number(share) * 1000) / 10).toFixed(1)}%`;

/** The change of a figure since the previous snapshot ("+12.5", "−3", "–" when either side is unknown). */
function change(now: string | null, before: string | null | undefined): string {
  if (now === null || before === null || before === undefined) return '–';
  const d = new D(now).minus(before);
  return d.isZero() ? '0' : d.isPos() ? `+${d.toFixed()}` : `−${d.abs().toFixed()}`;
}

/** The stored lines grouped by snapshot, newest first. */
function bySnapshot(rows: ReserveRow[]): ReserveRow[][] {
  const groups = new Map<string, ReserveRow[]>();
  for (const r of rows) groups.set(r.batch, [...(groups.get(r.batch) ?? []), r]);
  return [...groups.values()];
}

/**
 * The reserves desk: each snapshot with, per currency, members' balances (liabilities, the proof of
 * liabilities' root totals) against the ledger and the chain (hot, cold, all holdings), the cold share
 * against the 80 % rule, the ratio, what changed since the previous snapshot and the warnings; a snapshot
 * taken now; the stored ones exported (CSV). The server computes the figures; the desk only subtracts.
 */
export function ReservesSection() {
  const list = useQuery({
    queryKey: [...ADMIN_KEY, 'reserves'],
    queryFn: () => api.get<{ items: ReserveRow[] }>('/admin/reserves?limit=200'),
  });
  const result = useResult();
  const take = useAdminMutation(() => api.post('/admin/reserves', {}));
  const snapshots = bySnapshot(list.data?.items ?? []);
  const [latest, ...earlier] = snapshots;
  const previousOf = (i: number) => snapshots[i + 1];
  return (
    <Section
      title={R.title}
      actions={
        <>
          <button
            type="button"
            className="btn btn-primary"
            disabled={take.isPending}
            onClick={() =>
              take.mutate(undefined, {
                onSuccess: () => result.set(R.taken),
                onError: (err) => result.fail(R.takeFailed, err),
              })
            }
          >
            {R.takeNow}
          </button>
          <a className="btn btn-secondary" href="/api/admin/reserves.csv" download>
            {R.exportCsv}
          </a>
        </>
      }
    >
      <div data-testid="reserves">
        {list.isPending ? <p>{R.loading}</p> : latest ? null : <p>{R.empty}</p>}
        {latest ? <Snapshot lines={latest} previous={previousOf(0)} testId="reserve-row" /> : null}
        {earlier.length > 0 ? (
          <details className="reserves-history">
            <summary>{R.history}</summary>
            {earlier.map((lines, i) => (
              <details key={lines[0]!.batch} className="reserves-history">
                <summary>
                  {lines[0]!.taken_at} · {R.triggers[lines[0]!.trigger] ?? lines[0]!.trigger} ·{' '}
                  {lines[0]!.taken_by}
                  {lines.some((l) => l.warnings.length > 0) ? (
                    <span className="adm-badge is-error"> {R.warnings}</span>
                  ) : null}
                </summary>
                <Snapshot lines={lines} previous={previousOf(i + 1)} testId="reserve-history-row" />
              </details>
            ))}
          </details>
        ) : null}
        <ResultMessage text={result.text} />
      </div>
    </Section>
  );
}

/** One snapshot's table, each figure beside its change since `previous`. */
function Snapshot({
  lines,
  previous,
  testId,
}: {
  lines: ReserveRow[];
  previous: ReserveRow[] | undefined;
  testId: string;
}) {
  const head = lines[0]!;
  const before = (currency: string) => previous?.find((p) => p.currency === currency);
  return (
    <>
      <p>{R.latest(head.taken_at, R.triggers[head.trigger] ?? head.trigger)}</p>
      {head.root_hash ? (
        <p className="reserves-root">
          {R.root(head.member_count ?? 0)} <code>{head.root_hash}</code>
        </p>
      ) : null}
      <table className="reserves-table">
        <TableHead
          columns={[
            R.currency,
            R.liabilities,
            R.ledger,
            R.hot,
            R.cold,
            R.holdings,
            R.coldShare,
            R.ratio,
            R.sincePrevious,
            R.warnings,
          ]}
        />
        <tbody>
          {lines.map((r) => {
            const b = before(r.currency);
            return (
              <tr
                key={r.currency}
                className={r.warnings.length ? 'is-warned' : undefined}
                data-testid={testId}
              >
                <td>{r.currency}</td>
                <td>{r.liabilities}</td>
                <td>{r.ledger}</td>
                <td>{r.hot ?? R.unknown}</td>
                <td>{r.cold ?? R.unknown}</td>
                <td>{r.holdings ?? R.unknown}</td>
                <td>
                  {percent(r.cold_share)}
                  {r.cold_share === null ? null : (
                    <span className={`adm-badge${Number(r.cold_share) >= 0.8 ? '' : ' is-error'}`}>
                      {Number(r.cold_share) >= 0.8 ? R.coldMet : R.coldShort}
                    </span>
                  )}
                </td>
                <td>{percent(r.ratio)}</td>
                <td>
                  {previous ? (
                    <small className="reserves-change">
                      {R.changeLiabilities} {change(r.liabilities, b?.liabilities)}
                      <br />
                      {R.changeHoldings} {change(r.holdings, b?.holdings)}
                      <br />
                      {R.changeCold}{' '}
                      {change(
                        r.cold_share === null ? null : percentPoints(r.cold_share),
                        b?.cold_share ? percentPoints(b.cold_share) : null,
                      )}
                    </small>
                  ) : (
                    R.firstSnapshot
                  )}
                </td>
                <td>
                  {r.warnings.length === 0 ? (
                    <span className="adm-badge">{R.ok}</span>
                  ) : (
                    r.warnings.map((w) => (
                      <span key={w} className="adm-badge is-error">
                        {R.warning[w] ?? w}
                      </span>
                    ))
                  )}
                  {r.detail ? <small className="reserves-detail">{r.detail}</small> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

/** A share as percentage points, for its change ("0.8125" → "81.25"). */
const percentPoints = (share: string) => new D(share).times(100).toFixed();
