import { asBalanceCurrency, type BalanceCurrency, DEFAULT_ASSET } from '../../../shared/constants';

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
  return (
    asBalanceCurrency(routeParam) ??
    asBalanceCurrency(search.get('asset')) ??
    asBalanceCurrency(lastSegment) ??
    DEFAULT_ASSET
  );
}
