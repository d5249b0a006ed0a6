import { assetKrwValue, totalAssetsKrw } from '../../../shared/assets';
import { BALANCE_CURRENCIES, type BalanceCurrency, DISPLAY_DECIMALS } from '../../../shared/constants';
import { D, type Dec } from '../../../shared/decimal';
import { formatCrypto, formatKrw, formatPrice } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member';
import type { BalanceView } from '../../../shared/schemas/balances';
import type { PriceView } from '../../lib/use-wallet-queries';

/** SPEC §3's asset row: name, label, balance string, KRW value, current price. */
interface AssetRow {
  currency: BalanceCurrency;
  label: string;
  balance: string;
  krwValue: Dec;
  /** USD price text (ko-KR, at most 2 decimals); null for KRW. */
  usdPrice: string | null;
  /** Share of the total in percent, for the summary row and the indicator bar. */
  share: number;
}

export interface HomeView {
  total: Dec;
  rows: AssetRow[];
}

/** Home's numbers from the balances and the prices, with SPEC §9's rounding (KRW floored). */
export function homeView(balances: BalanceView[], prices: PriceView): HomeView {
  const byCurrency = new Map(balances.map((b) => [b.currency, b.total]));
  const amounts = Object.fromEntries(BALANCE_CURRENCIES.map((c) => [c, byCurrency.get(c) ?? '0'])) as Record<
    BalanceCurrency,
    string
  >;
  const total = totalAssetsKrw(amounts, prices);
  const rows = BALANCE_CURRENCIES.map((currency): AssetRow => {
    const amount = amounts[currency];
    const krwValue = assetKrwValue(currency, amount, prices);
    return {
      currency,
      label: MSG.prices.names[currency],
      balance:
        currency === 'KRW'
          ? `${formatKrw(amount)}${MSG.home.won}`
          : `${formatCrypto(amount, DISPLAY_DECIMALS.home[currency])} ${currency}`,
      krwValue,
      usdPrice: currency === 'KRW' ? null : `$${formatPrice(prices.usd[currency])}`,
      share: total.isZero() ? 0 : krwValue.div(total).times(100).toNumber(),
    };
  });
  return { total, rows };
}

export const percentText = (share: number) =>
  `${new D(share).toDecimalPlaces(share > 0 && share < 1 ? 1 : 0, D.ROUND_HALF_UP).toFixed()}%`;
