import { DEFAULT_EXPLORER_URLS, explorerTxUrl } from '../../../shared/explorers';
import { formatAsset, formatDateTime, formatTxidRef } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member';
import { NETWORK_CODES, type NetworkCode, networkLabelFor } from '../../../shared/networks';
import { requestStatusDisplay } from '../../../shared/request-status';
import type { HistoryItem } from '../../../shared/schemas/history';
import { BottomSheet } from '../../components/bottom-sheet';
import { amountOf, memoOf } from './history-text';

const H = MSG.history;
const T = MSG.timeline;

const isNetwork = (n: string | null): n is NetworkCode =>
  n !== null && (NETWORK_CODES as readonly string[]).includes(n);

/**
 * A row's facts: status, amount (a rejected request: the amount asked for and the reason, as Korean
 * exchanges show it), fee and what was received, TXID with its explorer link, address, network, tag, times.
 */
export function HistorySheet({ item, onClose }: { item: HistoryItem; onClose: () => void }) {
  const status = requestStatusDisplay(item.status);
  const tx = explorerTxUrl(DEFAULT_EXPLORER_URLS, item.network, item.txid);
  const rejected = item.status === 'rejected';
  const rows: [string, React.ReactNode, string][] = [];
  const add = (label: string, value: React.ReactNode, key: string) => {
    if (value !== null && value !== undefined && value !== '') rows.push([label, value, key]);
  };
  add(T.status, status.label, 'status');
  if (rejected) {
    // A rejected request moved nothing: what was asked for and why it was refused, no fee, nothing received.
    add(T.requestedAmount, formatAsset(item.currency, item.amount), 'amount');
    add(T.rejectReason, item.reject_reason, 'reason');
  } else {
    add(T.amount, formatAsset(item.currency, item.amount), 'amount');
    if (item.source === 'withdrawal' && item.fee !== '0')
      add(T.fee, formatAsset(item.currency, item.fee), 'fee');
    if (item.final_amount !== null && item.source === 'withdrawal')
      add(T.received, formatAsset(item.currency, item.final_amount), 'received');
  }
  add(
    T.network,
    isNetwork(item.network) ? networkLabelFor(item.currency, item.network) : item.network,
    'network',
  );
  add(
    T.address,
    item.address ? (
      <span className="mono" translate="no">
        {item.address}
      </span>
    ) : null,
    'address',
  );
  add(T.tag, item.destination_tag, 'tag');
  add(
    T.txid,
    item.txid ? (
      <>
        <span className="mono" translate="no">
          {formatTxidRef(item.txid, item.transfer_index)}
        </span>
        {tx ? (
          <>
            <br />
            <a href={tx} target="_blank" rel="noopener noreferrer">
              {T.explorer}
            </a>
          </>
        ) : null}
      </>
    ) : null,
    'txid',
  );
  add(T.bank, item.bank_name, 'bank');
  add(T.account, item.account_number, 'account');
  add(T.counterparty, item.counterparty, 'counterparty');
  add(T.memo, memoOf(item), 'memo');
  add(T.requestedAt, formatDateTime(item.created_at), 'requested');
  add(T.processedAt, item.processed_at ? formatDateTime(item.processed_at) : null, 'processed');

  return (
    <BottomSheet title={T.detailTitle} closeLabel={T.close} onClose={onClose} testId="history-sheet">
      <p className={`sheet-amount history-${rejected ? 'void' : item.type}`}>
        {item.type === 'deposit' ? H.typeDeposit : H.typeWithdraw} {amountOf(item)}
      </p>
      <dl className="facts sheet-facts">
        {rows.map(([label, value, key]) => (
          <div key={key} data-testid={`fact-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </BottomSheet>
  );
}
