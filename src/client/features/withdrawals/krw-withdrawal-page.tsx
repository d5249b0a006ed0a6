import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { KRW_BANKS, KRW_MIN_WITHDRAWAL, KRW_WITHDRAWAL_FEE } from '../../../shared/constants';
import { amountProblem, D, type Dec } from '../../../shared/decimal';
import { formatKrw } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member';
import { type KrwWithdrawalBody, krwWithdrawalFormSchema } from '../../../shared/schemas/withdrawals';
import { FieldList, type FieldSpec } from '../../components/field';
import { BankAccountFields, MoneyAmountField } from '../../components/money-form-parts';
import { OtpCodeField } from '../../components/otp-code-field';
import { SelectField } from '../../components/select-field';
import { SummaryList } from '../../components/summary-list';
import { starred, starredOf } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useMoneySubmit } from '../../lib/use-money-submit';
import { KRW_WITHDRAWAL } from './requests';
import { RulesCard } from './rules-card';
import { useWithdrawable } from './use-available';
import { toastWithdrawalError } from './withdrawal-errors';
import { WithdrawalFrame } from './withdrawal-frame';

const W = MSG.withdraw;
const K = MSG.withdrawKrw;
type Form = {
  amount: string;
  bank_name: string;
  account_number: string;
  account_holder: string;
  memo: string;
  otpCode: string;
};
const DEFAULTS: Form = {
  amount: '',
  bank_name: '',
  account_number: '',
  account_holder: '',
  memo: '',
  otpCode: '',
};
const MEMO: FieldSpec<'memo'> = {
  name: 'memo',
  label: K.memoLabel,
  placeholder: K.memoPlaceholder,
  autoComplete: 'off',
};
const won = (v: Dec | string | number) => K.won(formatKrw(v));

export function KrwWithdrawalPage() {
  const withdrawable = useWithdrawable();

  const availableRef = useRef<Dec | null>(null);
  const resolver: Resolver<Form> = (values, ctx, opts) =>
    zodResolver(krwWithdrawalFormSchema(availableRef.current))(values as never, ctx, opts as never) as never;
  const { register, handleSubmit, formState, reset, setError, watch, getFieldState, trigger, control } =
    useForm<Form>({
      resolver,
      mode: 'onChange',
      defaultValues: DEFAULTS,
    });
  const e = formState.errors;
  const balance = withdrawable.byCurrency('KRW');
  availableRef.current = balance?.available ?? null;
  const amountText = watch('amount');

  const availableText = balance?.available.toFixed() ?? '';
  useEffect(() => {
    void availableText;
    if (getFieldState('amount').isDirty) void trigger('amount');
  }, [availableText, getFieldState, trigger]);

  const { submit, busy } = useMoneySubmit({
    ...KRW_WITHDRAWAL,
    setError,
    onSuccess: () => {
      reset(DEFAULTS);
      toast.success(W.success);
    },
    onError: toastWithdrawalError,
  });
  const onSubmit = handleSubmit((values) => submit(values as unknown as KrwWithdrawalBody));

  const balanceText = withdrawable.isPending ? W.loadingBalance : balance ? won(balance.available) : '-';
  const typed = amountProblem(amountText, 0) === null ? new D(amountText) : new D(0);
  const fee = new D(KRW_WITHDRAWAL_FEE);

  return (
    <WithdrawalFrame
      text={K}
      balanceLabel={K.available}
      balanceText={balanceText}
      rules={<RulesCard kind="krw" />}
      onSubmit={onSubmit}
      canSubmit={formState.isValid}
      busy={busy}
      otpField={<OtpCodeField {...register('otpCode')} error={e.otpCode?.message} />}
    >
      <MoneyAmountField control={control} kind="whole" text={K} errors={e} />
      <SelectField label={K.bankLabel} {...register('bank_name')} error={starred(e.bank_name?.message)}>
        <option value="">{K.bankPlaceholder}</option>
        {KRW_BANKS.map((b) => (
          <option key={b} value={b}>
            {b}
          </option>
        ))}
      </SelectField>
      <BankAccountFields text={K} register={register} errors={e} />
      <FieldList fields={[MEMO]} bind={register} error={starredOf(e)} />
      <SummaryList
        title={K.summaryTitle}
        rows={[
          { label: K.summaryBalance, value: balanceText },
          { label: K.summaryAmount, value: won(typed) },
          { label: K.summaryMinimum, value: won(KRW_MIN_WITHDRAWAL) },
          { label: K.summaryFee, value: won(fee) },
          { label: K.summaryTotal, value: won(typed.plus(fee)), strong: true },
        ]}
      />
    </WithdrawalFrame>
  );
}
