import { assetKrwValue, totalAssetsKrw } from '../../../shared/assets';
import { BALANCE_CURRENCIES, type BalanceCurrency, type PriceCurrency } from '../../../shared/constants';
import { D, type Dec, ZERO } from '../../../shared/decimal';
import { formatAsset } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member';
import type { BalanceView } from '../../../shared/schemas/balances';
import type { PriceHistory } from '../../../shared/schemas/price-history';
import type { Prices } from '../../../shared/schemas/prices';
import { type Change24h, change24h } from '../../lib/use-market';
import type { PriceView } from '../../lib/use-wallet-queries';

/** One row of the market view: the balance and its won value, the unit prices, the 24 h movement. */
interface AssetRow {
  currency: BalanceCurrency;
  label: string;
  amount: string;
  balance: string;
  krwValue: Dec;
  /** Won and USD price of one unit; null for KRW. */
  krwPrice: string | null;
  usdPrice: string | null;
  change: Change24h | null;
  /** The 24 h won prices for the sparkline, oldest first. */
  spark: number[];
  /** Share of the total in percent, for the summary row and the indicator bar. */
  share: number;
}

export interface HomeView {
  total: Dec;
  /** The total's won change over 24 h (the crypto held, valued then and now); null without live prices. */
  totalChange: { won: Dec; percent: Dec } | null;
  rows: AssetRow[];
}

/** Home's numbers from the balances, the prices and their 24 h history (KRW values floored). */
export function homeView(
  balances: BalanceView[],
  prices: PriceView,
  raw: Prices | undefined,
  history: PriceHistory | undefined,
): HomeView {
  const byCurrency = new Map(balances.map((b) => [b.currency, b.total]));
  const amounts = Object.fromEntries(BALANCE_CURRENCIES.map((c) => [c, byCurrency.get(c) ?? '0'])) as Record<
    BalanceCurrency,
    string
  >;
  const total = totalAssetsKrw(amounts, prices);
  let won: Dec = ZERO;
  let anyChange = false;
  const rows = BALANCE_CURRENCIES.map((currency): AssetRow => {
    const amount = amounts[currency];
    const krwValue = assetKrwValue(currency, amount, prices);
    const crypto = currency === 'KRW' ? null : (currency as PriceCurrency);
    const series = crypto ? history?.items.find((s) => s.symbol === crypto) : undefined;
    const change = crypto ? change24h(series, raw, crypto) : null;
    if (change) {
      anyChange = true;
      won = won.plus(change.perUnit.times(amount));
    }
    const item = crypto ? raw?.items.find((i) => i.symbol === crypto) : undefined;
    return {
      currency,
      label: MSG.prices.names[currency],
      amount,
      balance: formatAsset(currency, amount),
      krwValue,
      krwPrice: crypto ? (item?.krw_price ?? new D(prices.usd[crypto]).times(prices.usdKrw).toFixed()) : null,
      usdPrice: crypto ? prices.usd[crypto] : null,
      change,
      spark: series?.points.map((p) => Number(p.krw_price)) ?? [],
      share: total.isZero() ? 0 : krwValue.div(total).times(100).toNumber(),
    };
  });
  const before = total.minus(won);
  const totalChange =
    anyChange && before.gt(0)
      ? { won: won.toDecimalPlaces(0, D.ROUND_FLOOR), percent: won.div(before).times(100) }
      : null;
  return { total, totalChange, rows };
}

export const percentText = (share: number) =>
  `${new D(share).toDecimalPlaces(share > 0 && share < 1 ? 1 : 0, D.ROUND_HALF_UP).toFixed()}%`;
