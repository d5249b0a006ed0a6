import { formatTime } from '../../../shared/format';
import { CHAIN_MESSAGES } from '../../../shared/messages/chain';
import { MSG } from '../../../shared/messages/member';
import { requestStatusDisplay } from '../../../shared/request-status';
import type { HistoryItem } from '../../../shared/schemas/history';
import { amountOf, memoOf } from './history-text';

const H = MSG.history;

/**
 * One row of the timeline: type and asset, time and memo, the amount and the status (or the chain's wait:
 * a deposit reads "입금 확인 중 (n/m)" until it is credited, then "입금 완료").
 */
export function HistoryRow({ item, onOpen }: { item: HistoryItem; onOpen: () => void }) {
  const status = requestStatusDisplay(item.status);
  const label = item.type === 'deposit' && item.status === 'approved' ? H.depositDone : status.label;
  const rejected = item.status === 'rejected';
  const memo = memoOf(item);
  return (
    <button
      type="button"
      className={`history-row${rejected ? ' history-rejected' : ''}`}
      onClick={onOpen}
      data-testid="history-row"
    >
      <span className="history-main">
        <span className={`history-type history-${item.type}`}>
          {item.type === 'deposit' ? H.typeDeposit : H.typeWithdraw}
          {item.currency === 'KRW' ? '' : ` · ${item.currency}`}
        </span>
        <span className="history-sub">
          <time dateTime={item.created_at}>{formatTime(item.created_at)}</time>
          {memo ? ` · ${memo}` : ''}
        </span>
      </span>
      <span className="history-side">
        <span className={`history-amount history-${rejected ? 'void' : item.type}`}>{amountOf(item)}</span>
        {item.chain ? (
          <span className="status-badge status-warning history-chain">
            {CHAIN_MESSAGES.chain.memberWaiting(item.chain.confirmations, item.chain.required)}
          </span>
        ) : (
          <span className={`status-badge status-${status.tone}`}>{label}</span>
        )}
      </span>
    </button>
  );
}
