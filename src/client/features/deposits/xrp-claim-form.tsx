import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { MSG } from '../../../shared/messages/member-flows';
import { type CryptoDepositBody, cryptoDepositBodySchema } from '../../../shared/schemas/deposits';
import { FieldList, type FieldSpec } from '../../components/field';
import { MoneyAmountField, MoneyFormEnd, VERBATIM_INPUT } from '../../components/money-form-parts';
import { errorMessage } from '../../lib/api';
import { starredOf } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useMoneySubmit } from '../../lib/use-money-submit';
import { ClaimFold } from './deposit-parts';
import { CRYPTO_DEPOSIT } from './use-deposits';

const X = MSG.xrpDeposit;
/** What identifies the payment on the ledger: typed exactly as the sending wallet shows it. */
const PAYMENT: FieldSpec<keyof CryptoDepositBody>[] = [
  { name: 'txid', label: X.txidLabel, placeholder: X.txidPlaceholder, ...VERBATIM_INPUT },
  { name: 'sender_address', label: X.senderLabel, placeholder: X.senderPlaceholder, ...VERBATIM_INPUT },
];
const EMPTY: CryptoDepositBody = { amount: '', network: 'XRPL', txid: '', sender_address: '' };

/**
 * The claim of an XRP payment sent to the service address without the member's tag (the scan cannot tell
 * whose it is): its hash, amount and sender, checked by the server on the XRP Ledger and then reviewed by
 * an administrator. Folded away: a payment sent with the tag needs no claim. Offered only while the server
 * has a ledger connection to check it on.
 */
export function XrpClaimForm({ onDone }: { onDone: (amount: string) => void }) {
  const sent = useRef('');
  const { register, handleSubmit, formState, setError, control } = useForm<CryptoDepositBody>({
    resolver: zodResolver(cryptoDepositBodySchema),
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  const e = formState.errors;
  const { submit, busy } = useMoneySubmit({
    ...CRYPTO_DEPOSIT,
    setError,
    onSuccess: () => {
      onDone(sent.current);
    },
    onError: (err) => toast.error(X.failed(errorMessage(err))),
  });
  return (
    <ClaimFold title={X.claimTitle} lead={X.claimLead} intro={X.claimIntro}>
      <form
        onSubmit={handleSubmit((body) => {
          sent.current = body.amount;
          submit(body);
        })}
        noValidate
        className="form"
      >
        <MoneyAmountField control={control} kind="decimal" text={X} errors={e} />
        <FieldList fields={PAYMENT} bind={register} error={starredOf(e)} />
        <MoneyFormEnd text={X} disabled={!formState.isValid || busy} busy={busy} />
      </form>
    </ClaimFold>
  );
}
