import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { assetKrwValue } from '../../../shared/assets';
import type { BalanceCurrency, PriceCurrency } from '../../../shared/constants';
import {
  changeDirection,
  formatAsset,
  formatChangePercent,
  formatDate,
  formatUsd,
  formatWon,
  formatWonPrice,
} from '../../../shared/format';
import { MSG } from '../../../shared/messages/member';
import type { BalanceView, LockView } from '../../../shared/schemas/balances';
import { PriceBadge } from '../../components/price-badge';
import { LoadingOverlay } from '../../components/spinner';
import { TokenIcon } from '../../components/token-icon';
import { change24h, usePriceHistory } from '../../lib/use-market';
import { priceView, useBalances, usePrices, useWithdrawalRules } from '../../lib/use-wallet-queries';
import { AssetChart } from './asset-chart';
import { pickAsset } from './pick-asset';
import { WithdrawNow } from './withdraw-now';
import './assets.css';

const A = MSG.assetDetail;
const M = MSG.market;

/** The one display rule of each asset (src/shared/format.ts). */
export const amountText = (currency: BalanceCurrency, amount: string) => formatAsset(currency, amount);

/** 2026-03-01 → 2026. 3. 1. (a calendar date, Korean time, without any time-zone shift). */
export function dateText(ymd: string | null) {
  if (!ymd) return A.none;
  return formatDate(`${ymd}T00:00:00+09:00`);
}

/**
 * Each asset's own deposit page; null where the service takes no deposit of it (the button says so).
 * USDT and XRP name themselves, so the deposit page never shows another currency's address.
 */
const DEPOSIT_PATHS: Partial<Record<BalanceCurrency, string>> = {
  KRW: '/assets/deposit-krw',
  USDT: '/assets/deposit?asset=USDT',
  XRP: '/assets/deposit/XRP',
};
export const depositPath = (asset: BalanceCurrency): string | null => DEPOSIT_PATHS[asset] ?? null;

/** Each asset's withdrawal: won to the member's bank account, crypto by its own currency. */
export const withdrawPath = (asset: BalanceCurrency) =>
  asset === 'KRW' ? '/assets/withdraw-krw' : `/assets/withdraw?asset=${asset}`;

/**
 * The asset page (Upbit, Toss): price and 24 h change, a price chart (1일 / 1주 / 1개월), the balance as
 * total = locked + pending withdrawals + available (each hold named with its reason), and 입금 / 출금 fixed
 * at the bottom.
 */
export function AssetPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const asset = pickAsset(params.asset, search, location.pathname);
  const balances = useBalances();
  const prices = usePrices();
  // The withdrawal note reads the rules; asked here too (one request, shared) so the page knows when it
  // is complete.
  const rules = useWithdrawalRules();
  const view = priceView(prices.data);
  const b = balances.data?.items.find((x) => x.currency === asset);
  // The cards appear together once the three reads have answered (or failed): nothing on screen is
  // pushed down when a later answer arrives.
  const settled = !balances.isPending && !prices.isPending && !rules.isPending;

  const back = () => {
    // One page back; opened directly (no history inside the app) it goes home instead.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/main');
  };
  const deposit = depositPath(asset);

  return (
    <section className="page asset-page" aria-busy={balances.isPending}>
      {balances.isPending ? <LoadingOverlay /> : null}
      <div className="asset-top">
        <button type="button" className="btn-link asset-back" onClick={back} aria-label={A.backLabel}>
          <span aria-hidden="true">‹</span> {A.back}
        </button>
        <Link className="btn-link asset-history-link" to={`/assets/history?asset=${asset}`}>
          {A.history} ›
        </Link>
      </div>
      <h1 className="page-title asset-title">
        <TokenIcon currency={asset} size={32} />
        <span>
          {MSG.prices.names[asset]} <span className="muted">({asset})</span>
        </span>
      </h1>
      {asset !== 'KRW' ? <PriceHead symbol={asset as PriceCurrency} /> : null}

      {balances.isError ? (
        <div className="form-error" role="alert">
          {MSG.home.balanceLoadFailed}{' '}
          <button type="button" className="btn-link" onClick={() => balances.refetch()}>
            {MSG.home.retry}
          </button>
        </div>
      ) : null}

      {asset !== 'KRW' ? <AssetChart symbol={asset as PriceCurrency} /> : null}

      {settled && b ? (
        <>
          <Summary asset={asset} b={b} krw={assetKrwValue(asset, b.total, view).toFixed()} />
          <WithdrawNow asset={asset} b={b} />
          <LockList asset={asset} locks={b.locks} />
        </>
      ) : null}

      <nav className="asset-cta" aria-label={A.title}>
        {deposit ? (
          <Link className="btn btn-deposit" to={deposit} data-testid="asset-deposit">
            {A.deposit}
          </Link>
        ) : (
          <button type="button" className="btn btn-deposit" disabled data-testid="asset-deposit">
            {M.noDeposit}
          </button>
        )}
        <Link className="btn btn-withdraw" to={withdrawPath(asset)} data-testid="asset-withdraw">
          {A.withdraw}
        </Link>
      </nav>
    </section>
  );
}

