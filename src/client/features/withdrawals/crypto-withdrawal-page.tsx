import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { WITHDRAW_CURRENCIES } from '../../../shared/constants';
import { amountProblem, D, type Dec } from '../../../shared/decimal';
import { exchangeName } from '../../../shared/exchanges';
import { formatExact, payoutOf, withdrawalFee } from '../../../shared/fees';
import { formatKrw } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member-flows';
import { isNetworkAllowed, type NetworkCode, networkLabelFor, networksFor } from '../../../shared/networks';
import type { WithdrawalAddressView } from '../../../shared/schemas/withdrawal-rules';
import {
  type CryptoWithdrawalInput,
  cryptoWithdrawalBodyFromForm,
  cryptoWithdrawalFormSchema,
} from '../../../shared/schemas/withdrawals';
import { FieldList, type FieldSpec } from '../../components/field';
import { MoneyAmountField, VERBATIM_INPUT } from '../../components/money-form-parts';
import { OtpCodeField } from '../../components/otp-code-field';
import { PinPad } from '../../components/pin-pad/pin-pad';
import { starred, starredOf } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import { useMoneySubmit } from '../../lib/use-money-submit';
import { usePrices, useWithdrawalRules } from '../../lib/use-wallet-queries';
import { BlockedNotice, useBlocks } from './blocks';
import { ConfirmSheet, DoneScreen } from './confirm-sheet';
import { DEFAULTS, type Form, withoutEmptyRuleFields } from './crypto-withdrawal-form';
import { NewAddressForm } from './new-address-form';
import { CRYPTO_WITHDRAWAL } from './requests';
import { TravelRuleFields, useRefreshRules, useTravelRuleNeeded } from './rule-fields';
import { msUntil, timeLeftText, useMinuteClock } from './time-left';
import { useWithdrawable } from './use-available';
import { useAddressBook } from './use-withdrawal-rules';
import { WithdrawTabs } from './withdraw-tabs';
import './withdrawals.css';

const W = MSG.withdraw;
const S = MSG.steps;
type Step = 'asset' | 'recipient' | 'amount' | 'confirm' | 'pin' | 'done';
type Currency = (typeof WITHDRAW_CURRENCIES)[number];

const RECIPIENT_ID: FieldSpec<'recipient_id'> = {
  name: 'recipient_id',
  label: W.recipientIdLabel,
  placeholder: W.recipientIdPlaceholder,
  ...VERBATIM_INPUT,
};

/** An address shortened as Korean apps show it: its head and tail ("TQ2Ee7…8DzVf"). */
export const headTail = (a: string) => (a.length > 16 ? `${a.slice(0, 8)}…${a.slice(-6)}` : a);
/** A crypto amount with its symbol, trailing zeros trimmed (at most 8 decimals). */
const coin = (v: Dec | string, currency: string) => `${formatExact(v)} ${currency}`;
/** The form's fields by the step they stand on (the one-time code stands on the PIN pad). */
const RECIPIENT_FIELDS: readonly string[] = [
  'recipient_id',
  'recipient_address',
  'address_id',
  'network',
  'destination_tag',
];
const STEP_FIELDS: readonly string[] = CRYPTO_WITHDRAWAL.fields.filter((f) => f !== 'otpCode');
const isCurrency = (c: string | null): c is Currency =>
  !!c && (WITHDRAW_CURRENCIES as readonly string[]).includes(c);
const validAmount = (t: string) => (amountProblem(t.trim()) === null ? new D(t.trim()) : null);

/**
 * The crypto withdrawal in steps, one decision per screen: asset → recipient (the address book, a new
 * address registered inline, or a member) → amount (chips, the won value) → a confirmation sheet with every
 * fact → the second password on the PIN pad (and the one-time code when enrolled) → done. A rule that stops
 * the member (the hold after a won deposit, a used-up daily limit) is shown before the first step, with the
 * time left, and the way on is closed. The server checks everything again.
 */
