import type { UseFormReturn } from 'react-hook-form';
import { CRYPTO_DECIMALS } from '../../../shared/constants';
import { D, type Dec } from '../../../shared/decimal';
import { exchangeName } from '../../../shared/exchanges';
import { payoutOf } from '../../../shared/fees';
import { MSG } from '../../../shared/messages/member-flows';
import { type NetworkCode, networkDecimals, networkLabelFor } from '../../../shared/networks';
import { Fact } from '../../components/fact';
import { FormError } from '../../components/form-end';
import { MoneyAmountField } from '../../components/money-form-parts';
import { starred } from '../../lib/form-errors';
import { useWithdrawalRules } from '../../lib/use-wallet-queries';
import { coin, headTail, StepHead } from './crypto-steps';
import type { Form } from './crypto-withdrawal-form';
import { TravelRuleFields } from './rule-fields';
import type { Available } from './use-available';

const W = MSG.withdraw;
const S = MSG.steps;

/**
 * Step 3: the amount, with 25 / 50 / 100 % of what can leave now and 최대 (that within what is left of
 * today's limit at the current price), its live won value, and the fee and amount received once the amount
 * is valid. The travel rule's fields when the amount reaches its threshold.
 */
export function AmountStep(props: {
  form: UseFormReturn<Form>;
  currency: string;
  balance: Available | null;
  /** The won price of one unit, when known. */
  price: string | null;
  fee: Dec;
  amount: Dec | null;
  amountOk: boolean;
  wonText: string | null;
  travel: { needed: boolean; threshold: string };
  /** The kind of the address-book entry chosen (its travel-rule facts are not asked again), or null. */
  entryKind: 'own' | 'exchange' | null;
  /** The server is checking the request (POST …/check) before the confirmation sheet. */
  checking: boolean;
  /** The server's refusal that names no field of this step. */
  stepError: string | null;
  blocked: boolean;
  onBack: () => void;
  onNext: () => void;
}) {
  const { form, currency, balance, price, fee, amount } = props;
  const { control, register, setValue, watch, formState } = form;
  const e = formState.errors;
  const method = watch('method');
  const rules = useWithdrawalRules();
  // A chip's amount is cut to the decimals the chosen network carries (USDT and XRP: 6), as the schema asks.
  const network = watch('network');
  const places = method === 'external' && network ? networkDecimals(currency, network) : CRYPTO_DECIMALS;
  const put = (v: Dec) =>
    setValue('amount', v.toDecimalPlaces(places, D.ROUND_DOWN).toFixed(), {
      shouldValidate: true,
      shouldDirty: true,
    });
  const setPercent = (p: number) => {
    if (balance) put(balance.available.times(p).div(100));
  };
  const setMax = () => {
    if (!balance) return;
    let v = balance.available;
    const left = rules.data?.crypto.remaining;
    if (left !== undefined && price && new D(price).gt(0)) {
      const byLimit = new D(left).div(price).toDecimalPlaces(places, D.ROUND_DOWN);
      if (byLimit.lt(v)) v = byLimit;
    }
    put(v);
  };
  return (
    <section aria-labelledby="wd-amount-title">
      <StepHead title={S.amountTitle} id="wd-amount-title" back={props.onBack} />
      <p className="wd-available" data-testid="available-balance">
        {S.available(balance ? coin(balance.available, currency) : W.loadingBalance)}
      </p>
      <MoneyAmountField
        control={control}
        kind="decimal"
        text={W}
        unit={currency}
        hint={amount && !e.amount ? (props.wonText ?? undefined) : undefined}
        errors={e}
      />
      <fieldset className="chips">
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
      {props.amountOk && amount ? (
        <dl className="facts wd-preview" data-testid="payout-preview">
          <Fact label={S.fee}>{coin(fee, currency)}</Fact>
          <div className="facts-strong">
            <dt>{W.summaryPayout}</dt>
            <dd>{coin(payoutOf(amount, fee), currency)}</dd>
          </div>
        </dl>
      ) : null}
      {method === 'external' && (props.travel.needed || e.travel_rule_name || e.travel_rule_exchange) ? (
        <TravelRuleFields
          threshold={props.travel.threshold}
          register={register as never}
          exchange={watch('travel_rule_exchange')}
          entryKind={props.entryKind}
          name={watch('travel_rule_name')}
          errors={{
            name: starred(e.travel_rule_name?.message),
            exchange: starred(e.travel_rule_exchange?.message),
            declared: starred(e.travel_rule_declared?.message),
          }}
        />
      ) : null}
      <FormError text={props.stepError} />
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={!props.amountOk || props.blocked || props.checking}
        onClick={props.onNext}
      >
        {props.checking ? MSG.pin.checking : S.next}
      </button>
    </section>
  );
}

/** The confirmation sheet's rows: every fact the member commits to. */
export function cryptoConfirmRows(
  v: Form,
  o: { network: NetworkCode; amount: Dec; fee: Dec; wonText: string | null },
) {
  const external = v.method === 'external';
  return [
    ...(external
      ? [
          { label: S.recipient, value: headTail(v.recipient_address) },
          { label: S.network, value: networkLabelFor(v.currency, o.network) },
          ...(v.destination_tag ? [{ label: S.tag, value: v.destination_tag }] : []),
        ]
      : [{ label: S.recipientMember, value: v.recipient_id }]),
    { label: S.amount, value: coin(o.amount, v.currency) },
    { label: S.fee, value: coin(o.fee, v.currency) },
    { label: S.received, value: coin(payoutOf(o.amount, o.fee), v.currency), strong: true },
    ...(o.wonText ? [{ label: S.won, value: o.wonText }] : []),
    ...(external && v.travel_rule_name
      ? [
          {
            label: S.travel,
            value: `${v.travel_rule_name} · ${
              v.travel_rule_exchange === 'personal'
                ? MSG.wrules.personalWallet
                : exchangeName(v.travel_rule_exchange)
            }`,
          },
        ]
      : []),
  ];
}
