import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { CRYPTO_WITHDRAW_METHODS, WITHDRAW_CURRENCIES } from '../../../shared/constants';
import type { Dec } from '../../../shared/decimal';
import { formatExact, formatPayout, formatWithdrawBalance, withdrawalFee } from '../../../shared/fees';
import { formatKrw } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member';
import { isNetworkAllowed, networksFor } from '../../../shared/networks';
import {
  type CryptoWithdrawalInput,
  cryptoWithdrawalBodyFromForm,
  cryptoWithdrawalFormSchema,
} from '../../../shared/schemas/withdrawals';
import { FieldList, type FieldSpec } from '../../components/field';
import { MoneyAmountField, NetworkSelect, VERBATIM_INPUT } from '../../components/money-form-parts';
import { OtpCodeField } from '../../components/otp-code-field';
import { SelectField } from '../../components/select-field';
import { SummaryList } from '../../components/summary-list';
import { starred, starredOf } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useMoneySubmit } from '../../lib/use-money-submit';
import { addressField, TAG_FIELD } from './address-fields';
import {
  DEFAULTS,
  type Form,
  useNetworkFollowsCurrency,
  withoutEmptyRuleFields,
} from './crypto-withdrawal-form';
import { CRYPTO_WITHDRAWAL } from './requests';
import { AddressPicker, TravelRuleFields, useRefreshRules, useTravelRuleNeeded } from './rule-fields';
import { RulesCard } from './rules-card';
import { useWithdrawable } from './use-available';
import { toastWithdrawalError } from './withdrawal-errors';
import { WithdrawalFrame } from './withdrawal-frame';

const W = MSG.withdraw;
/** An internal transfer's recipient: their member ID, typed exactly. */
const RECIPIENT_ID: FieldSpec<'recipient_id'> = {
  name: 'recipient_id',
  label: W.recipientIdLabel,
  placeholder: W.recipientIdPlaceholder,
  ...VERBATIM_INPUT,
};
const RECIPIENT_ADDRESS = addressField('recipient_address');

