import { BALANCE_CURRENCIES, type BalanceCurrency, DEFAULT_ASSET } from '../../../shared/constants';

const asAsset = (v: string | null | undefined): BalanceCurrency | null => {
  const upper = v?.trim().toUpperCase();
  return upper && (BALANCE_CURRENCIES as readonly string[]).includes(upper)
    ? (upper as BalanceCurrency)
    : null;
};

/**
 * SPEC §2: the asset comes from the route parameter `asset`, else the query parameter `asset`, else
 * the last path segment; default KRW. A value that is not one of our assets is skipped.
 */
export function pickAsset(
  routeParam: string | undefined,
  search: URLSearchParams,
  pathname: string,
): BalanceCurrency {
  const lastSegment = pathname.split('/').filter(Boolean).at(-1);
  return asAsset(routeParam) ?? asAsset(search.get('asset')) ?? asAsset(lastSegment) ?? DEFAULT_ASSET;
}
