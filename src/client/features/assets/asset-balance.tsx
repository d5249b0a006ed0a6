import type { BalanceCurrency } from '../../../shared/constants';
import { formatAsset, formatDate, formatWon } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member';
import type { BalanceView, LockView } from '../../../shared/schemas/balances';
import { Fact } from '../../components/fact';

const A = MSG.assetDetail;
const M = MSG.market;

/** 2026-03-01 → 2026. 3. 1. (a calendar date, Korean time, without any time-zone shift). */
function dateText(ymd: string | null) {
  if (!ymd) return A.none;
  return formatDate(`${ymd}T00:00:00+09:00`);
}

/**
 * total = 잠금 + 출금 대기 + 사용 가능: the three parts add up to the total, each hold with its reason
 * (a lock's own reason, a pending withdrawal's request).
 */
export function Summary({ asset, b, krw }: { asset: BalanceCurrency; b: BalanceView; krw: string }) {
  const activeReasons = b.locks.filter((l) => l.active).map((l) => l.reason ?? M.lockReasonNone);
  const rows: [string, string, string, string | null][] = [
    [
      A.locked,
      formatAsset(asset, b.locked),
      'locked',
      b.locked !== '0' ? [...new Set(activeReasons)].join(', ') : null,
    ],
    [A.held, formatAsset(asset, b.held), 'held', b.held !== '0' ? M.holdReason : null],
    [A.available, formatAsset(asset, b.available), 'available', null],
  ];
  return (
    <div className="asset-card">
      <p className="asset-card-label">{M.balanceTitle}</p>
      <p className="asset-card-total" data-testid="asset-total">
        {formatAsset(asset, b.total)}
      </p>
      {asset !== 'KRW' ? (
        <p className="asset-card-krw" data-testid="asset-krw">
          ≈ {formatWon(krw)}
        </p>
      ) : null}
      <dl className="facts asset-rows">
        {rows.map(([label, value, key, reason]) => (
          <div key={key}>
            <dt>
              {label}
              {reason ? <span className="asset-row-reason">{reason}</span> : null}
            </dt>
            <dd data-testid={`asset-${key}`}>{value}</dd>
          </div>
        ))}
        {b.latest_lock_end_date ? (
          <Fact label={A.latestLockEnd} testId="asset-latest-lock-end">
            {dateText(b.latest_lock_end_date)}
          </Fact>
        ) : null}
      </dl>
    </div>
  );
}

export function LockList({ asset, locks }: { asset: BalanceCurrency; locks: LockView[] }) {
  if (locks.length === 0) return null;
  return (
    <section className="asset-locks" aria-labelledby="locks-title">
      <h2 id="locks-title" className="section-title">
        {A.locksTitle}
      </h2>
      <ul className="lock-list">
        {locks.map((l) => (
          <li key={l.id} className={`lock-item${l.active ? '' : ' lock-item-expired'}`}>
            <div className="lock-head">
              <span className="lock-amount">{formatAsset(asset, l.amount)}</span>
              <span className={`status-badge ${l.active ? 'status-danger' : 'status-muted'}`}>
                {l.active ? A.lockActive : A.lockExpired}
              </span>
            </div>
            <dl className="lock-dates">
              <Fact label={A.lockStart}>{dateText(l.start_date)}</Fact>
              <Fact label={A.lockEnd}>{l.end_date ? dateText(l.end_date) : A.openEnded}</Fact>
            </dl>
            {l.reason ? (
              <p className="lock-reason">
                {A.lockReason}: {l.reason}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
