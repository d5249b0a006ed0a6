import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { KRW_BANKS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages/member';
import { type KrwDepositBody, krwDepositBodySchema } from '../../../shared/schemas/deposits';
import { PageHeading } from '../../components/back-button';
import { FieldList, type FieldSpec } from '../../components/field';
import { BankAccountFields, MoneyAmountField, MoneyFormEnd } from '../../components/money-form-parts';
import { ApiError } from '../../lib/api';
import { starredOf } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useMoneySubmit } from '../../lib/use-money-submit';
import { KRW_DEPOSIT } from './use-deposits';

const K = MSG.depositKrw;
const EMPTY = { bank_name: '', account_number: '', account_holder: '', amount: '' };
const BANK: FieldSpec<'bank_name'> = {
  name: 'bank_name',
  label: K.bankLabel,
  placeholder: K.bankPlaceholder,
  list: 'krw-bank-names',
  autoComplete: 'off',
};
const DEPOSITOR: FieldSpec<'depositor_name'> = {
  name: 'depositor_name',
  label: K.depositorLabel,
  placeholder: K.depositorPlaceholder,
  autoComplete: 'name',
};

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
  const bound = { bind: register, error: starredOf(e) };
  const { submit, busy } = useMoneySubmit({
    ...KRW_DEPOSIT,
    setError,
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

  return (
    <section className="page">
      <PageHeading title={K.title} backLabel={K.back} fallback="/assets?asset=KRW" />
      <form onSubmit={handleSubmit(submit)} noValidate className="form">
        <FieldList fields={[BANK]} {...bound} />
        <datalist id="krw-bank-names">
          {KRW_BANKS.map((b) => (
            <option key={b} value={b} />
          ))}
        </datalist>
        <BankAccountFields text={K} register={register} errors={e} />
        <MoneyAmountField control={control} kind="whole" text={K} hint={K.minimum} errors={e} />
        <FieldList fields={[DEPOSITOR]} {...bound} />
        <MoneyFormEnd text={K} disabled={!formState.isValid || busy} busy={busy} />
      </form>
    </section>
  );
}
