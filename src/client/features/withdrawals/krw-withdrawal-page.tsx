import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { KRW_MIN_WITHDRAWAL } from '../../../shared/constants';
import { amountProblem, D, type Dec } from '../../../shared/decimal';
import { formatKrw } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member-flows';
import { type KrwWithdrawalBody, krwWithdrawalFormSchema } from '../../../shared/schemas/withdrawals';
import { FieldList, type FieldSpec } from '../../components/field';
import { FormError } from '../../components/form-end';
import { MoneyAmountField } from '../../components/money-form-parts';
import { NoOwnAccount, useWonAccounts, WonAccountCard } from '../../components/won-accounts';
import { starredOf } from '../../lib/form-errors';
import { BlockedNotice, useBlocks } from './blocks';
import { WithdrawalDone } from './confirm-sheet';
import { ConfirmThenPin, useWithdrawalSubmit } from './pin-step';
import { KRW_WITHDRAWAL } from './requests';
import { RulesCard } from './rules-card';
import { useWithdrawable } from './use-available';
import { useWithdrawalCheck } from './use-check';
import { WithdrawTabs } from './withdraw-tabs';
import './withdrawals.css';

const W = MSG.withdraw;
const K = MSG.withdrawKrw;
const O = MSG.wonAccounts;
const S = MSG.steps;
type Form = { amount: string; memo: string; otpCode: string };
const DEFAULTS: Form = { amount: '', memo: '', otpCode: '' };
const MEMO: FieldSpec<'memo'> = {
  name: 'memo',
  label: K.memoLabel,
  placeholder: K.memoPlaceholder,
  autoComplete: 'off',
};
const won = (v: Dec | string | number) => K.won(formatKrw(v));
/** The amount chips: added to what is typed, as Korean banking apps do. */
const ADD_CHIPS = [
  { label: '1만', value: 10_000 },
  { label: '5만', value: 50_000 },
  { label: '10만', value: 100_000 },
  { label: '100만', value: 1_000_000 },
] as const;

/**
 * The won withdrawal: only to the member's verified own-name account (a read-only card; the server
 * refuses any other), the amount with +1만 … 전액 chips, then the confirmation sheet, the PIN pad and the
 * done screen. Without a verified account the screen says how to register one.
 */
export function KrwWithdrawalPage() {
  const withdrawable = useWithdrawable();
  const accounts = useWonAccounts();
  const blocks = useBlocks('krw');
  const [step, setStep] = useState<'form' | 'confirm' | 'pin' | 'done'>('form');

  const availableRef = useRef<Dec | null>(null);
  const resolver: Resolver<Form> = (values, ctx, opts) =>
    zodResolver(krwWithdrawalFormSchema(availableRef.current))(values as never, ctx, opts as never) as never;
  const form = useForm<Form>({ resolver, mode: 'onChange', defaultValues: DEFAULTS });
  const { register, formState, watch, getFieldState, trigger, control, setValue, getValues } = form;
  const e = formState.errors;
  const balance = withdrawable.byCurrency('KRW');
  availableRef.current = balance?.available ?? null;
  const amountText = watch('amount');

  const availableText = balance?.available.toFixed() ?? '';
  useEffect(() => {
    void availableText;
    if (getFieldState('amount').isDirty) void trigger('amount');
  }, [availableText, getFieldState, trigger]);
  const withdrawal = useWithdrawalSubmit({
    ...KRW_WITHDRAWAL,
    form,
    step: [step, setStep],
    onRefused: (err) => {
      // A refused amount or memo: back to the form, where the message now stands at its field.
      if (err.fields?.amount || err.fields?.memo) {
        withdrawal.clearPinError();
        setStep('form');
      }
    },
  });

  const own = accounts.data?.own ?? null;
  const typed = amountProblem(amountText, 0) === null ? new D(amountText) : null;
  const add = (v: number) =>
    setValue('amount', (typed ?? new D(0)).plus(v).toFixed(), { shouldValidate: true, shouldDirty: true });
  const all = () => {
    if (balance)
      setValue('amount', balance.available.floor().toFixed(), { shouldValidate: true, shouldDirty: true });
  };
  const server = useWithdrawalCheck<Form>({
    path: '/withdrawals/krw/check',
    fields: ['amount', 'memo'],
    setError: form.setError,
  });
  const toConfirm = async () => {
    const v = getValues();
    if ((await server.check({ amount: v.amount, memo: v.memo })) !== null) return;
    withdrawal.clearPinError();
    setStep('confirm');
  };
  const send = (pin: string) => {
    const v = getValues();
    const body: KrwWithdrawalBody = {
      amount: v.amount,
      memo: v.memo,
      second_password: pin,
      ...(v.otpCode ? { otpCode: v.otpCode } : {}),
    };
    withdrawal.submit(body);
  };

  if (step === 'done') {
    const to = accounts.data?.own;
    return (
      <WithdrawalDone
        amount={typed ? won(typed) : ''}
        currency="KRW"
        next={S.doneKrw(to ? `${to.bank_name} ${to.account_number}` : '')}
      />
    );
  }

  const balanceText = withdrawable.isPending ? W.loadingBalance : balance ? won(balance.available) : '-';
  const canGo = !!own && formState.isValid && !blocks.all && typed !== null;
  return (
    <section className="page wd">
      <h1 className="page-title">{K.title}</h1>
      <WithdrawTabs />
      <BlockedNotice blocks={blocks.blocks} />
      {accounts.isError ? <p className="field-hint">{O.loadFailed}</p> : null}
      {accounts.data && !own ? <NoOwnAccount status={accounts.data.own_status} /> : null}
      {own && step !== 'pin' ? (
        <>
          <WonAccountCard title={O.destinationTitle} account={own} testId="own-account" />
          <p className="wd-available" data-testid="available-balance">
            {K.available} {balanceText}
          </p>
          <RulesCard kind="krw" />
          <MoneyAmountField control={control} kind="whole" text={K} errors={e} />
          <fieldset className="chips">
            <legend className="sr-only">{K.amountLabel}</legend>
            {ADD_CHIPS.map((c) => (
              <button key={c.label} type="button" className="chip" onClick={() => add(c.value)}>
                {S.chipAdd(c.label)}
              </button>
            ))}
            <button type="button" className="chip" onClick={all}>
              {S.chipAll}
            </button>
          </fieldset>
          <FieldList fields={[MEMO]} bind={register} error={starredOf(e)} />
          <p className="field-hint wd-terms">
            {K.summaryMinimum} {won(KRW_MIN_WITHDRAWAL)} · {K.summaryFee} {won(0)}
          </p>
          <FormError text={server.stepError} />
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={!canGo || server.busy}
            onClick={() => void toConfirm()}
          >
            {server.busy ? MSG.pin.checking : S.next}
          </button>
        </>
      ) : null}
      <ConfirmThenPin
        withdrawal={withdrawal}
        attempts={server.attempts}
        rows={
          own && typed
            ? [
                { label: O.destinationTitle, value: `${own.bank_name} ${own.account_number}` },
                { label: O.holder, value: own.account_holder },
                { label: K.summaryAmount, value: won(typed) },
                { label: K.summaryFee, value: won(0) },
                { label: MSG.timeline.received, value: won(typed), strong: true },
              ]
            : null
        }
        onBack={() => setStep('form')}
        onComplete={send}
      />
    </section>
  );
}
