import type { PriceCurrency } from '../../../shared/constants';
import { changeDirection, formatChangePercent, formatUsd, formatWonPrice } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member';
import { PriceBadge } from '../../components/price-badge';
import { change24h, usePriceHistory } from '../../lib/use-market';
import { priceView, usePrices } from '../../lib/use-wallet-queries';

const M = MSG.market;

/**
 * The won price of one unit, its USD price with the live/sample badge, and the 24 h change (red up, blue
 * down). Until the prices answer, its lines stand empty, so the chart below does not move.
 */
export function PriceHead({ symbol }: { symbol: PriceCurrency }) {
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
