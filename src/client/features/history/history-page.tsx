import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  BALANCE_CURRENCIES,
  type BalanceCurrency,
  HISTORY_TYPES,
  type HistoryType,
} from '../../../shared/constants';
import { formatDayHeading, formatTime, kstDayKey } from '../../../shared/format';
import { CHAIN_MESSAGES } from '../../../shared/messages/chain';
import { MSG } from '../../../shared/messages/member';
import { requestStatusDisplay } from '../../../shared/request-status';
import type { HistoryItem } from '../../../shared/schemas/history';
import { PageHeading } from '../../components/back-button';
import { Spinner } from '../../components/spinner';
import { HistorySheet } from './history-sheet';
import { amountOf, memoOf } from './history-text';
import { useHistory } from './use-history';
import './history.css';

const H = MSG.history;
const T = MSG.timeline;
const FILTER_LABELS: Record<HistoryType, string> = {
  all: H.filterAll,
  deposit: H.filterDeposit,
  withdraw: H.filterWithdraw,
};

const asAsset = (param: string | null): BalanceCurrency | null => {
  const a = (param ?? '').toUpperCase();
  return (BALANCE_CURRENCIES as readonly string[]).includes(a) ? (a as BalanceCurrency) : null;
};
const asType = (param: string | null): HistoryType =>
  (HISTORY_TYPES as readonly string[]).includes(param ?? '') ? (param as HistoryType) : 'all';

/** The rows grouped by their Korean calendar day, newest first. */
function byDay(items: HistoryItem[]) {
  const days: { key: string; heading: string; items: HistoryItem[] }[] = [];
  for (const item of items) {
    const key = kstDayKey(item.created_at);
    const last = days.at(-1);
    if (last?.key === key) last.items.push(item);
    else days.push({ key, heading: formatDayHeading(item.created_at), items: [item] });
  }
  return days;
}

/**
 * The history as a timeline (Upbit, Toss): filters by asset and type that the title follows, rows grouped
 * by day, 입금 in red and 출금 in blue (Upbit's colours), a rejected row greyed as 반려; a row opens its
 * detail sheet. The filters live in the address (/assets/history?asset=XRP&type=withdraw).
 */
export function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const asset = asAsset(params.get('asset'));
  const type = asType(params.get('type'));
  const history = useHistory(type, asset);
  const items = history.data?.items ?? [];
  const [open, setOpen] = useState<HistoryItem | null>(null);

  const setFilter = (key: 'asset' | 'type', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null || value === 'all') next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  return (
    <section className="page history-page">
      <PageHeading
        title={T.title(asset)}
        backLabel={H.back}
        fallback={asset ? `/assets/${asset}` : '/main'}
      />
      <fieldset className="chip-row">
        <legend className="sr-only">{T.assetFilter}</legend>
        <button
          type="button"
          className="chip"
          aria-pressed={asset === null}
          onClick={() => setFilter('asset', null)}
        >
          {T.assetAll}
        </button>
        {BALANCE_CURRENCIES.map((c) => (
          <button
            key={c}
            type="button"
            className="chip"
            aria-pressed={asset === c}
            onClick={() => setFilter('asset', c)}
          >
            {c}
          </button>
        ))}
      </fieldset>
      <fieldset className="segmented">
        <legend className="sr-only">{H.filterLabel}</legend>
        {HISTORY_TYPES.map((t) => (
          <button key={t} type="button" aria-pressed={type === t} onClick={() => setFilter('type', t)}>
            {FILTER_LABELS[t]}
          </button>
        ))}
      </fieldset>
      {history.isPending ? (
        <Spinner />
      ) : items.length === 0 ? (
        <div className="history-empty">
          <p>{T.empty}</p>
          <Link className="btn btn-secondary" to={asset ? `/assets/${asset}` : '/main'}>
            {T.emptyAction}
          </Link>
        </div>
      ) : (
        <>
          {byDay(items).map((day) => (
            <section key={day.key} className="history-day" aria-label={day.heading}>
              <h2 className="history-day-title">{day.heading}</h2>
              <ul className="history-list">
                {day.items.map((item) => (
                  <li key={`${item.source}:${item.id}`}>
                    <HistoryRow item={item} onOpen={() => setOpen(item)} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <p className="muted history-note">{H.limitNote}</p>
        </>
      )}
      {open ? <HistorySheet item={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

function HistoryRow({ item, onOpen }: { item: HistoryItem; onOpen: () => void }) {
  const status = requestStatusDisplay(item.status);
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
          <span className={`status-badge status-${status.tone}`}>{status.label}</span>
        )}
      </span>
    </button>
  );
}
