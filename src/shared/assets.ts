import type { PriceCurrency, ViewCurrency } from './constants';
import { D, type Dec, ZERO } from './decimal';
import { floorKrw, krwValue } from './format';

/** What the KRW values of the home screen are computed from: USD prices and the USD→KRW rate. */
export interface PriceTable {
  usdKrw: Dec | string;
  usd: Record<PriceCurrency, Dec | string>;
}

/**
 * The KRW value of one balance, floored to whole won (SPEC §9). KRW is its own value (floored);
 * BTC is never held and has no price here, so it is always worth 0.
 */
export function assetKrwValue(currency: ViewCurrency, balance: Dec | string, prices: PriceTable): Dec {
  if (currency === 'KRW') return floorKrw(balance);
  if (currency === 'BTC') return ZERO;
  return krwValue(balance, prices.usd[currency], prices.usdKrw);
}

/** SPEC §9: total assets = KRW balance + the floored KRW values of the other assets. */
export function totalAssetsKrw(
  balances: Partial<Record<ViewCurrency, Dec | string>>,
  prices: PriceTable,
): Dec {
  let total: Dec = new D(0);
  for (const [currency, balance] of Object.entries(balances) as [ViewCurrency, Dec | string][]) {
    total = total.plus(assetKrwValue(currency, balance, prices));
  }
  return total;
}
