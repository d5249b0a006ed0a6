import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { WITHDRAW_CURRENCIES } from '../../../shared/constants';
import type { Dec } from '../../../shared/decimal';
import { formatExact } from '../../../shared/fees';
import { MSG } from '../../../shared/messages/member-flows';
import { networkLabelFor, networksFor } from '../../../shared/networks';
import type { WithdrawalAddressView } from '../../../shared/schemas/withdrawal-rules';
import { FieldList, type FieldSpec } from '../../components/field';
import { VERBATIM_INPUT } from '../../components/money-form-parts';
import { TokenIcon } from '../../components/token-icon';
import { starredOf } from '../../lib/form-errors';
import { useWithdrawalRules } from '../../lib/use-wallet-queries';
import type { Form } from './crypto-withdrawal-form';
import { NewAddressForm } from './new-address-form';
import { msUntil, timeLeftText, useMinuteClock } from './time-left';
import type { useWithdrawable } from './use-available';
import { useAddressBook } from './use-withdrawal-rules';

const W = MSG.withdraw;
const S = MSG.steps;
export type Currency = (typeof WITHDRAW_CURRENCIES)[number];

/** An address shortened as Korean apps show it: its head and tail ("TQ2Ee7…8DzVf"). */
export const headTail = (a: string) => (a.length > 16 ? `${a.slice(0, 8)}…${a.slice(-6)}` : a);
/** A crypto amount with its symbol, trailing zeros trimmed (at most 8 decimals). */
export const coin = (v: Dec | string, currency: string) => `${formatExact(v)} ${currency}`;

const RECIPIENT_ID: FieldSpec<'recipient_id'> = {
  name: 'recipient_id',
  label: W.recipientIdLabel,
  placeholder: W.recipientIdPlaceholder,
  ...VERBATIM_INPUT,
};

export function StepHead({ title, id, back }: { title: string; id: string; back: () => void }) {
  return (
    <div className="wd-step-head">
      <button type="button" className="btn-link" onClick={back}>
        ‹ {S.back}
      </button>
      <h2 id={id} className="wd-step-title">
        {title}
      </h2>
    </div>
  );
}