export function CryptoWithdrawalPage() {
  const refreshRules = useRefreshRules();
  const withdrawable = useWithdrawable();

  // The form checks the amount against the available balance of the chosen currency, once known.
  const availableRef = useRef<Dec | null>(null);
  const resolver: Resolver<Form> = (values, ctx, opts) =>
    zodResolver(cryptoWithdrawalFormSchema(availableRef.current, values.currency))(
      withoutEmptyRuleFields(values) as never,
      ctx,
      opts as never,
    ) as never;
  const {
    register,
    handleSubmit,
    formState,
    reset,
    setError,
    watch,
    getFieldState,
    trigger,
    getValues,
    setValue,
    control,
  } = useForm<Form>({ resolver, mode: 'onChange', defaultValues: DEFAULTS });
  const e = formState.errors;
  const bound = { bind: register, error: starredOf(e) };
  const [currency, method, amountText, network] = watch(['currency', 'method', 'amount', 'network']);
  const balance = withdrawable.byCurrency(currency);
  availableRef.current = balance?.available ?? null;
  const krw = withdrawable.byCurrency('KRW');
  // The network select offers only what the chosen currency can travel on (src/shared/networks.ts).
  const networks = networksFor(currency);
  const shownNetwork = isNetworkAllowed(currency, network) ? network : (networks[0] ?? network);
  const fee = withdrawalFee(currency, method, shownNetwork);
  const travelNeeded = useTravelRuleNeeded(currency, amountText, method === 'external');

  // A new currency, method or balance changes what the typed amount may be; a new network what the
  // typed address may be. Only fields already typed in are checked again.
  const availableText = balance?.available.toFixed() ?? '';
  useEffect(() => {
    void [currency, method, availableText];
    if (getFieldState('amount').isDirty) void trigger('amount');
  }, [currency, method, availableText, getFieldState, trigger]);
  useNetworkFollowsCurrency({ currency, network, getValues, setValue, getFieldState, trigger });

  const { submit, busy } = useMoneySubmit({
    ...CRYPTO_WITHDRAWAL,
    setError,
    onSuccess: () => {
      const kept = getValues();
      reset({ ...DEFAULTS, currency: kept.currency, method: kept.method, network: kept.network });
      toast.success(W.success);
    },
    onError: (err) => {
      toastWithdrawalError(err);
      void refreshRules();
    },
  });
  const onSubmit = handleSubmit((values) =>
    submit(cryptoWithdrawalBodyFromForm(withoutEmptyRuleFields(values) as unknown as CryptoWithdrawalInput)),
  );

  const balanceText = withdrawable.isPending
    ? W.loadingBalance
    : balance
      ? `${formatWithdrawBalance(balance.available, currency)} ${currency}`
      : '-';

  return (
    <WithdrawalFrame
      text={W}
      top={
        krw?.total.gt(0) ? (
          <p className="balance-line">
            <span>{W.krwBalance}</span>
            <span>{MSG.withdrawKrw.won(formatKrw(krw.total))}</span>
          </p>
        ) : null
      }
      balanceLabel={
        <>
          {W.available} ({currency})
        </>
      }
      balanceText={balanceText}
      onSubmit={onSubmit}
      canSubmit={formState.isValid}
      busy={busy}
      otpField={<OtpCodeField {...register('otpCode')} error={e.otpCode?.message} />}
    >
      <SelectField label={W.currencyLabel} {...register('currency')} error={starred(e.currency?.message)}>
        {WITHDRAW_CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <MoneyAmountField control={control} kind="decimal" text={W} unit={currency} errors={e} />
      <SelectField label={W.methodLabel} {...register('method')} error={starred(e.method?.message)}>
        {CRYPTO_WITHDRAW_METHODS.map((m) => (
          <option key={m} value={m}>
            {m === 'internal' ? W.methodInternal : W.methodExternal}
          </option>
        ))}
      </SelectField>
      <RulesCard kind="crypto" />
      {method === 'internal' ? (
        <FieldList fields={[RECIPIENT_ID]} {...bound} />
      ) : (
        <>
          <AddressPicker
            currency={currency}
            register={register('address_id')}
            error={starred(e.address_id?.message)}
            onPick={(a) => {
              setValue('network', a.network, { shouldValidate: true });
              setValue('recipient_address', a.address, { shouldValidate: true, shouldDirty: true });
              setValue('destination_tag', a.destination_tag ?? '', { shouldValidate: true });
              setValue(
                'travel_rule_exchange',
                (a.wallet_kind === 'exchange' ? a.exchange : 'personal') as never,
              );
            }}
          />
          <FieldList fields={[RECIPIENT_ADDRESS]} {...bound} />
          <NetworkSelect
            label={W.networkLabel}
            networks={networks}
            currency={currency}
            registration={register('network')}
            error={starred(e.network?.message)}
          />
          {shownNetwork === 'XRPL' ? (
            <>
              <FieldList fields={[TAG_FIELD]} {...bound} />
              <p className="field-hint" role="note" data-testid="tag-warning">
                {W.tagWarning}
              </p>
            </>
          ) : null}
          {travelNeeded.needed || e.travel_rule_name || e.travel_rule_exchange ? (
            <TravelRuleFields
              threshold={travelNeeded.threshold}
              register={register}
              exchange={watch('travel_rule_exchange')}
              errors={{
                name: starred(e.travel_rule_name?.message),
                exchange: starred(e.travel_rule_exchange?.message),
                declared: starred(e.travel_rule_declared?.message),
              }}
            />
          ) : null}
        </>
      )}
      <SummaryList
        title={W.summaryTitle}
        rows={[
          { label: W.summaryBalance, value: balanceText },
          { label: W.summaryFee, value: `${formatExact(fee)} ${currency}` },
          { label: W.summaryPayout, value: `${formatPayout(amountText, fee)} ${currency}`, strong: true },
        ]}
      />
    </WithdrawalFrame>
  );
}
