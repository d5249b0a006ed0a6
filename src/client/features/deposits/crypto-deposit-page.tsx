import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { MSG } from '../../../shared/messages/member';
import { DEFAULT_DEPOSIT_NETWORK, DEPOSIT_NETWORKS } from '../../../shared/networks';
import { type CryptoDepositBody, cryptoDepositBodySchema } from '../../../shared/schemas/deposits';
import { AmountInput } from '../../components/amount-input';
import { PageHeading } from '../../components/back-button';
import { Field } from '../../components/field';
import { MoneyFormEnd, NetworkSelect, VERBATIM_INPUT } from '../../components/money-form-parts';
import { errorMessage } from '../../lib/api';
import { starred } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useMoneySubmit } from '../../lib/use-money-submit';
import { DepositAddressBox, useAddressState } from './deposit-address-box';
import { createCryptoDeposit, DEPOSIT_REFETCH } from './use-deposits';

const M = MSG.deposit;
const FIELDS = ['amount', 'network', 'txid', 'sender_address'] as const;

export function CryptoDepositPage() {
  const navigate = useNavigate();
  const { register, handleSubmit, formState, reset, setError, control, watch, getFieldState, trigger } =
    useForm<CryptoDepositBody>({
      resolver: zodResolver(cryptoDepositBodySchema),
      mode: 'onChange',
      defaultValues: { amount: '', network: DEFAULT_DEPOSIT_NETWORK, txid: '', sender_address: '' },
    });
  const network = watch('network') ?? DEFAULT_DEPOSIT_NETWORK;
  // The address shown (and its QR code) is the member's address on the chosen network.
  const address = useAddressState(network);
  useEffect(() => {
    void network;
    for (const f of ['txid', 'sender_address'] as const) if (getFieldState(f).isDirty) void trigger(f);
  }, [network, getFieldState, trigger]);
  const e = formState.errors;
  const { submit, busy } = useMoneySubmit({
    send: createCryptoDeposit,
    refetch: DEPOSIT_REFETCH,
    fields: FIELDS,
    setError,
    loginRequired: MSG.depositKrw.loginRequired,
    onSuccess: () => {
      reset({ amount: '', network, txid: '', sender_address: '' });
      toast.success(M.success);
      navigate('/assets?asset=USDT');
    },
    onError: (err) => toast.error(M.failed(errorMessage(err))),
  });
  const canSubmit = formState.isValid && address.kind === 'ready' && !busy;

  const onSubmit = handleSubmit((body) => {
    if (address.kind !== 'ready') {
      toast.error(M.addressUnavailable);
      return;
    }
    submit(body);
  });

  return (
    <section className="page">
      <PageHeading title={M.title} backLabel={M.back} fallback="/assets?asset=USDT" />
      <form onSubmit={onSubmit} noValidate className="form">
        <AmountInput
          control={control}
          name="amount"
          kind="decimal"
          label={M.amountLabel}
          placeholder={M.amountPlaceholder}
          error={starred(e.amount?.message)}
        />
        <NetworkSelect
          label={M.networkLabel}
          networks={DEPOSIT_NETWORKS}
          registration={register('network')}
          error={starred(e.network?.message)}
        />
        <DepositAddressBox state={address} />
        <Field
          label={M.txidLabel}
          placeholder={M.txidPlaceholder}
          {...VERBATIM_INPUT}
          {...register('txid')}
          error={starred(e.txid?.message)}
        />
        <Field
          label={M.senderLabel}
          placeholder={M.senderPlaceholder}
          {...VERBATIM_INPUT}
          {...register('sender_address')}
          error={starred(e.sender_address?.message)}
        />
        <MoneyFormEnd text={M} disabled={!canSubmit} busy={busy} />
      </form>
    </section>
  );
}
