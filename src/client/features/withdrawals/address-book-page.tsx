import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { EXCHANGES, exchangeName, formatKst } from '../../../shared/exchanges';
import { MSG } from '../../../shared/messages/member';
import { NETWORK_CODES, NETWORK_LABELS } from '../../../shared/networks';
import {
  type RegisterAddressBody,
  registerAddressBodySchema,
  type WithdrawalAddressView,
} from '../../../shared/schemas/withdrawal-rules';
import { FieldList, type FieldSpec, PIN_INPUT } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors, starred, starredOf } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useWithdrawalRules } from '../../lib/use-wallet-queries';
import { useAddressBook, useDeleteAddress, useRegisterAddress } from './use-withdrawal-rules';
import '../../components/withdrawal-rules.css';
import { BlockSubmit } from '../../components/form-end';
import { NetworkSelect } from '../../components/money-form-parts';
import { addressField, TAG_FIELD } from './address-fields';

const R = MSG.wrules;
const W = MSG.withdraw;
type Form = Required<{ [K in keyof RegisterAddressBody]: NonNullable<RegisterAddressBody[K]> }>;
const FIELDS = [
  'network',
  'address',
  'destination_tag',
  'label',
  'wallet_kind',
  'exchange',
  'second_password',
] as const;
const DEFAULTS: Form = {
  network: 'TRC20',
  address: '',
  destination_tag: '',
  label: '',
  wallet_kind: 'own',
  exchange: 'upbit',
  second_password: '',
};
const ADDRESS = addressField('address');
const LABEL: FieldSpec<'label'> = {
  name: 'label',
  label: R.labelLabel,
  placeholder: R.labelPlaceholder,
  autoComplete: 'off',
};
const SECOND_PASSWORD: FieldSpec<'second_password'> = {
  name: 'second_password',
  label: R.secondPasswordLabel,
  hint: R.secondPasswordHelp,
  ...PIN_INPUT,
};

/** The withdrawal address book: the member's registered addresses, when each is usable (KST), and a new one. */
export function AddressBookPage() {
  const book = useAddressBook();
  const rules = useWithdrawalRules();
  const register_ = useRegisterAddress();
  const del = useDeleteAddress();
  const [confirming, setConfirming] = useState<string | null>(null);
  const { register, handleSubmit, formState, watch, setError, reset } = useForm<Form>({
    resolver: (values, ctx, opts) =>
      zodResolver(registerAddressBodySchema)(
        {
          ...values,
          destination_tag: values.network === 'XRPL' ? values.destination_tag : '',
          exchange: values.wallet_kind === 'exchange' ? values.exchange : null,
        } as never,
        ctx,
        opts as never,
      ) as never,
    mode: 'onTouched',
    defaultValues: DEFAULTS,
  });
  const e = formState.errors;
  const bound = { bind: register, error: starredOf(e) };
  const [network, walletKind] = watch(['network', 'wallet_kind']);

  const onSubmit = handleSubmit((v) => {
    register_.mutate(
      {
        network: v.network,
        address: v.address,
        ...(v.network === 'XRPL' && v.destination_tag ? { destination_tag: v.destination_tag } : {}),
        label: v.label,
        wallet_kind: v.wallet_kind,
        exchange: v.wallet_kind === 'exchange' ? v.exchange : null,
        second_password: v.second_password,
      },
      {
        onSuccess: () => {
          toast.success(R.registered);
          reset(DEFAULTS);
        },
        onError: (err) => {
          applyFieldErrors(err, setError, FIELDS);
          toast.error(errorMessage(err));
        },
      },
    );
  });

  const items = book.data?.items ?? [];
  return (
    <section className="page">
      <h1 className="page-title">{R.bookTitle}</h1>
      <p>
        <Link className="btn-link" to="/assets/withdraw">
          ‹ {W.title}
        </Link>
      </p>
      <section aria-labelledby="book-list-title" className="address-book">
        <h2 id="book-list-title" className="home-section-title">
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
        <h2 id="book-new-title" className="home-section-title">
          {R.registerTitle}
        </h2>
        {rules.data ? <p className="field-hint">{R.delayNotice(rules.data.address_delay_hours)}</p> : null}
        <form onSubmit={onSubmit} noValidate className="form">
          <NetworkSelect
            label={W.networkLabel}
            networks={NETWORK_CODES}
            registration={register('network')}
            error={starred(e.network?.message)}
          />
          <FieldList
            fields={network === 'XRPL' ? [ADDRESS, TAG_FIELD, LABEL] : [ADDRESS, LABEL]}
            {...bound}
          />
          <SelectField
            label={R.walletKindLabel}
            {...register('wallet_kind')}
            error={starred(e.wallet_kind?.message)}
          >
            <option value="own">{R.walletOwn}</option>
            <option value="exchange">{R.walletExchange}</option>
          </SelectField>
          {walletKind === 'exchange' ? (
            <SelectField
              label={R.exchangeLabel}
              {...register('exchange')}
              error={starred(e.exchange?.message)}
            >
              {EXCHANGES.map((x) => (
                <option key={x.code} value={x.code}>
                  {x.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          <FieldList fields={[SECOND_PASSWORD]} {...bound} />
          <BlockSubmit busy={register_.isPending} label={R.registerSubmit} busyLabel={W.busy} />
        </form>
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
        <span className={a.usable ? 'address-status-ok' : 'address-status-wait'}>
          {a.usable ? R.usableNow : R.usableFrom(formatKst(a.usable_at))}
        </span>
      </div>
      <p className="address-line">
        {NETWORK_LABELS[a.network]} · {a.wallet_kind === 'exchange' ? exchangeName(a.exchange) : R.walletOwn}
      </p>
      <p className="address-text">
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
