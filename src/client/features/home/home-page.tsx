import { lazy, Suspense } from 'react';
import { BALANCE_CURRENCIES } from '../../../shared/constants';
import { changeDirection, formatChangePercent, formatKrw, formatWon } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member';
import { PriceBadge } from '../../components/price-badge';
import { LoadingOverlay } from '../../components/spinner';
import { usePriceHistory } from '../../lib/use-market';
import { priceView, useBalances, usePrices } from '../../lib/use-wallet-queries';
import { type HomeView, homeView, percentText } from './home-rows';
import { TokenRow, TokenRowPlaceholder } from './token-row';
import './home.css';

/** The notices sit below the assets: their code loads after the first screen's (the /main budget). */
const NoticesSection = lazy(() => import('./notices-section').then((m) => ({ default: m.NoticesSection })));

const H = MSG.home;
const M = MSG.market;

/**
 * Home as a market view (Toss, Upbit): the total in won with its 24 h change, then each asset with its
 * balance and won value, its won and USD price, the 24 h change (red up, blue down) and a sparkline; the
 * notices come after the assets, so they never push them below the fold. Refreshed every 30 s.
 */
export function HomePage() {
  const balances = useBalances();
  const prices = usePrices();
  const history = usePriceHistory('1d');
  const view = priceView(prices.data);
  const home = balances.data ? homeView(balances.data.items, view, prices.data, history.data) : null;
  const loading = balances.isPending || prices.isPending;

  return (
    <section className="page home-page" aria-busy={loading}>
      <h1 className="sr-only">{H.title}</h1>
      {loading ? <LoadingOverlay /> : null}

      <div className="home-total">
        <div className="home-total-top">
          <h2 className="home-total-label">{M.totalValue}</h2>
          {/* An empty badge of the same size keeps the line's height until the prices answer. */}
          {prices.isPending ? (
            <span className="price-badge" aria-hidden="true">
              {'\u00a0'}
            </span>
          ) : (
            <PriceBadge source={view.source} />
          )}
        </div>
        <p className="home-total-value" data-testid="total-krw">
          {home ? (
            <>
              {formatKrw(home.total)}
              <span className="home-total-unit">{H.won}</span>
            </>
          ) : (
            '-'
          )}
        </p>
        <TotalChange home={home} />
        {prices.isError ? (
          <p className="home-warning" role="alert">
            {MSG.prices.loadFailed}
          </p>
        ) : null}
        {balances.isError ? (
          <div className="home-warning" role="alert">
            <span>{H.balanceLoadFailed}</span>
            <button type="button" className="btn-link" onClick={() => balances.refetch()}>
              {H.retry}
            </button>
          </div>
        ) : null}
        {home ? <Distribution home={home} /> : balances.isPending ? <DistributionPlaceholder /> : null}
      </div>

      <section className="home-section" aria-labelledby="tokens-title">
        <h2 id="tokens-title" className="section-title">
          {M.assetsTitle}
        </h2>
        <ul className="token-list">
          {home
            ? home.rows.map((row) => <TokenRow key={row.currency} row={row} />)
            : BALANCE_CURRENCIES.map((c) => <TokenRowPlaceholder key={c} currency={c} />)}
        </ul>
      </section>

      <Suspense fallback={null}>
        <NoticesSection />
      </Suspense>
    </section>
  );
}

/** The total's change over 24 h: "+12,345원 (+1.2%)", red up, blue down; a line kept free until known. */
function TotalChange({ home }: { home: HomeView | null }) {
  const c = home?.totalChange;
  if (!c) {
    return (
      <p className="home-total-change change-flat" data-testid="total-change">
        {M.today} {home ? M.noChange : '\u00a0'}
      </p>
    );
  }
  const dir = changeDirection(c.percent);
  const sign = c.won.isPositive() && !c.won.isZero() ? '+' : '';
  return (
    <p className={`home-total-change change-${dir}`} data-testid="total-change">
      {M.today} {sign}
      {formatWon(c.won)} ({formatChangePercent(c.percent)})
    </p>
  );
}

/**
 * While the balances load, the bar and the summary row keep their place (same elements, no figures): the
 * list below does not jump when they arrive.
 */
function DistributionPlaceholder() {
  return (
    <div aria-hidden="true">
      <div className="home-bar">
        <span className="home-bar-empty" />
      </div>
      <ul className="home-summary">
        {BALANCE_CURRENCIES.map((c) => (
          <li key={c} className="home-summary-item">
            <span className={`home-summary-dot token-${c}`} />
            <span className="home-summary-code">{c}</span>
            <span className="home-summary-share">-</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The coloured indicator bar and the per-asset summary row (share of the total per asset). */
function Distribution({ home }: { home: HomeView }) {
  const empty = home.total.isZero();
  return (
    <>
      <div
        className="home-bar"
        role="img"
        aria-label={`${H.distributionLabel}: ${home.rows.map((r) => `${r.currency} ${percentText(r.share)}`).join(', ')}`}
      >
        {empty ? <span className="home-bar-empty" /> : null}
        {home.rows
          .filter((r) => r.share > 0)
          .map((r) => (
            <span
              key={r.currency}
              className={`home-bar-part token-${r.currency}`}
              style={{ width: `${r.share}%` }}
            />
          ))}
      </div>
      <ul className="home-summary" aria-label={H.summaryLabel}>
        {home.rows.map((r) => (
          <li key={r.currency} className="home-summary-item" data-testid={`summary-${r.currency}`}>
            <span className={`home-summary-dot token-${r.currency}`} />
            <span className="home-summary-code">{r.currency}</span>
            <span className="home-summary-share">{percentText(r.share)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
