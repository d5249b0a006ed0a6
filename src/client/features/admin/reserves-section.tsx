import { useQuery } from '@tanstack/react-query';
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
  cold_share: string | null;
  warnings: string[];
  detail: string | null;
}

/** A fraction ("0.8125") as a percent with one decimal, floored (a share never reads higher than it is). */
const percent = (share: string | null) =>
  share === null ? R.unknown : `${(Math.floor(Number(share) * 1000) / 10).toFixed(1)}%`;

/**
 * The reserves desk: per currency, members' balances (liabilities) against the ledger and against what
 * the chain says the service holds, the cold share and the warnings of the latest snapshot; the earlier
 * snapshots; a snapshot taken now; the stored ones exported (CSV). The server computes everything.
 */
export function ReservesSection() {
  const list = useQuery({
    queryKey: [...ADMIN_KEY, 'reserves'],
    queryFn: () => api.get<{ items: ReserveRow[] }>('/admin/reserves?limit=200'),
  });
  const result = useResult();
  const take = useAdminMutation(() => api.post('/admin/reserves', {}));
  const rows = list.data?.items ?? [];
  const latestBatch = rows[0]?.batch;
  const latest = rows.filter((r) => r.batch === latestBatch);
  const earlier = [...new Map(rows.filter((r) => r.batch !== latestBatch).map((r) => [r.batch, r])).values()];
  const warnedIn = (batch: string) => rows.some((r) => r.batch === batch && r.warnings.length > 0);
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
        {list.isPending ? <p>{R.loading}</p> : latest.length === 0 ? <p>{R.empty}</p> : null}
        {latest[0] ? (
          <>
            <p>{R.latest(latest[0].taken_at, R.triggers[latest[0].trigger] ?? latest[0].trigger)}</p>
            <table className="reserves-table">
              <TableHead
                columns={[R.currency, R.liabilities, R.ledger, R.holdings, R.coldShare, R.warnings]}
              />
              <tbody>
                {latest.map((r) => (
                  <tr
                    key={r.currency}
                    className={r.warnings.length ? 'is-warned' : undefined}
                    data-testid="reserve-row"
                  >
                    <td>{r.currency}</td>
                    <td>{r.liabilities}</td>
                    <td>{r.ledger}</td>
                    <td>{r.holdings ?? R.unknown}</td>
                    <td>{percent(r.cold_share)}</td>
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
                ))}
              </tbody>
            </table>
          </>
        ) : null}
        {earlier.length > 0 ? (
          <details className="reserves-history">
            <summary>{R.history}</summary>
            <ul className="adm-list">
              {earlier.map((r) => (
                <li key={r.batch}>
                  {r.taken_at} · {R.triggers[r.trigger] ?? r.trigger} · {r.taken_by}
                  {warnedIn(r.batch) ? <span className="adm-badge is-error"> {R.warnings}</span> : null}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        <ResultMessage text={result.text} />
      </div>
    </Section>
  );
}
