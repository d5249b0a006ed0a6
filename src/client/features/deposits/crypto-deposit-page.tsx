import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { CRYPTO_DEPOSIT_CURRENCY } from '../../../shared/constants';
import { MSG } from '../../../shared/messages/member-flows';
import {
  DEFAULT_DEPOSIT_NETWORK,
  DEPOSIT_CURRENCIES,
  DEPOSIT_NETWORKS,
  type DepositNetwork,
} from '../../../shared/networks';
import { type CryptoDepositBody, cryptoDepositBodySchema } from '../../../shared/schemas/deposits';
import { PageHeading } from '../../components/back-button';
import { FieldList, type FieldSpec } from '../../components/field';
import {
  MoneyAmountField,
  MoneyFormEnd,
  NetworkSelect,
  VERBATIM_INPUT,
} from '../../components/money-form-parts';
import { errorMessage } from '../../lib/api';
import { starred, starredOf } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useMoneySubmit } from '../../lib/use-money-submit';
import { DepositAddressBox, useAddressState } from './deposit-address-box';
import { CRYPTO_DEPOSIT } from './use-deposits';
import { XrpDepositPage } from './xrp-deposit-page';

const M = MSG.deposit;
/** What identifies the transfer on the chain: typed exactly as the wallet shows it. */
const TRANSFER: FieldSpec<keyof CryptoDepositBody>[] = [
  { name: 'txid', label: M.txidLabel, placeholder: M.txidPlaceholder, ...VERBATIM_INPUT },
  { name: 'sender_address', label: M.senderLabel, placeholder: M.senderPlaceholder, ...VERBATIM_INPUT },
];

/**
 * /assets/deposit/:currency — each currency's own deposit screen, never another currency's address:
 * USDT (also at /assets/deposit) claims a transfer to the member's USDT address; XRP shows the service
 * address with the member's tag (xrp-deposit-page.tsx); KRW goes to the won deposit screen; a currency the service takes no deposits of says so, and where members can deposit.
 */
export function CryptoDepositPage() {
  const { currency = 'USDT' } = useParams();
  const code = currency.toUpperCase();
  if (code === 'KRW') return <Navigate to="/assets/deposit-krw" replace />;
  if (code === 'XRP') return <XrpDepositPage />;
  if (code !== CRYPTO_DEPOSIT_CURRENCY) return <NoDeposit currency={code} />;
  return <UsdtDepositPage />;
}

function NoDeposit({ currency }: { currency: string }) {
  useEffect(() => window.scrollTo(0, 0), []);
  return (
    <section className="page" data-testid="no-deposit">
      <PageHeading title={M.otherTitle(currency)} backLabel={M.back} fallback={`/assets/${currency}`} />
      <p>{M.otherUnavailable(currency)}</p>
      <div className="form">
        {DEPOSIT_CURRENCIES.map((c) => (
          <Link
            key={c}
            className="btn btn-secondary btn-block"
            to={c === 'KRW' ? '/assets/deposit-krw' : `/assets/deposit/${c}`}
          >
            {M.otherGo(c === 'KRW' ? MSG.depositKrw.title : c === 'XRP' ? MSG.xrpDeposit.title : M.title)}
          </Link>
        ))}
      </div>
    </section>
  );
}

function UsdtDepositPage() {
  const navigate = useNavigate();
  // The screen opens at its title, wherever the previous page was scrolled to.
  useEffect(() => window.scrollTo(0, 0), []);
  const { register, handleSubmit, formState, reset, setError, control, watch, getFieldState, trigger } =
    useForm<CryptoDepositBody>({
      resolver: zodResolver(cryptoDepositBodySchema),
      mode: 'onChange',
      defaultValues: { amount: '', network: DEFAULT_DEPOSIT_NETWORK, txid: '', sender_address: '' },
    });
  // This form offers USDT's networks only (the XRP claim has its own page).
  const network = (watch('network') ?? DEFAULT_DEPOSIT_NETWORK) as DepositNetwork;
  // The address shown (and its QR code) is the member's address on the chosen network.
  const address = useAddressState(network);
  useEffect(() => {
    void network;
    for (const f of ['txid', 'sender_address'] as const) if (getFieldState(f).isDirty) void trigger(f);
  }, [network, getFieldState, trigger]);
  const e = formState.errors;
  const { submit, busy } = useMoneySubmit({
    ...CRYPTO_DEPOSIT,
    setError,
    onSuccess: () => {
      reset({ amount: '', network, txid: '', sender_address: '' });
      toast.success(M.success);
      navigate('/assets/USDT');
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
      <PageHeading title={M.title} backLabel={M.back} fallback="/assets/USDT" />
      <form onSubmit={onSubmit} noValidate className="form">
        <MoneyAmountField control={control} kind="decimal" text={M} errors={e} />
        <NetworkSelect
          label={M.networkLabel}
          networks={DEPOSIT_NETWORKS}
          registration={register('network')}
          error={starred(e.network?.message)}
        />
        <DepositAddressBox state={address} />
        <FieldList fields={TRANSFER} bind={register} error={starredOf(e)} />
        <MoneyFormEnd text={M} disabled={!canSubmit} busy={busy} />
      </form>
    </section>
  );
}