export function CryptoWithdrawalPage() {
  const [params] = useSearchParams();
  const preset = params.get('asset');
  const [step, setStep] = useState<Step>(isCurrency(preset) ? 'recipient' : 'asset');
  const [pinError, setPinError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const refreshRules = useRefreshRules();
  const withdrawable = useWithdrawable();
  const prices = usePrices();
  const hasTotp = useSession().data?.user.has_totp === true;

  const availableRef = useRef<Dec | null>(null);
  const resolver: Resolver<Form> = (values, ctx, opts) =>
    zodResolver(cryptoWithdrawalFormSchema(availableRef.current, values.currency))(
      withoutEmptyRuleFields(values) as never,
      ctx,
      opts as never,
    ) as never;
  const form = useForm<Form>({
    resolver,
    mode: 'onChange',
    defaultValues: {
      ...DEFAULTS,
      method: 'external',
      ...(isCurrency(preset)
        ? { currency: preset, network: networksFor(preset)[0] ?? DEFAULTS.network }
        : {}),
    },
  });
  const { register, formState, setError, watch, setValue, trigger, getValues, control } = form;
  const e = formState.errors;
  const [currency, method, amountText, network, addressId, otpCode, recipientId] = watch([
    'currency',
    'method',
    'amount',
    'network',
    'address_id',
    'otpCode',
    'recipient_id',
  ]);
  const balance = withdrawable.byCurrency(currency);
  availableRef.current = balance?.available ?? null;
  const blocks = useBlocks('crypto');
  const travel = useTravelRuleNeeded(currency, amountText, method === 'external');
  const price = prices.data?.items.find((i) => i.symbol === currency)?.krw_price ?? null;

  // Every step starts at the top of the page.
  useEffect(() => {
    void step;
    window.scrollTo(0, 0);
  }, [step]);

  const { submit, busy } = useMoneySubmit({
    ...CRYPTO_WITHDRAWAL,
    setError,
    onSuccess: () => {
      setPinError(null);
      setStep('done');
    },
    // A refusal that names no field of the form (a wrong second password with the attempts left, a lock, a
    // duplicate submission): the server's sentence under the PIN pad's dots, where the member is.
    onFormError: setPinError,
    onRefused: (err) => {
      void refreshRules();
      // A refusal of the request itself: back to the step of its field, where the message now stands.
      const fields = Object.keys(err.fields ?? {}).filter((f) => STEP_FIELDS.includes(f));
      if (fields.length === 0) return;
      setPinError(null);
      setStep(fields.some((f) => RECIPIENT_FIELDS.includes(f)) ? 'recipient' : 'amount');
    },
  });

  // The network of the chosen entry; until one is chosen, the asset's first (the fee of a pair that exists).
  const shownNetwork = isNetworkAllowed(currency, network) ? network : (networksFor(currency)[0] ?? network);
  const fee = withdrawalFee(currency, method, shownNetwork);
  const amount = validAmount(amountText);
  const amountOk = amount !== null && !e.amount && payoutOf(amount, fee).gt(0);
  const wonOf = (v: Dec | null) => (v && price ? S.wonValue(formatKrw(v.times(price))) : null);

  const chooseAsset = (c: Currency) => {
    setValue('currency', c, { shouldValidate: false });
    setValue('network', (networksFor(c)[0] ?? 'TRC20') as NetworkCode);
    setValue('address_id', '');
    setValue('recipient_address', '');
    setValue('destination_tag', '');
    setValue('amount', '');
    setStep('recipient');
  };
  const pickAddress = (a: WithdrawalAddressView) => {
    setValue('method', 'external');
    setValue('address_id', a.id, { shouldValidate: true });
    setValue('network', a.network, { shouldValidate: true });
    setValue('recipient_address', a.address, { shouldValidate: true, shouldDirty: true });
    setValue('destination_tag', a.destination_tag ?? '', { shouldValidate: true });
    setValue('travel_rule_exchange', (a.wallet_kind === 'exchange' ? a.exchange : 'personal') as never);
  };
  const pickMember = () => {
    setValue('method', 'internal');
    setValue('address_id', '');
  };
  const setPercent = (p: number) => {
    if (!balance) return;
    const v = balance.available.times(p).div(100).toDecimalPlaces(8, D.ROUND_DOWN);
    setValue('amount', v.toFixed(), { shouldValidate: true, shouldDirty: true });
  };
  // 최대: what can leave now, the balance within what is left of today's limit at the current price.
  const rules = useWithdrawalRules();
  const setMax = () => {
    if (!balance) return;
    let v = balance.available;
    const left = rules.data?.crypto.remaining;
    if (left !== undefined && price && new D(price).gt(0)) {
      const byLimit = new D(left).div(price).toDecimalPlaces(8, D.ROUND_DOWN);
      if (byLimit.lt(v)) v = byLimit;
    }
    setValue('amount', v.toFixed(), { shouldValidate: true, shouldDirty: true });
  };
  const toConfirm = async () => {
    if (await trigger()) setStep('confirm');
  };
  const send = (pin: string) => {
    const values = withoutEmptyRuleFields(getValues()) as unknown as CryptoWithdrawalInput;
    submit(cryptoWithdrawalBodyFromForm(values, pin));
  };

  const recipientReady =
    method === 'internal' ? recipientId.trim() !== '' : addressId !== '' && !blocks.external;

  if (step === 'done') {
    return <DoneScreen amount={amount ? coin(amount, currency) : ''} currency={currency} />;
  }

  return (
    <section className="page wd">
      <h1 className="page-title">{W.title}</h1>
      <WithdrawTabs />
      <BlockedNotice blocks={blocks.blocks} />

      {step === 'asset' ? (
        <section aria-labelledby="wd-asset-title">
          <h2 id="wd-asset-title" className="wd-step-title">
            {S.assetTitle}
          </h2>
          <ul className="wd-choices">
            {WITHDRAW_CURRENCIES.map((c) => {
              const b = withdrawable.byCurrency(c);
              return (
                <li key={c}>
                  <button
                    type="button"
                    className="wd-choice"
                    onClick={() => chooseAsset(c)}
                    disabled={blocks.all}
                    data-testid={`wd-asset-${c}`}
                  >
                    <strong>{c}</strong>
                    <span className="wd-choice-sub">{S.available(b ? coin(b.available, c) : '-')}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      {step === 'recipient' ? (
        <section aria-labelledby="wd-recipient-title">
          <StepHead title={S.recipientTitle} id="wd-recipient-title" back={() => setStep('asset')} />
          <p className="wd-context">{currency}</p>
          <RecipientChoices
            currency={currency}
            chosen={method === 'external' ? addressId : null}
            externalBlocked={blocks.external}
            onPick={pickAddress}
          />
          {adding ? (
            <div className="wd-inline-form">
              <h3 className="wd-sub-title">{MSG.wrules.registerTitle}</h3>
              <NewAddressForm
                networks={networksFor(currency)}
                onRegistered={(a) => {
                  setAdding(false);
                  if (a.usable) pickAddress(a);
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
                onChange={pickMember}
                name="wd-recipient-kind"
              />
              <span>{S.internalTransfer}</span>
            </label>
            {method === 'internal' ? (
              <FieldList fields={[RECIPIENT_ID]} bind={register} error={starredOf(e)} />
            ) : null}
          </div>
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={!recipientReady || blocks.all}
            onClick={() => setStep('amount')}
          >
            {S.next}
          </button>
        </section>
      ) : null}

      {step === 'amount' || step === 'confirm' ? (
        <section aria-labelledby="wd-amount-title">
          <StepHead title={S.amountTitle} id="wd-amount-title" back={() => setStep('recipient')} />
          <p className="wd-available" data-testid="available-balance">
            {S.available(balance ? coin(balance.available, currency) : W.loadingBalance)}
          </p>
          <MoneyAmountField
            control={control}
            kind="decimal"
            text={W}
            unit={currency}
            hint={amount && !e.amount ? (wonOf(amount) ?? undefined) : undefined}
            errors={e}
          />
          <fieldset className="wd-chips">
            <legend className="sr-only">{W.amountLabel}</legend>
            {[25, 50, 100].map((p) => (
              <button key={p} type="button" className="chip" onClick={() => setPercent(p)}>
                {S.percent(p)}
              </button>
            ))}
            <button type="button" className="chip" onClick={setMax}>
              {S.max}
            </button>
          </fieldset>
          {amountOk ? (
            <dl className="wd-preview" data-testid="payout-preview">
              <div>
                <dt>{S.fee}</dt>
                <dd>{coin(fee, currency)}</dd>
              </div>
              <div className="wd-strong">
                <dt>{W.summaryPayout}</dt>
                <dd>{coin(payoutOf(amount, fee), currency)}</dd>
              </div>
            </dl>
          ) : null}
          {method === 'external' && (travel.needed || e.travel_rule_name || e.travel_rule_exchange) ? (
            <TravelRuleFields
              threshold={travel.threshold}
              register={register as never}
              exchange={watch('travel_rule_exchange')}
              errors={{
                name: starred(e.travel_rule_name?.message),
                exchange: starred(e.travel_rule_exchange?.message),
                declared: starred(e.travel_rule_declared?.message),
              }}
            />
          ) : null}
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={!amountOk || blocks.all || (method === 'external' && blocks.external)}
            onClick={() => void toConfirm()}
          >
            {S.next}
          </button>
        </section>
      ) : null}

      {step === 'confirm' && amount ? (
        <ConfirmSheet
          rows={[
            ...(method === 'external'
              ? [
                  { label: S.recipient, value: headTail(getValues('recipient_address')) },
                  { label: S.network, value: networkLabelFor(currency, shownNetwork) },
                  ...(getValues('destination_tag')
                    ? [{ label: S.tag, value: getValues('destination_tag') }]
                    : []),
                ]
              : [{ label: S.recipientMember, value: getValues('recipient_id') }]),
            { label: S.amount, value: coin(amount, currency) },
            { label: S.fee, value: coin(fee, currency) },
            { label: S.received, value: coin(payoutOf(amount, fee), currency), strong: true },
            ...(wonOf(amount) ? [{ label: S.won, value: wonOf(amount)! }] : []),
            ...(method === 'external' && getValues('travel_rule_name')
              ? [
                  {
                    label: S.travel,
                    value: `${getValues('travel_rule_name')} · ${
                      getValues('travel_rule_exchange') === 'personal'
                        ? MSG.wrules.personalWallet
                        : exchangeName(getValues('travel_rule_exchange'))
                    }`,
                  },
                ]
              : []),
          ]}
          onCancel={() => setStep('amount')}
          onConfirm={() => {
            setPinError(null);
            setStep('pin');
          }}
        />
      ) : null}

      {step === 'pin' ? (
        <section className="wd-pin">
          <PinPad
            help={MSG.pin.help}
            error={pinError ?? e.otpCode?.message ?? null}
            busy={busy}
            extra={hasTotp ? <OtpCodeField {...register('otpCode')} error={undefined} /> : null}
            extraReady={!hasTotp || otpCode.trim() !== ''}
            onComplete={send}
            onCancel={() => setStep('confirm')}
          />
        </section>
      ) : null}
    </section>
  );
}

function StepHead({ title, id, back }: { title: string; id: string; back: () => void }) {
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
        const disabled = !a.usable || props.externalBlocked;
        return (
          <li key={a.id}>
            <button
              type="button"
              className={props.chosen === a.id ? 'wd-choice wd-chosen' : 'wd-choice'}
              aria-pressed={props.chosen === a.id}
              disabled={disabled}
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
