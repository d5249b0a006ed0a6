import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { assetKrwValue } from '../../../shared/assets';
import type { BalanceCurrency, PriceCurrency } from '../../../shared/constants';
import { MSG } from '../../../shared/messages/member';
import { LoadingOverlay } from '../../components/spinner';
import { TokenIcon } from '../../components/token-icon';
import { priceView, useBalances, usePrices, useWithdrawalRules } from '../../lib/use-wallet-queries';
import { LockList, Summary } from './asset-balance';
import { AssetChart } from './asset-chart';
import { pickAsset } from './pick-asset';
import { PriceHead } from './price-head';
import { WithdrawNow } from './withdraw-now';
import './assets.css';

const A = MSG.assetDetail;
const M = MSG.market;

/**
 * Each asset's own deposit page; null where the service takes no deposit of it (the button says so).
 * Each names its currency, so the deposit page never shows another currency's address.
 */
const DEPOSIT_PATHS: Partial<Record<BalanceCurrency, string>> = {
  KRW: '/assets/deposit-krw',
  USDT: '/assets/deposit?asset=USDT',
  ETH: '/assets/deposit/ETH',
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
