import { Link } from 'react-router';
import { BALANCE_CURRENCIES, TOKEN_COLORS } from '../../../shared/constants';
import { formatKrw, formatPrice } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member';
import { PriceBadge } from '../../components/price-badge';
import { LoadingOverlay } from '../../components/spinner';
import { TokenIcon } from '../../components/token-icon';
import { priceView, useBalances, usePrices } from '../../lib/use-wallet-queries';
import { type HomeView, homeView, percentText } from './home-rows';
import { NoticesSection } from './notices-section';
import './home.css';

const H = MSG.home;

/** SPEC §2 Home: total in KRW, summary row, indicator bar, notices, token list; refreshed every 30 s. */
export function HomePage() {
  const balances = useBalances();
  const prices = usePrices();
  const view = priceView(prices.data);
  const home = balances.data ? homeView(balances.data.items, view) : null;
  const loading = balances.isPending || prices.isPending;

  return (
    <section className="page home-page" aria-busy={loading}>
      <h1 className="sr-only">{H.title}</h1>
      {loading ? <LoadingOverlay /> : null}

      <div className="home-total">
        <div className="home-total-top">
          <h2 className="home-total-label">{H.totalAssets}</h2>
          {prices.isPending ? null : <PriceBadge source={view.source} />}
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

      <NoticesSection />

      <section className="home-section" aria-labelledby="tokens-title">
        <h2 id="tokens-title" className="home-section-title">
          {H.tokensTitle}
        </h2>
        <ul className="token-list">
          {home?.rows.map((row) => (
            <li key={row.currency}>
              <Link
                to={`/assets?asset=${row.currency}`}
                className="token-row"
                data-testid={`token-${row.currency}`}
              >
                <TokenIcon currency={row.currency} />
                <span className="token-name">
                  <span className="token-label">{row.label}</span>
                  <span className="token-sub">
                    {row.usdPrice ?? `$1 = ${formatPrice(view.usdKrw)}${H.won}`}
                  </span>
                </span>
                <span className="token-amounts">
                  <span className="token-balance" data-testid={`balance-${row.currency}`}>
                    {row.balance}
                  </span>
                  <span className="token-sub" data-testid={`krw-${row.currency}`}>
                    {formatKrw(row.krwValue)}
                    {H.won}
                  </span>
                </span>
                <span className="token-chevron" aria-hidden="true">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

/**
 * While the balances load, the bar and the summary row keep their place (same elements, no figures): the
 * notices and the token list below do not jump when they arrive (Lighthouse's layout shift, issue 18).
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
            <span className="home-summary-dot" style={{ background: TOKEN_COLORS[c] }} />
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
              className="home-bar-part"
              style={{ width: `${r.share}%`, background: TOKEN_COLORS[r.currency] }}
            />
          ))}
      </div>
      <ul className="home-summary" aria-label={H.summaryLabel}>
        {home.rows.map((r) => (
          <li key={r.currency} className="home-summary-item" data-testid={`summary-${r.currency}`}>
            <span className="home-summary-dot" style={{ background: TOKEN_COLORS[r.currency] }} />
            <span className="home-summary-code">{r.currency}</span>
            <span className="home-summary-share">{percentText(r.share)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
