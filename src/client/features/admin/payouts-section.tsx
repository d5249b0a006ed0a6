import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG } from '../../../shared/messages';
import { NETWORK_LABELS, type NetworkCode } from '../../../shared/networks';
import type { PayoutRow } from '../../../shared/schemas/payouts';
import { api } from '../../lib/api';
import { ADMIN_KEY, useAdminMutation } from './api';
import { BusyButton } from './kit';
import { ResultMessage, useResult } from './result-message';
import { Section } from './section';

const P = MSG.payouts;

const STATUS: Record<PayoutRow['payout_status'], string> = {
  processing: P.processing,
  recorded: P.recorded,
  confirmed: P.completed,
  mismatch: P.returned,
};

/**
 * A payout's TXID form: recording one (출금 처리 중, or back in the batch after the checker found the last
 * one wrong), or proposing a correction of the one being checked, with its reason.
 */
function TxidForm({
  id,
  correcting,
  busy,
  onSend,
}: {
  id: string;
  correcting: boolean;
  busy: boolean;
  onSend: (v: { txid: string; reason: string }, sent: () => void) => void;
}) {
  const [txid, setTxid] = useState('');
  const [reason, setReason] = useState('');
  return (
    <form
      className="adm-payout-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSend({ txid: txid.trim(), reason: reason.trim() }, () => {
          setTxid('');
          setReason('');
        });
      }}
    >
      <label className="adm-txid-field">
        <span>{correcting ? P.correctTxidLabel(id) : P.txidLabel(id)}</span>
        <input
          className="adm-input"
          value={txid}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setTxid(e.target.value)}
        />
      </label>
      {correcting ? (
        <label className="adm-txid-field">
          <span>{P.correctReasonLabel(id)}</span>
          <input
            className="adm-input"
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
      ) : null}
      <BusyButton
        busy={busy}
        label={correcting ? P.correct : P.record}
        className={correcting ? 'btn btn-secondary' : 'btn btn-primary'}
      />
    </form>
  );
}

/**
 * Approved external withdrawals not yet paid out for sure: the batch for the signing system (CSV),
 * each payout's state (flagged when overdue; a TXID the checker found wrong with its verdict, back in the
 * batch), the TXID to record, and a correction of a TXID still being checked (a second administrator
 * confirms it, decision 0392).
 */
export function PayoutsSection() {
  const list = useQuery({
    queryKey: [...ADMIN_KEY, 'payouts'],
    queryFn: () => api.get<{ items: PayoutRow[] }>('/admin/payouts?filter=open'),
  });
  const result = useResult();
  const send = useAdminMutation((v: { id: string; txid: string; reason: string; correcting: boolean }) =>
    v.correcting
      ? api.post(`/admin/withdrawals/${v.id}/payout/correction`, { txid: v.txid, reason: v.reason })
      : api.post(`/admin/withdrawals/${v.id}/payout`, { txid: v.txid }),
  );
  const items = list.data?.items ?? [];
  return (
    <Section
      title={P.title}
      actions={
        <a className="btn btn-secondary" href="/api/admin/payouts/batch.csv" download>
          {P.exportCsv}
        </a>
      }
    >
      <div data-testid="payouts">
        {list.isPending ? <p>{P.loading}</p> : items.length === 0 ? <p>{P.empty}</p> : null}
        <ul className="adm-list">
          {items.map((r) => (
            <li key={r.id} data-testid="payout-row" data-withdrawal-id={r.id}>
              <div>
                <strong className={r.payout_status === 'mismatch' ? 'adm-warn' : undefined}>
                  {STATUS[r.payout_status]}
                </strong>
                {r.overdue ? <span className="adm-badge is-bad"> {P.overdue}</span> : null}
                {r.correction_pending ? (
                  <span className="adm-badge is-wait"> {P.correctionWaiting}</span>
                ) : null}{' '}
                {r.amount} {r.currency} · {NETWORK_LABELS[r.network as NetworkCode] ?? r.network} →{' '}
                <code>{r.address}</code>
                {r.tag ? ` · ${MSG.deskQueue.tagLine(r.tag)}` : ''}
                {r.txid ? (
                  <>
                    {' '}
                    · <code>{r.txid}</code>
                  </>
                ) : null}
                {r.detail ? ` · ${r.detail}` : ''}
              </div>
              {r.payout_status === 'mismatch' ? <p className="adm-muted">{P.returnedHint}</p> : null}
              {r.payout_status !== 'confirmed' &&
              !(r.payout_status === 'recorded' && r.correction_pending) ? (
                <TxidForm
                  id={r.id}
                  correcting={r.payout_status === 'recorded'}
                  busy={send.isPending}
                  onSend={(v, sent) => {
                    const correcting = r.payout_status === 'recorded';
                    send.mutate(
                      { id: r.id, ...v, correcting },
                      {
                        onSuccess: () => {
                          sent();
                          result.set(correcting ? P.correctProposed : P.recordedOk);
                        },
                        onError: (err) => result.fail(correcting ? P.correctFailed : P.recordFailed, err),
                      },
                    );
                  }}
                />
              ) : null}
            </li>
          ))}
        </ul>
        <ResultMessage text={result.text} />
      </div>
    </Section>
  );
}
