import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { KRW_BANKS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages/member';
import { type KrwDepositBody, krwDepositBodySchema } from '../../../shared/schemas/deposits';
import { AmountInput } from '../../components/amount-input';
import { PageHeading } from '../../components/back-button';
import { Field } from '../../components/field';
import { BankAccountFields, MoneyFormEnd } from '../../components/money-form-parts';
import { ApiError } from '../../lib/api';
import { starred } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useMoneySubmit } from '../../lib/use-money-submit';
import { createKrwDeposit, DEPOSIT_REFETCH } from './use-deposits';

const K = MSG.depositKrw;
const FIELDS = ['bank_name', 'account_number', 'account_holder', 'amount', 'depositor_name'] as const;
const EMPTY = { bank_name: '', account_number: '', account_holder: '', amount: '' };

/** The inline wording SPEC gives under the amount field differs from the warning. */
const amountInline = (message: string | undefined) =>
  message === K.minAmount ? K.minAmountInline : starred(message);

export function KrwDepositPage() {
  const { data: session } = useSession();
  const fullName = session?.user.full_name ?? '';
  const { register, handleSubmit, formState, reset, setError, getValues, setValue, control } =
    useForm<KrwDepositBody>({
      resolver: zodResolver(krwDepositBodySchema),
      mode: 'onChange',
      defaultValues: { ...EMPTY, depositor_name: fullName },
    });
  const e = formState.errors;
  const { submit, busy } = useMoneySubmit({
    send: createKrwDeposit,
    refetch: DEPOSIT_REFETCH,
    fields: FIELDS,
    setError,
    loginRequired: K.loginRequired,
    onSuccess: () => {
      // Cleared except the depositor name (SPEC).
      reset({ ...EMPTY, depositor_name: getValues('depositor_name') });
      toast.success(K.success);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 400) toast.error(err.message);
      else toast.error(err instanceof ApiError && err.code !== 'NETWORK' ? K.failed : K.unexpected);
    },
  });

  // The depositor name is prefilled from the profile once it is known.
  useEffect(() => {
    if (fullName && !getValues('depositor_name'))
      setValue('depositor_name', fullName, { shouldValidate: true });
  }, [fullName, getValues, setValue]);

  const onSubmit = handleSubmit(submit);

  return (
    <section className="page">
      <PageHeading title={K.title} backLabel={K.back} fallback="/assets?asset=KRW" />
      <form onSubmit={onSubmit} noValidate className="form">
        <Field
          label={K.bankLabel}
          placeholder={K.bankPlaceholder}
          list="krw-bank-names"
          autoComplete="off"
          {...register('bank_name')}
          error={starred(e.bank_name?.message)}
        />
        <datalist id="krw-bank-names">
          {KRW_BANKS.map((b) => (
            <option key={b} value={b} />
          ))}
        </datalist>
        <BankAccountFields text={K} register={register} errors={e} />
        <AmountInput
          control={control}
          name="amount"
          kind="whole"
          koreanReading
          label={K.amountLabel}
          placeholder={K.amountPlaceholder}
          hint={K.minimum}
          error={amountInline(e.amount?.message)}
        />
        <Field
          label={K.depositorLabel}
          placeholder={K.depositorPlaceholder}
          autoComplete="name"
          {...register('depositor_name')}
          error={starred(e.depositor_name?.message)}
        />
        <MoneyFormEnd text={K} disabled={!formState.isValid || busy} busy={busy} />
      </form>
    </section>
  );
}
