import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  asBalanceCurrency,
  BALANCE_CURRENCIES,
  HISTORY_TYPES,
  type HistoryType,
  oneOf,
} from '../../../shared/constants';
import { formatDayHeading, kstDayKey } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member';
import type { HistoryItem } from '../../../shared/schemas/history';
import { PageHeading } from '../../components/back-button';
import { Spinner } from '../../components/spinner';
import { HistoryRow } from './history-row';
import { HistorySheet } from './history-sheet';
import { useHistory } from './use-history';
import './history.css';

const H = MSG.history;
const T = MSG.timeline;
const FILTER_LABELS: Record<HistoryType, string> = {
  all: H.filterAll,
  deposit: H.filterDeposit,
  withdraw: H.filterWithdraw,
};

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
  const asset = asBalanceCurrency(params.get('asset'));
  const type = oneOf(HISTORY_TYPES, params.get('type')) ?? 'all';
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
