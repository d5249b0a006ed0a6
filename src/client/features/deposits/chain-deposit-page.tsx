import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ADDRESS_PLACEHOLDERS } from '../../../shared/constants';
import { formatAsset } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member-flows';
import { DEPOSIT_NETWORKS, type DepositNetwork, networkLabelFor } from '../../../shared/networks';
import {
  type AddressDepositCurrency,
  type CryptoDepositBody,
  cryptoDepositBodySchema,
} from '../../../shared/schemas/deposits';
import { PageHeading } from '../../components/back-button';
import { FieldList, type FieldSpec } from '../../components/field';
import { MoneyAmountField, MoneyFormEnd, VERBATIM_INPUT } from '../../components/money-form-parts';
import { errorMessage } from '../../lib/api';
import { starredOf } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useMoneySubmit } from '../../lib/use-money-submit';
import { DepositDone } from './deposit-done';
import {
  ClaimFold,
  ContactAdmin,
  CopyRow,
  DepositFacts,
  DepositQr,
  HistoryLink,
  NotConnected,
} from './deposit-parts';
import { CRYPTO_DEPOSIT, useDepositAddress } from './use-deposits';

const M = MSG.deposit;
const S = MSG.depositScreen;
/** The networks each coin of this page arrives on: USDT on TRON (first) or Ethereum, ETH on Ethereum. */
const NETWORKS: Record<AddressDepositCurrency, readonly DepositNetwork[]> = {
  USDT: DEPOSIT_NETWORKS,
  ETH: ['ERC20'],
};
/** What identifies the transfer on the chain: typed exactly as the wallet shows it. */
const TRANSFER: FieldSpec<keyof CryptoDepositBody>[] = [
  { name: 'txid', label: M.txidLabel, placeholder: M.txidPlaceholder, ...VERBATIM_INPUT },
  { name: 'sender_address', label: M.senderLabel, placeholder: M.senderPlaceholder, ...VERBATIM_INPUT },
];

/**
 * A coin deposited to the member's own address (USDT, ETH), in Upbit's order: the network → the address
 * with its QR code and copy button → the minimum, the confirmations and the wrong-network warning; the
 * deposit then appears in 내역 by itself. A network whose chain the server does not read says so in one
 * sentence and shows nothing to send to. The TXID claim is folded away for what the scan cannot see
 * (USDT only: the server checks USDT transfers it is told of); ETH's fold sends the member to the desk,
 * which looks up ether no standard endpoint shows (decision 0411).
 */
export function ChainDepositPage({ currency }: { currency: AddressDepositCurrency }) {
  const networks = NETWORKS[currency];
  const [network, setNetwork] = useState<DepositNetwork>(networks[0]!);
  // The amount of the claim just taken: the page then shows its done screen.
  const [done, setDone] = useState<string | null>(null);
  const q = useDepositAddress(currency, network);
  useEffect(() => {
    if (q.isError) toast.error(M.addressLoadFailed);
  }, [q.isError]);
  if (done) {
    return (
      <DepositDone
        title={S.done.claimTitle}
        body={S.done.claimBody}
        amount={formatAsset(currency, done)}
        currency={currency}
      />
    );
  }
  const label = networkLabelFor(currency, network);
  const view = q.data;
  const address = view?.connected ? view.address : null;
  const placeholder = q.isPending
    ? ADDRESS_PLACEHOLDERS.preparing
    : q.isError
      ? ADDRESS_PLACEHOLDERS.error
      : ADDRESS_PLACEHOLDERS.contactAdmin;
  return (
    <section className="page">
      <PageHeading title={S.title(currency)} backLabel={M.back} fallback={`/assets/${currency}`} />
      <fieldset className="deposit-networks">
        <legend>{S.networkLabel}</legend>
        {networks.map((n) => (
          <label key={n} className="deposit-network">
            <input
              type="radio"
              name="deposit-network"
              value={n}
              checked={n === network}
              onChange={() => setNetwork(n)}
            />
            {networkLabelFor(currency, n)}
          </label>
        ))}
      </fieldset>
      {view && !view.connected ? (
        <NotConnected text={S.notConnected(currency, label)} />
      ) : (
        <div className="address-box">
          <CopyRow
            id="deposit-address"
            label={S.addressLabel(currency)}
            value={address ?? placeholder}
            rows={2}
            copyable={address !== null}
            aria={S.copyAddressAria(currency)}
            done={S.copied}
          />
          {address ? <DepositQr value={address} label={S.qrLabel(currency)} /> : null}
          {view && !address ? <ContactAdmin url={view.chat_url} /> : null}
          {view && address ? (
            <DepositFacts currency={currency} network={label} confirmations={view.min_confirmations} />
          ) : null}
        </div>
      )}
      <HistoryLink currency={currency} />
      {currency === 'USDT' && address ? (
        <ClaimFold title={S.claimTitle} lead={S.claimLead} intro={S.claimIntro}>
          <UsdtClaimForm key={network} network={network} onDone={setDone} />
        </ClaimFold>
      ) : null}
      {currency === 'ETH' && view && address ? (
        <ClaimFold title={S.claimTitle} lead={S.askDeskLead} intro={S.askDeskIntro} testId="deposit-ask-desk">
          <ContactAdmin url={view.chat_url} />
        </ClaimFold>
      ) : null}
    </section>
  );
}

/** The claim of a USDT transfer to the member's address on `network`, by its TXID, amount and sender. */
function UsdtClaimForm({ network, onDone }: { network: DepositNetwork; onDone: (amount: string) => void }) {
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
    onError: (err) => toast.error(M.failed(errorMessage(err))),
  });
  return (
    <form
      onSubmit={handleSubmit((body) => {
        sent.current = body.amount;
        submit(body);
      })}
      noValidate
      className="form"
    >
      <MoneyAmountField control={control} kind="decimal" text={M} errors={e} />
      <FieldList fields={TRANSFER} bind={register} error={starredOf(e)} />
      <MoneyFormEnd text={M} disabled={!formState.isValid || busy} busy={busy} />
    </form>
  );
}
