import { formatDecimal } from '../../../shared/format';

/** Administrators see exact amounts: every decimal kept (up to 8), ko-KR digit grouping. */
export const exact = (v: string) => formatDecimal(v, 0, 8);
