import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { assetKrwValue } from '../../../shared/assets';
import { type BalanceCurrency, DISPLAY_DECIMALS } from '../../../shared/constants';
import { formatCrypto, formatKrw } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member';
import type { BalanceView, LockView } from '../../../shared/schemas/balances';
import { PriceBadge } from '../../components/price-badge';
import { LoadingOverlay } from '../../components/spinner';
import { TokenIcon } from '../../components/token-icon';
import { priceView, useBalances, usePrices, useWithdrawalRules } from '../../lib/use-wallet-queries';
import { pickAsset } from './pick-asset';
import { WithdrawNow } from './withdraw-now';
import './assets.css';

const A = MSG.assetDetail;

/** SPEC §9 on the asset page: KRW floored to whole won, ETH/XRP 4 decimals, USDT 2. */
export function amountText(currency: BalanceCurrency, amount: string) {
  return currency === 'KRW'
    ? `${formatKrw(amount)}${MSG.home.won}`
    : `${formatCrypto(amount, DISPLAY_DECIMALS.asset[currency])} ${currency}`;
}

/** 2026-03-01 → 2026. 3. 1. (the ko-KR calendar date, without any time-zone shift). */
export function dateText(ymd: string | null) {
  if (!ymd) return A.none;
  const [y, m, d] = ymd.split('-').map(Number);
  return `${y}. ${m}. ${d}.`;
}

export const depositPath = (asset: BalanceCurrency) =>
  asset === 'KRW' ? '/assets/deposit-krw' : '/assets/deposit';

/** SPEC §2 Asset detail: total, locked, available, latest lock end date, locks, and the four buttons. */
export function AssetPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const asset = pickAsset(params.asset, search, location.pathname);
  const balances = useBalances();
  const prices = usePrices();
  // The withdrawal card reads the rules; asked here too (one request, shared) so the page knows when it is
  // complete.
  const rules = useWithdrawalRules();
  const view = priceView(prices.data);
  const b = balances.data?.items.find((x) => x.currency === asset);
  // The cards, the buttons and the locks appear together once the three reads have answered (or failed):
  // nothing already on screen is pushed down when a later answer arrives (layout shift, issue 18).
  const settled = !balances.isPending && !prices.isPending && !rules.isPending;

  const back = () => {
    // One page back; opened directly (no history inside the app) it goes home instead.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/main');
  };

  return (
    <section className="page asset-page" aria-busy={balances.isPending}>
      {balances.isPending ? <LoadingOverlay /> : null}
      <div className="asset-top">
        <button type="button" className="btn-link asset-back" onClick={back} aria-label={A.backLabel}>
          <span aria-hidden="true">‹</span> {A.back}
        </button>
      </div>
      <h1 className="page-title asset-title">
        <TokenIcon currency={asset} size={32} />
        <span>
          {MSG.prices.names[asset]} <span className="muted">({asset})</span>
        </span>
      </h1>

      {balances.isError ? (
        <div className="form-error" role="alert">
          {MSG.home.balanceLoadFailed}{' '}
          <button type="button" className="btn-link" onClick={() => balances.refetch()}>
            {MSG.home.retry}
          </button>
        </div>
      ) : null}

      {settled ? (
        <AssetBody
          asset={asset}
          b={b}
          krw={b ? assetKrwValue(asset, b.total, view).toFixed() : '0'}
          source={view.source}
        />
      ) : null}
    </section>
  );
}

function AssetBody({
  asset,
  b,
  krw,
  source,
}: {
  asset: BalanceCurrency;
  b: BalanceView | undefined;
  krw: string;
  source: ReturnType<typeof priceView>['source'];
}) {
  return (
    <>
      {b ? <Summary asset={asset} b={b} krw={krw} /> : null}
      {b ? <WithdrawNow asset={asset} b={b} text={amountText} /> : null}
      {b && asset !== 'KRW' ? (
        <p className="asset-badge">
          <PriceBadge source={source} />
        </p>
      ) : null}

      <nav className="asset-actions" aria-label={A.title}>
        <Link className="btn btn-primary" to={depositPath(asset)}>
          {A.deposit}
        </Link>
        <Link className="btn btn-secondary" to="/assets/withdraw">
          {A.withdraw}
        </Link>
        <Link className="btn btn-secondary" to={`/assets/history?asset=${asset}`}>
          {A.history}
        </Link>
      </nav>

      {b ? <LockList asset={asset} locks={b.locks} /> : null}
    </>
  );
}

function Summary({ asset, b, krw }: { asset: BalanceCurrency; b: BalanceView; krw: string }) {
  const rows: [string, string, string][] = [
    [A.locked, amountText(asset, b.locked), 'locked'],
    ...(b.held !== '0' ? [[A.held, amountText(asset, b.held), 'held'] as [string, string, string]] : []),
    [A.available, amountText(asset, b.available), 'available'],
    [A.latestLockEnd, dateText(b.latest_lock_end_date), 'latest-lock-end'],
  ];
  return (
    <div className="asset-card">
      <p className="asset-card-label">{A.total}</p>
      <p className="asset-card-total" data-testid="asset-total">
        {amountText(asset, b.total)}
      </p>
      {asset !== 'KRW' ? (
        <p className="asset-card-krw" data-testid="asset-krw">
          ≈ {formatKrw(krw)}
          {MSG.home.won}
        </p>
      ) : null}
      <dl className="asset-rows">
        {rows.map(([label, value, key]) => (
          <div key={key} className="asset-row">
            <dt>{label}</dt>
            <dd data-testid={`asset-${key}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function LockList({ asset, locks }: { asset: BalanceCurrency; locks: LockView[] }) {
  return (
    <section className="asset-locks" aria-labelledby="locks-title">
      <h2 id="locks-title" className="home-section-title">
        {A.locksTitle}
      </h2>
      {locks.length === 0 ? (
        <p className="muted asset-locks-empty">{A.noLocks}</p>
      ) : (
        <ul className="lock-list">
          {locks.map((l) => (
            <li key={l.id} className={`lock-item${l.active ? '' : ' lock-item-expired'}`}>
              <div className="lock-head">
                <span className="lock-amount">{amountText(asset, l.amount)}</span>
                <span className={`lock-status ${l.active ? 'lock-status-active' : 'lock-status-expired'}`}>
                  {l.active ? A.lockActive : A.lockExpired}
                </span>
              </div>
              <dl className="lock-dates">
                <div>
                  <dt>{A.lockStart}</dt>
                  <dd>{dateText(l.start_date)}</dd>
                </div>
                <div>
                  <dt>{A.lockEnd}</dt>
                  <dd>{l.end_date ? dateText(l.end_date) : A.openEnded}</dd>
                </div>
              </dl>
              {l.reason ? (
                <p className="lock-reason">
                  {A.lockReason}: {l.reason}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
