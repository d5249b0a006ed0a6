import { formatDateTime } from '../../../shared/format';
import { RESERVE_PROOF_MESSAGES } from '../../../shared/messages/reserve-proof';
import type { PublicReserves } from '../../../shared/schemas/reserves';
import { Fact } from '../../components/fact';
import { Spinner } from '../../components/spinner';
import { usePublicReserves } from './use-reserves';
import '../../components/money-ui.css';
import './reserves.css';

const R = RESERVE_PROOF_MESSAGES.reserveProof;
type Check = PublicReserves['items'][number];

/** A fraction ("0.8125") as a percent with one decimal, floored (a share never reads higher than it is). */
const percent = (share: string | null) =>
  share === null ? R.unknown : `${(Math.floor(Number(share) * 1000) / 10).toFixed(1)}%`;

/**
 * /reserves, open to anyone: the newest check's Merkle sum root (hash and the members' balances added per
 * currency) beside the service's wallets on chain at that time, the cold share and the ratio; earlier ones below.
 */
export function PublicReservesPage() {
  const q = usePublicReserves();
  const [latest, ...earlier] = q.data?.items ?? [];
  return (
    <section className="page reserves-public-page">
      <h1 className="page-title">{R.publicTitle}</h1>
      <p className="field-hint">{R.publicIntro}</p>
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <p role="alert">{R.loadFailed}</p>
      ) : !latest ? (
        <p>{R.publicNone}</p>
      ) : (
        <>
          <CheckTable check={latest} />
          {earlier.length ? (
            <details>
              <summary>{R.earlier}</summary>
              {earlier.map((c) => (
                <CheckTable key={c.batch} check={c} />
              ))}
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}

function CheckTable({ check }: { check: Check }) {
  return (
    <article className="reserves-check" data-testid="reserves-check">
      <dl className="facts">
        <Fact label={R.takenAt}>{formatDateTime(check.taken_at)}</Fact>
        <Fact label={R.root} className="reserve-proof-hash" testId="public-root">
          {check.root_hash}
        </Fact>
        <div>
          <dt>{R.members(check.member_count)}</dt>
          <dd />
        </div>
      </dl>
      <div className="reserves-scroll">
        <table className="reserves-public-table">
          <thead>
            <tr>
              {[
                R.currency,
                R.liabilities,
                R.depositAddresses,
                R.hot,
                R.cold,
                R.holdings,
                R.coldShare,
                R.ratio,
              ].map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {check.lines.map((l) => (
              <tr key={l.currency}>
                <th scope="row">{l.currency}</th>
                <td>{l.liabilities}</td>
                <td>{l.deposit_addresses ?? R.unknown}</td>
                <td>{l.hot ?? R.unknown}</td>
                <td>{l.cold ?? R.unknown}</td>
                <td>{l.holdings ?? R.unknown}</td>
                <td>{percent(l.cold_share)}</td>
                <td>{percent(l.ratio)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}
