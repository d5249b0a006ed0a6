import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG } from '../../../shared/messages';
import type { PayoutRow } from '../../../shared/schemas/payouts';
import { api } from '../../lib/api';
import { ADMIN_KEY, useAdminMutation } from './api';
import { ResultMessage, useResult } from './result-message';
import { Section } from './section';

const P = MSG.payouts;

const STATUS: Record<PayoutRow['payout_status'], string> = {
  processing: P.processing,
  recorded: P.recorded,
  confirmed: P.completed,
  mismatch: P.mismatch,
};

/**
 * Approved external withdrawals not yet paid out for sure: the batch for the signing system (CSV, JSON),
 * each payout's state (flagged when overdue or not matching the chain), and the TXID to record.
 */
export function PayoutsSection() {
  const list = useQuery({
    queryKey: [...ADMIN_KEY, 'payouts'],
    queryFn: () => api.get<{ items: PayoutRow[] }>('/admin/payouts?filter=open'),
  });
  const [txids, setTxids] = useState<Record<string, string>>({});
  const result = useResult();
  const record = useAdminMutation((v: { id: string; txid: string }) =>
    api.post(`/admin/withdrawals/${v.id}/payout`, { txid: v.txid }),
  );
  const items = list.data?.items ?? [];
  return (
    <Section
      title={P.title}
      actions={
        <>
          <a className="btn btn-secondary" href="/api/admin/payouts/batch.csv" download>
            {P.exportCsv}
          </a>{' '}
          <a className="btn btn-secondary" href="/api/admin/payouts/batch" target="_blank" rel="noreferrer">
            {P.exportJson}
          </a>
        </>
      }
    >
      <div data-testid="payouts">
        {list.isPending ? <p>{P.loading}</p> : items.length === 0 ? <p>{P.empty}</p> : null}
        <ul className="adm-list">
          {items.map((r) => (
            <li key={r.id} data-testid="payout-row">
              <div>
                <strong>{STATUS[r.payout_status]}</strong>
                {r.overdue ? <span className="adm-badge is-error"> {P.overdue}</span> : null} {r.amount}{' '}
                {r.currency} ({r.network}) → <code>{r.address}</code>
                {r.tag ? ` (tag ${r.tag})` : ''}
                {r.txid ? (
                  <>
                    {' '}
                    · <code>{r.txid}</code>
                  </>
                ) : null}
                {r.detail ? ` · ${r.detail}` : ''}
              </div>
              {r.payout_status === 'processing' ? (
                <form
                  className="adm-form"
                  onSubmit={(e) => {
                    e.preventDefault();
                    record.mutate(
                      { id: r.id, txid: (txids[r.id] ?? '').trim() },
                      {
                        onSuccess: () => result.set(P.recordedOk),
                        onError: (err) => result.fail(P.recordFailed, err),
                      },
                    );
                  }}
                >
                  <input
                    aria-label={P.txidLabel(r.id)}
                    value={txids[r.id] ?? ''}
                    onChange={(e) => setTxids((t) => ({ ...t, [r.id]: e.target.value }))}
                  />
                  <button type="submit" className="btn btn-primary" disabled={record.isPending}>
                    {P.record}
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
        <ResultMessage text={result.text} />
      </div>
    </Section>
  );
}