/** Step 1: the asset, each with what can leave it now. */
export function AssetStep(props: {
  withdrawable: ReturnType<typeof useWithdrawable>;
  disabled: boolean;
  onChoose: (c: Currency) => void;
}) {
  return (
    <section aria-labelledby="wd-asset-title">
      <h2 id="wd-asset-title" className="wd-step-title">
        {S.assetTitle}
      </h2>
      <ul className="wd-choices wd-assets">
        {WITHDRAW_CURRENCIES.map((c) => {
          const b = props.withdrawable.byCurrency(c);
          return (
            <li key={c}>
              <button
                type="button"
                className="wd-choice"
                onClick={() => props.onChoose(c)}
                disabled={props.disabled}
                data-testid={`wd-asset-${c}`}
              >
                <TokenIcon currency={c} size={36} />
                <span className="wd-choice-text">
                  <strong>
                    {MSG.prices.names[c]} <span className="muted">{c}</span>
                  </strong>
                  <span className="wd-choice-sub">{S.available(b ? coin(b.available, c) : '-')}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Step 2: the recipient: an address-book entry of the asset's networks (a new one registered inline), or a
 * member of the service by their ID. There is no free-text address: the address book is the way out.
 */
export function RecipientStep(props: {
  form: UseFormReturn<Form>;
  currency: string;
  blockedAll: boolean;
  blockedExternal: boolean;
  onPick: (a: WithdrawalAddressView) => void;
  onPickMember: () => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const [adding, setAdding] = useState(false);
  const { register, watch, formState } = props.form;
  const [method, addressId, recipientId] = watch(['method', 'address_id', 'recipient_id']);
  const untagged = useUntaggedXrp(method === 'external' ? addressId : '');
  const ready =
    method === 'internal'
      ? recipientId.trim() !== ''
      : addressId !== '' && !props.blockedExternal && untagged.ready;
  return (
    <section aria-labelledby="wd-recipient-title">
      <StepHead title={S.recipientTitle} id="wd-recipient-title" back={props.onBack} />
      <p className="wd-context">{props.currency}</p>
      <RecipientChoices
        currency={props.currency}
        chosen={method === 'external' ? addressId : null}
        externalBlocked={props.blockedExternal}
        onPick={props.onPick}
      />
      {untagged.notice}
      {method === 'external' && formState.errors.address_id?.message ? (
        <p className="field-error" role="alert">
          {formState.errors.address_id.message}
        </p>
      ) : null}
      {adding ? (
        <div className="wd-inline-form">
          <h3 className="wd-sub-title">{MSG.wrules.registerTitle}</h3>
          <NewAddressForm
            networks={networksFor(props.currency)}
            onRegistered={(a) => {
              setAdding(false);
              if (a.usable) props.onPick(a);
            }}
          />
        </div>
      ) : (
        <button type="button" className="btn btn-secondary btn-block" onClick={() => setAdding(true)}>
          {S.addAddress}
        </button>
      )}
      <div className="wd-member">
        <label className="check">
          <input
            type="radio"
            checked={method === 'internal'}
            onChange={props.onPickMember}
            name="wd-recipient-kind"
          />
          <span>{S.internalTransfer}</span>
        </label>
        {method === 'internal' ? (
          <FieldList fields={[RECIPIENT_ID]} bind={register} error={starredOf(formState.errors)} />
        ) : null}
      </div>
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={!ready || props.blockedAll}
        onClick={props.onNext}
      >
        {S.next}
      </button>
    </section>
  );
}

/**
 * An XRP entry with no destination tag (saved before the address book asked for one): an exchange's is
 * refused (the payment would be lost; the server refuses it too), and the member's own is sent only once
 * they confirm it is their own wallet, not an exchange; otherwise they register it again with its tag.
 */
function useUntaggedXrp(addressId: string) {
  const book = useAddressBook();
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const entry = book.data?.items.find((a) => a.id === addressId);
  if (entry?.network !== 'XRPL' || entry.destination_tag) return { ready: true, notice: null };
  if (entry.wallet_kind === 'exchange') {
    return {
      ready: false,
      notice: (
        <p className="field-error" role="alert" data-testid="wd-untagged">
          {MSG.wrules.xrpExchangeNoTag}
        </p>
      ),
    };
  }
  const ok = confirmed === entry.id;
  return {
    ready: ok,
    notice: (
      <div className="wd-untagged" data-testid="wd-untagged">
        <p className="field-hint">{W.tagWarning}</p>
        <label className="check">
          <input
            type="checkbox"
            checked={ok}
            onChange={(ev) => setConfirmed(ev.target.checked ? entry.id : null)}
          />
          <span>{W.noTagOwnWallet}</span>
        </label>
        {ok ? null : <p className="field-hint">{MSG.wrules.xrpNoTagConfirm}</p>}
      </div>
    ),
  };
}

/** The address-book entries of the asset's networks: a usable one is chosen; a waiting one says how long. */
function RecipientChoices(props: {
  currency: string;
  chosen: string | null;
  externalBlocked: boolean;
  onPick: (a: WithdrawalAddressView) => void;
}) {
  const book = useAddressBook();
  const rules = useWithdrawalRules();
  const now = useMinuteClock();
  const networks = networksFor(props.currency) as readonly string[];
  const items = (book.data?.items ?? []).filter((a) => networks.includes(a.network));
  if (book.isSuccess && items.length === 0) return <p className="muted">{MSG.wrules.bookEmpty}</p>;
  return (
    <ul className="wd-choices" data-testid="wd-addresses">
      {items.map((a) => {
        const waitMs =
          rules.data && !a.usable ? msUntil(a.usable_at, rules.data, rules.dataUpdatedAt, now) : 0;
        return (
          <li key={a.id}>
            <button
              type="button"
              className={props.chosen === a.id ? 'wd-choice wd-chosen' : 'wd-choice'}
              aria-pressed={props.chosen === a.id}
              disabled={!a.usable || props.externalBlocked}
              onClick={() => props.onPick(a)}
            >
              <strong>{a.label}</strong>
              <span className="wd-choice-sub">
                {networkLabelFor(props.currency, a.network)} · {headTail(a.address)}
                {a.destination_tag ? ` · ${S.tag} ${a.destination_tag}` : ''}
              </span>
              {!a.usable ? (
                <span className="wd-left">
                  {S.waitingBlock} · {waitMs > 0 ? timeLeftText(waitMs) : MSG.wrules.usableNow}
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
