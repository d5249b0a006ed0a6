import '../../components/money-ui.css';
import { useState } from 'react';
import {
  PRICE_HISTORY_PERIODS,
  type PriceCurrency,
  type PriceHistoryPeriod,
} from '../../../shared/constants';
import { MSG } from '../../../shared/messages/member';
import { PriceChart } from '../../components/price-chart';
import { usePriceHistory } from '../../lib/use-market';

const M = MSG.market;

/** The price chart with its period tabs (1일 / 1주 / 1개월), from the server's price history. */
export function AssetChart({ symbol }: { symbol: PriceCurrency }) {
  const [period, setPeriod] = useState<PriceHistoryPeriod>('1d');
  const history = usePriceHistory(period, symbol);
  const series = history.data?.items.find((s) => s.symbol === symbol);
  return (
    <section className="asset-chart" aria-labelledby="chart-title">
      <div className="asset-chart-head">
        <h2 id="chart-title" className="section-title">
          {M.chartTitle}
        </h2>
        <fieldset className="segmented segmented-small">
          <legend className="sr-only">{M.periodLabel}</legend>
          {PRICE_HISTORY_PERIODS.map((p) => (
            <button key={p} type="button" aria-pressed={period === p} onClick={() => setPeriod(p)}>
              {M.periods[p]}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="asset-chart-box">
        {history.isPending ? null : (
          <PriceChart points={series?.points ?? []} period={period} name={MSG.prices.names[symbol]} />
        )}
      </div>
    </section>
  );
}
