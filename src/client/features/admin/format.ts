import { formatDecimal } from '../../../shared/format';

/** Administrators see exact amounts: every decimal kept (up to 8), ko-KR digit grouping. */
export const exact = (v: string) => formatDecimal(v, 0, 8);

const DATE_TIME = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** An ISO time in Korean time, e.g. "2025. 03. 04. 14:05". */
export const dateTime = (iso: string) => DATE_TIME.format(new Date(iso));
