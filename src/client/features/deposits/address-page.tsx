import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ADDRESS_PLACEHOLDERS } from '../../../shared/constants';
import { formatAsset } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member-flows';
import { type CryptoDepositBody, cryptoDepositBodySchema } from '../../../shared/schemas/deposits';
import { PageHeading } from '../../components/back-button';
import { FieldList, type FieldSpec } from '../../components/field';
import { MoneyAmountField, MoneyFormEnd, VERBATIM_INPUT } from '../../components/money-form-parts';
import { errorMessage } from '../../lib/api';
import { starredOf } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useMoneySubmit } from '../../lib/use-money-submit';
import { DepositDone } from './deposit-done';
import { ContactAdmin, HistoryLink, NotConnected } from './deposit-parts';
import { CRYPTO_DEPOSIT } from './use-deposits';

const M = MSG.deposit;
const S = MSG.depositScreen;

/** The words of a claim form: the amount, the transfer's two fields and the end of the form. */
type ClaimText = Parameters<typeof MoneyAmountField>[0]['text'] &
  Parameters<typeof MoneyFormEnd>[0]['text'] & {
    txidLabel: string;
    txidPlaceholder: string;
    senderLabel: string;
    senderPlaceholder: string;
    failed: (reason: string) => string;
  };

/**
 * The claim of a transfer the scan cannot attribute (a USDT transfer it is not told of, an XRP payment
 * sent without the member's tag): its TXID, amount and sender, typed exactly as the sending wallet shows
 * them, checked by the server on the chain and then reviewed by an administrator. `onDone` gets the amount.
 */
export function ClaimForm({
  text,
  network,
  onDone,
}: {
  text: ClaimText;
  network: CryptoDepositBody['network'];
  onDone: (amount: string) => void;
}) {
  const sent = useRef('');
  const { register, handleSubmit, formState, setError, control } = useForm<CryptoDepositBody>({
    resolver: zodResolver(cryptoDepositBodySchema),
    mode: 'onChange',
    defaultValues: { amount: '', network, txid: '', sender_address: '' },
  });
  const e = formState.errors;
  const { submit, busy } = useMoneySubmit({
    ...CRYPTO_DEPOSIT,
    setError,
    onSuccess: () => {
      onDone(sent.current);
    },
    onError: (err) => toast.error(text.failed(errorMessage(err))),
  });
  const fields: FieldSpec<keyof CryptoDepositBody>[] = [
    { name: 'txid', label: text.txidLabel, placeholder: text.txidPlaceholder, ...VERBATIM_INPUT },
    {
      name: 'sender_address',
      label: text.senderLabel,
      placeholder: text.senderPlaceholder,
      ...VERBATIM_INPUT,
    },
  ];
  return (
    <form
      onSubmit={handleSubmit((body) => {
        sent.current = body.amount;
        submit(body);
      })}
      noValidate
      className="form"
    >
      <MoneyAmountField control={control} kind="decimal" text={text} errors={e} />
      <FieldList fields={fields} bind={register} error={starredOf(e)} />
      <MoneyFormEnd text={text} disabled={!formState.isValid || busy} busy={busy} />
    </form>
  );
}

/**
 * The frame of a coin's deposit page (chain-deposit-page.tsx, xrp-deposit-page.tsx): the heading, what
 * stands above the address (`picker`, the network choice), the address box, the way to 내역, and below,
 * folded, the claim of what the scan cannot see. `box` fills the address box; until there is an address
 * its field shows `placeholder` (preparing, failed, or ask the administrator) and the administrator chat
 * follows. A chain the server does not read says so in one sentence (`offText`) instead of the box. After a
 * claim the page is its done screen.
 */
export function AddressPage(props: {
  query: {
    isPending: boolean;
    isError: boolean;
    data?: { connected: boolean; chat_url: string } | undefined;
  };
  currency: string;
  title: string;
  picker?: ReactNode;
  offText: string;
  /** Whether the address (and what goes with it) is there to send to. */
  ready: boolean;
  box: (placeholder: string) => ReactNode;
  claim: (onClaimed: (amount: string) => void) => ReactNode;
}) {
  const { query, currency } = props;
  const [claimed, setClaimed] = useState<string | null>(null);
  useEffect(() => {
    if (query.isError) toast.error(M.addressLoadFailed);
  }, [query.isError]);
  if (claimed !== null) {
    return (
      <DepositDone
        title={S.done.claimTitle}
        body={S.done.claimBody}
        amount={formatAsset(currency, claimed)}
        currency={currency}
      />
    );
  }
  const view = query.data;
  const placeholder = query.isPending
    ? ADDRESS_PLACEHOLDERS.preparing
    : query.isError
      ? ADDRESS_PLACEHOLDERS.error
      : ADDRESS_PLACEHOLDERS.contactAdmin;
  return (
    <section className="page">
      <PageHeading title={props.title} backLabel={M.back} fallback={`/assets/${currency}`} />
      {props.picker}
      {view && !view.connected ? (
        <NotConnected text={props.offText} />
      ) : (
        <div className="address-box">
          {props.box(placeholder)}
          {view && !props.ready ? <ContactAdmin url={view.chat_url} /> : null}
        </div>
      )}
      <HistoryLink currency={currency} />
      {props.ready ? props.claim(setClaimed) : null}
    </section>
  );
}
