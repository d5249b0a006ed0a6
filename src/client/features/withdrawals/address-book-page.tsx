import { useState } from 'react';
import { exchangeName } from '../../../shared/exchanges';
import { formatDateTime } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member-flows';
import { NETWORK_LABELS } from '../../../shared/networks';
import type { WithdrawalAddressView } from '../../../shared/schemas/withdrawal-rules';
import { PageHeading } from '../../components/back-button';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useAddressBook, useDeleteAddress } from './use-withdrawal-rules';
import '../../components/withdrawal-rules.css';
import { NewAddressForm } from './new-address-form';

const R = MSG.wrules;

/** The withdrawal address book: the member's registered addresses, when each is usable (KST), and a new one. */
export function AddressBookPage() {
  const book = useAddressBook();
  const del = useDeleteAddress();
  const [confirming, setConfirming] = useState<string | null>(null);
  const items = book.data?.items ?? [];
  return (
    <section className="page address-book-page">
      <PageHeading title={R.bookTitle} backLabel={MSG.deposit.back} fallback="/assets/withdraw" />
      <section aria-labelledby="book-list-title" className="address-book">
        <h2 id="book-list-title" className="section-title">
          {R.listTitle}
        </h2>
        {book.isSuccess && items.length === 0 ? <p className="muted">{R.bookEmpty}</p> : null}
        <ul className="address-list" data-testid="address-list">
          {items.map((a) => (
            <AddressItem
              key={a.id}
              a={a}
              confirming={confirming === a.id}
              onAsk={() => setConfirming(a.id)}
              onCancel={() => setConfirming(null)}
              onDelete={() =>
                del.mutate(a.id, {
                  onSuccess: () => {
                    toast.success(R.deleted);
                    setConfirming(null);
                  },
                  onError: (err) => toast.error(errorMessage(err)),
                })
              }
            />
          ))}
        </ul>
      </section>
      <section aria-labelledby="book-new-title">
        <h2 id="book-new-title" className="section-title">
          {R.registerTitle}
        </h2>
        <NewAddressForm />
      </section>
    </section>
  );
}

function AddressItem(props: {
  a: WithdrawalAddressView;
  confirming: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const { a } = props;
  return (
    <li className="address-item" data-testid="address-item">
      <div className="address-head">
        <strong>{a.label}</strong>
        <span className={`status-badge ${a.usable ? 'status-success' : 'status-warning'}`}>
          {a.usable ? R.usableNow : R.usableFrom(formatDateTime(a.usable_at, false))}
        </span>
      </div>
      <p className="address-line">
        {NETWORK_LABELS[a.network]} · {a.wallet_kind === 'exchange' ? exchangeName(a.exchange) : R.walletOwn}
      </p>
      <p className="address-text" translate="no">
        {a.address}
        {a.destination_tag ? ` · 태그 ${a.destination_tag}` : ''}
      </p>
      {props.confirming ? (
        <div className="address-confirm" role="alertdialog" aria-label={R.deleteConfirm(a.label)}>
          <p>{R.deleteConfirm(a.label)}</p>
          <button type="button" className="btn btn-secondary" onClick={props.onCancel}>
            {R.cancelButton}
          </button>{' '}
          <button type="button" className="btn btn-primary" onClick={props.onDelete}>
            {R.deleteButton}
          </button>
        </div>
      ) : (
        <button type="button" className="btn-link" onClick={props.onAsk}>
          {R.deleteButton}
        </button>
      )}
    </li>
  );
}
