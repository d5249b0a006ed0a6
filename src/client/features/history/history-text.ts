import { formatAsset } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member';
import type { HistoryItem } from '../../../shared/schemas/history';

const H = MSG.history;

export function memoOf(item: HistoryItem) {
  if (item.memo) return item.memo;
  if (item.source === 'transfer_in' && item.counterparty) return H.transferFrom(item.counterparty);
  if (item.source === 'withdrawal' && item.counterparty) return H.transferTo(item.counterparty);
  if (item.source === 'adjustment') return H.adjustment;
  return null;
}

/** "+100,000원" / "-0.5 ETH"; a rejected request moved nothing, so it has no sign. */
export const amountOf = (item: HistoryItem) =>
  `${item.status === 'rejected' ? '' : item.type === 'deposit' ? '+' : '-'}${formatAsset(item.currency, item.amount)}`;