/**
 * The won price of one unit, its USD price with the live/sample badge, and the 24 h change (red up, blue
 * down). Until the prices answer, its lines stand empty, so the chart below does not move.
 */
function PriceHead({ symbol }: { symbol: PriceCurrency }) {
  const prices = usePrices();
  const history = usePriceHistory('1d', symbol);
  const item = prices.data?.items.find((i) => i.symbol === symbol);
  const change = change24h(
    history.data?.items.find((s) => s.symbol === symbol),
    prices.data,
    symbol,
  );
  if (!item) {
    return (
      <p className="asset-price" aria-hidden="true">
        <span className="asset-price-line">
          <span className="asset-price-krw">{'\u00a0'}</span>
        </span>
        <span className="asset-price-usd">
          <span className="price-badge">{'\u00a0'}</span>
        </span>
      </p>
    );
  }
  const dir = change ? changeDirection(change.percent) : 'flat';
  const sign = change?.perUnit.gt(0) ? '+' : '';
  return (
    <p className="asset-price" data-testid="asset-price">
      <span className="asset-price-line">
        <span className="asset-price-krw">{formatWonPrice(item.krw_price)}</span>
        <span className={`asset-price-change change-${dir}`} data-testid="asset-change">
          {change
            ? `${formatChangePercent(change.percent)} (${sign}${formatWonPrice(change.perUnit)})`
            : M.noChange}
        </span>
      </span>
      <span className="asset-price-usd">
        <span className="muted">{formatUsd(item.price)}</span>
        <PriceBadge source={priceView(prices.data).source} />
      </span>
    </p>
  );
}

/**
 * total = 잠금 + 출금 대기 + 사용 가능: the three parts add up to the total, each hold with its reason
 * (a lock's own reason, a pending withdrawal's request).
 */
function Summary({ asset, b, krw }: { asset: BalanceCurrency; b: BalanceView; krw: string }) {
  const activeReasons = b.locks.filter((l) => l.active).map((l) => l.reason ?? M.lockReasonNone);
  const rows: [string, string, string, string | null][] = [
    [
      A.locked,
      amountText(asset, b.locked),
      'locked',
      b.locked !== '0' ? [...new Set(activeReasons)].join(', ') : null,
    ],
    [A.held, amountText(asset, b.held), 'held', b.held !== '0' ? M.holdReason : null],
    [A.available, amountText(asset, b.available), 'available', null],
  ];
  return (
    <div className="asset-card">
      <p className="asset-card-label">{M.balanceTitle}</p>
      <p className="asset-card-total" data-testid="asset-total">
        {amountText(asset, b.total)}
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
          <div>
            <dt>{A.latestLockEnd}</dt>
            <dd data-testid="asset-latest-lock-end">{dateText(b.latest_lock_end_date)}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}

function LockList({ asset, locks }: { asset: BalanceCurrency; locks: LockView[] }) {
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
              <span className="lock-amount">{amountText(asset, l.amount)}</span>
              <span className={`status-badge ${l.active ? 'status-danger' : 'status-muted'}`}>
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
    </section>
  );
}
