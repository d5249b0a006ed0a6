import type { PriceHistoryPeriod } from '../../shared/constants';
import { changeDirection, formatChangePercent, formatDateTime, formatWonPrice } from '../../shared/format';
import { MSG } from '../../shared/messages/member';
import { scaleValues } from './sparkline';

const M = MSG.market;
const W = 320;
const H = 140;

/**
 * The asset page's price chart: a hand-drawn SVG line over the period's recorded won prices (about a
 * hundred points; no chart library), coloured by the period's direction, with its high and low.
 */
export function PriceChart({
  points,
  period,
  name,
}: {
  points: { at: string; krw_price: string }[];
  period: PriceHistoryPeriod;
  name: string;
}) {
  if (points.length < 2) {
    return (
      <p className="chart-empty" data-testid="chart-empty">
        {M.chartEmpty}
      </p>
    );
  }
  const values = points.map((p) => Number(p.krw_price));
  const first = points[0]!;
  const last = points.at(-1)!;
  const changePct = ((values.at(-1)! - values[0]!) / values[0]!) * 100;
  const dir = changeDirection(changePct.toFixed(4));
  const ys = scaleValues(values, H, 6);
  const step = W / (values.length - 1);
  const line = ys.map((y, i) => `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)} ${y.toFixed(1)}`).join('');
  const hi = points.reduce((a, b) => (Number(b.krw_price) > Number(a.krw_price) ? b : a));
  const lo = points.reduce((a, b) => (Number(b.krw_price) < Number(a.krw_price) ? b : a));
  return (
    <figure className="price-chart" data-testid="price-chart" data-points={points.length}>
      <p className={`chart-change change-${dir}`}>
        {M.periods[period]} {formatChangePercent(changePct.toFixed(4))}
      </p>
      <svg
        className={`chart-svg change-${dir}`}
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${M.chartLabel(name, M.periods[period])}: ${formatDateTime(first.at, false)} ${formatWonPrice(first.krw_price)} → ${formatDateTime(last.at, false)} ${formatWonPrice(last.krw_price)}`}
      >
        <path className="chart-area" d={`${line}L${W} ${H}L0 ${H}Z`} />
        <path className="chart-line" d={line} vectorEffect="non-scaling-stroke" />
      </svg>
      <figcaption className="chart-range">
        <span>
          {M.chartHigh} <strong>{formatWonPrice(hi.krw_price)}</strong>
        </span>
        <span>
          {M.chartLow} <strong>{formatWonPrice(lo.krw_price)}</strong>
        </span>
      </figcaption>
    </figure>
  );
}
