import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatWon } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member-flows';
import { type KrwDepositBody, krwDepositBodySchema } from '../../../shared/schemas/deposits';
import { PageHeading } from '../../components/back-button';
import { FieldList, type FieldSpec } from '../../components/field';
import { MoneyAmountField, MoneyFormEnd } from '../../components/money-form-parts';
import { NoOwnAccount, useWonAccounts, WonAccountCard } from '../../components/won-accounts';
import { ApiError } from '../../lib/api';
import { starredOf } from '../../lib/form-errors';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useMoneySubmit } from '../../lib/use-money-submit';
import { DepositDone } from './deposit-done';
import { KRW_DEPOSIT } from './use-deposits';

const K = MSG.depositKrw;
const O = MSG.wonAccounts;
const S = MSG.depositScreen.done;
type Form = { amount: string; depositor_name: string };
const DEPOSITOR: FieldSpec<'depositor_name'> = {
  name: 'depositor_name',
  label: K.depositorLabel,
  placeholder: K.depositorPlaceholder,
  autoComplete: 'name',
};

/**
 * The won deposit: the service's receiving account to send to (with copy buttons; set by the operator),
 * the member's verified own-name account as the sender (read-only: won arrives only from it, which the
 * server checks), the amount and the depositor name. Without a verified account the screen says how to
 * register one. A request taken ends on a done screen: the account to send from, the one to send to, and
 * how long approval takes.
 */
export function KrwDepositPage() {
  const { data: session } = useSession();
  const accounts = useWonAccounts();
  const fullName = session?.user.full_name ?? '';
  const { register, handleSubmit, formState, reset, setError, getValues, setValue, control } = useForm<Form>({
    resolver: zodResolver(krwDepositBodySchema) as never,
    mode: 'onChange',
    defaultValues: { amount: '', depositor_name: fullName },
  });
  const e = formState.errors;
  // The amount of the request just taken: the page then shows its done screen.
  const [done, setDone] = useState<string | null>(null);
  const { submit, busy } = useMoneySubmit<KrwDepositBody, Form>({
    ...KRW_DEPOSIT,
    setError,
    onSuccess: () => {
      setDone(getValues('amount'));
      // Cleared except the depositor name (SPEC).
      reset({ amount: '', depositor_name: getValues('depositor_name') });
    },
    // A refusal stands at its field (or, naming none, is the server's sentence as a toast); this is a
    // failure the member did not cause.
    onError: (err) =>
      toast.error(err instanceof ApiError && err.code !== 'NETWORK' ? K.failed : K.unexpected),
  });

  // The depositor name is prefilled from the profile once it is known.
  useEffect(() => {
    if (fullName && !getValues('depositor_name'))
      setValue('depositor_name', fullName, { shouldValidate: true });
  }, [fullName, getValues, setValue]);

  const data = accounts.data;
  const own = data?.own ?? null;
  if (done !== null) {
    return (
      <DepositDone title={S.krwTitle} body={S.krwBody} amount={formatWon(done)} currency="KRW">
        {own ? <WonAccountCard title={S.krwFrom} account={own} testId="done-own-account" /> : null}
        {data?.receiving ? (
          <WonAccountCard title={S.krwTo} account={data.receiving} copyable testId="done-receiving-account" />
        ) : null}
      </DepositDone>
    );
  }
  return (
    <section className="page">
      <PageHeading title={K.title} backLabel={K.back} fallback="/assets/KRW" />
      {accounts.isError ? <p className="field-hint">{O.loadFailed}</p> : null}
      {data ? (
        data.receiving ? (
          <WonAccountCard
            title={O.receivingTitle}
            help={O.receivingHelp}
            account={data.receiving}
            copyable
            testId="receiving-account"
          />
        ) : (
          <p className="won-card" data-testid="receiving-missing">
            {O.receivingNotSet}
          </p>
        )
      ) : null}
      {data && !own ? <NoOwnAccount status={data.own_status} /> : null}
      {own ? (
        <form onSubmit={handleSubmit((v) => submit(v))} noValidate className="form">
          <WonAccountCard title={O.senderTitle} account={own} testId="own-account" />
          <MoneyAmountField control={control} kind="whole" text={K} hint={K.minimum} errors={e} />
          <FieldList fields={[DEPOSITOR]} bind={register} error={starredOf(e)} />
          <MoneyFormEnd text={K} disabled={!formState.isValid || busy || !data?.receiving} busy={busy} />
        </form>
      ) : null}
    </section>
  );
}
