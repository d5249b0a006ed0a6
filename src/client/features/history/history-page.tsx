import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BALANCE_CURRENCIES, HISTORY_TYPES, type HistoryType } from '../../../shared/constants';
import { formatExact } from '../../../shared/fees';
import { formatKrw } from '../../../shared/format';
import { CHAIN_MESSAGES } from '../../../shared/messages/chain';
import { MSG } from '../../../shared/messages/member';
import { requestStatusDisplay } from '../../../shared/request-status';
import type { HistoryItem } from '../../../shared/schemas/history';
import { PageHeading } from '../../components/back-button';
import { Spinner } from '../../components/spinner';
import { useHistory } from './use-history';
import './history.css';

const H = MSG.history;
const FILTER_LABELS: Record<HistoryType, string> = {
  all: H.filterAll,
  deposit: H.filterDeposit,
  withdraw: H.filterWithdraw,
};
const DATE = new Intl.DateTimeFormat('ko-KR', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Seoul',
});

/** SPEC: the asset query parameter (default KRW) is used only in the title. */
function titleAsset(param: string | null) {
  const a = (param ?? '').toUpperCase();
  return (BALANCE_CURRENCIES as readonly string[]).includes(a) ? a : 'KRW';
}

function memoOf(item: HistoryItem) {
  if (item.memo) return item.memo;
  if (item.source === 'transfer_in' && item.counterparty) return H.transferFrom(item.counterparty);
  if (item.source === 'withdrawal' && item.counterparty) return H.transferTo(item.counterparty);
  if (item.source === 'adjustment') return H.adjustment;
  return H.noMemo;
}

const amountOf = (item: HistoryItem) =>
  `${item.type === 'deposit' ? '+' : '-'}${item.currency === 'KRW' ? formatKrw(item.amount) : formatExact(item.amount)} ${item.currency}`;

export function HistoryPage() {
  const [params] = useSearchParams();
  const asset = titleAsset(params.get('asset'));
  const [type, setType] = useState<HistoryType>('all');
  const history = useHistory(type);
  const items = history.data?.items ?? [];

  return (
    <section className="page">
      <PageHeading title={H.title(asset)} backLabel={H.back} fallback={`/assets?asset=${asset}`} />
      <p className="muted history-note">{H.limitNote}</p>
      <fieldset className="segmented">
        <legend className="sr-only">{H.filterLabel}</legend>
        {HISTORY_TYPES.map((t) => (
          <button key={t} type="button" aria-pressed={type === t} onClick={() => setType(t)}>
            {FILTER_LABELS[t]}
          </button>
        ))}
      </fieldset>
      {history.isPending ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p className="history-empty">{H.empty}</p>
      ) : (
        <ul className="history-list">
          {items.map((item) => {
            const status = requestStatusDisplay(item.status);
            return (
              <li key={`${item.source}:${item.id}`} className="history-row">
                <div className="history-main">
                  <span className={`history-type history-${item.type}`}>
                    {item.type === 'deposit' ? H.typeDeposit : H.typeWithdraw}
                  </span>
                  <time dateTime={item.created_at} className="history-date">
                    {DATE.format(new Date(item.created_at))}
                  </time>
                </div>
                <div className="history-detail">
                  <span className={`history-amount history-${item.type}`}>{amountOf(item)}</span>
                  <span className="history-memo">{memoOf(item)}</span>
                </div>
                {item.chain ? (
                  <span className="status-badge status-warning history-chain">
                    {CHAIN_MESSAGES.chain.memberWaiting(item.chain.confirmations, item.chain.required)}
                  </span>
                ) : (
                  <span className={`status-badge status-${status.tone}`}>{status.label}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
