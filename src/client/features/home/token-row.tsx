import { Link } from 'react-router';
import type { BalanceCurrency } from '../../../shared/constants';
import { D, type Dec } from '../../../shared/decimal';
import {
  changeDirection,
  formatChangePercent,
  formatUsd,
  formatWon,
  formatWonPrice,
} from '../../../shared/format';
import { MSG } from '../../../shared/messages/member';
import { Sparkline } from '../../components/sparkline';
import { TokenIcon } from '../../components/token-icon';
import type { HomeView } from './home-rows';

const M = MSG.market;
const BLANK = '\u00a0';

/** A won change with its sign ("+12,340원", "-5,000원", "0원"). */
const signedWon = (v: Dec) => `${v.gt(0) ? '+' : ''}${formatWon(v)}`;

/**
 * One asset of the market view, as Korean exchanges list holdings: name, balance and unit price (won and
 * USD) on the left, the sparkline, then what the holding is worth in won, bold, with its 24 h change.
 */
export function TokenRow({ row }: { row: HomeView['rows'][number] }) {
  const pct = row.change ? formatChangePercent(row.change.percent) : null;
  const dir = row.change ? changeDirection(row.change.percent) : 'flat';
  const krw = row.currency === 'KRW';
  // The holding's move: the unit's won move times what is held, rounded toward zero to whole won.
  const held = row.change ? row.change.perUnit.times(row.amount).toDecimalPlaces(0, D.ROUND_DOWN) : null;
  return (
    <li>
      <Link to={`/assets/${row.currency}`} className="token-row" data-testid={`token-${row.currency}`}>
        <TokenIcon currency={row.currency} />
        <span className="token-name">
          <span className="token-label">{row.label}</span>
          {krw ? null : (
            <>
              <span className="token-sub token-balance" data-testid={`balance-${row.currency}`}>
                {row.balance}
              </span>
              <span className="token-sub token-unit">
                <span data-testid={`price-${row.currency}`}>{formatWonPrice(row.krwPrice ?? '0')}</span>
                {' · '}
                <span data-testid={`usd-${row.currency}`}>{formatUsd(row.usdPrice ?? '0')}</span>
              </span>
            </>
          )}
        </span>
        {krw ? (
          <span className="token-amounts">
            <span className="token-price" data-testid="krw-KRW">
              <span data-testid="balance-KRW">{row.balance}</span>
            </span>
          </span>
        ) : (
          <>
            <Sparkline
              values={row.spark}
              change={row.change ? row.change.percent.toFixed() : null}
              label={
                row.spark.length > 1
                  ? M.sparklineLabel(row.label, pct ?? M.noChange)
                  : M.sparklineEmpty(row.label)
              }
            />
            <span className="token-amounts">
              <span className="token-price" data-testid={`krw-${row.currency}`}>
                {formatWon(row.krwValue)}
              </span>
              <span className={`token-change change-${dir}`}>
                {held ? (
                  <>
                    <span data-testid={`change-won-${row.currency}`}>{signedWon(held)}</span>{' '}
                  </>
                ) : null}
                <span className={`change-${dir}`} data-testid={`change-${row.currency}`}>
                  {pct ?? '-'}
                </span>
              </span>
            </span>
          </>
        )}
      </Link>
    </li>
  );
}

/**
 * An asset's row while the balances load: the same lines with its name and no figures, so the list keeps
 * its height and the notices below it do not move when the figures arrive (Lighthouse's layout shift).
 */
export function TokenRowPlaceholder({ currency }: { currency: BalanceCurrency }) {
  const krw = currency === 'KRW';
  return (
    <li aria-hidden="true">
      <span className="token-row token-row-placeholder">
        <TokenIcon currency={currency} />
        <span className="token-name">
          <span className="token-label">{MSG.prices.names[currency]}</span>
          {krw ? null : (
            <>
              <span className="token-sub">{BLANK}</span>
              <span className="token-sub">{BLANK}</span>
            </>
          )}
        </span>
        {krw ? null : <Sparkline values={[]} change={null} label="" />}
        <span className="token-amounts">
          <span className="token-price">{BLANK}</span>
          {krw ? null : <span className="token-change">{BLANK}</span>}
        </span>
      </span>
    </li>
  );
}
