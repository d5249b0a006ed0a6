import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { WITHDRAW_CURRENCIES } from '../../../shared/constants';
import { amountProblem, D, type Dec } from '../../../shared/decimal';
import { payoutOf, withdrawalFee } from '../../../shared/fees';
import { formatKrw } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member-flows';
import { isNetworkAllowed, type NetworkCode, networkLabelFor, networksFor } from '../../../shared/networks';
import type { WithdrawalAddressView } from '../../../shared/schemas/withdrawal-rules';
import {
  type CryptoWithdrawalInput,
  cryptoWithdrawalBodyFromForm,
  cryptoWithdrawalFormSchema,
} from '../../../shared/schemas/withdrawals';
import { useSession } from '../../lib/session';
import { usePrices } from '../../lib/use-wallet-queries';
import { BlockedNotice, useBlocks } from './blocks';
import { WithdrawalDone } from './confirm-sheet';
import { AmountStep, cryptoConfirmRows } from './crypto-amount-step';
import { AssetStep, type Currency, coin, RecipientStep } from './crypto-steps';
import { DEFAULTS, type Form, withoutEmptyRuleFields } from './crypto-withdrawal-form';
import { ConfirmThenPin, useWithdrawalSubmit } from './pin-step';
import { CRYPTO_WITHDRAWAL } from './requests';
import { useTravelRuleNeeded } from './rule-fields';
import { useWithdrawable } from './use-available';
import { useWithdrawalCheck } from './use-check';
import { WithdrawTabs } from './withdraw-tabs';
import './withdrawals.css';

const W = MSG.withdraw;
const S = MSG.steps;
type Step = 'asset' | 'recipient' | 'amount' | 'confirm' | 'pin' | 'done';

/** The form's fields by the step they stand on (the one-time code stands on the PIN pad). */
const RECIPIENT_FIELDS: readonly string[] = [
  'recipient_id',
  'recipient_address',
  'address_id',
  'network',
  'destination_tag',
];
const STEP_FIELDS: readonly string[] = CRYPTO_WITHDRAWAL.fields.filter((f) => f !== 'otpCode');
const isCurrency = (c: string | null): c is Currency =>
  !!c && (WITHDRAW_CURRENCIES as readonly string[]).includes(c);
const validAmount = (t: string) => (amountProblem(t.trim()) === null ? new D(t.trim()) : null);

/**
 * The crypto withdrawal in steps, one decision per screen: asset → recipient (the address book, a new
 * address registered inline, or a member) → amount (chips, the won value) → a confirmation sheet with every
 * fact → the second password on the PIN pad (and the one-time code when enrolled) → done. A rule that stops
 * the member (the hold after a won deposit, a used-up daily limit) is shown before the first step, with the
 * time left, and the way on is closed. The server checks everything again.
 */
export function CryptoWithdrawalPage() {
  const [params] = useSearchParams();
  const preset = params.get('asset');
  const [step, setStep] = useState<Step>(isCurrency(preset) ? 'recipient' : 'asset');
  /** The address-book entry chosen: what it knows of the travel rule is not asked again. */
  const [entry, setEntry] = useState<WithdrawalAddressView | null>(null);
  const fullName = useSession().data?.user.full_name ?? '';
  const withdrawable = useWithdrawable();
  const prices = usePrices();

  const availableRef = useRef<Dec | null>(null);
  const resolver: Resolver<Form> = (values, ctx, opts) =>
    zodResolver(cryptoWithdrawalFormSchema(availableRef.current, values.currency))(
      withoutEmptyRuleFields(values) as never,
      ctx,
      opts as never,
    ) as never;
  const form = useForm<Form>({
    resolver,
    mode: 'onChange',
    defaultValues: {
      ...DEFAULTS,
      method: 'external',
      ...(isCurrency(preset)
        ? { currency: preset, network: networksFor(preset)[0] ?? DEFAULTS.network }
        : {}),
    },
  });
  const { formState, watch, setValue, trigger, getValues } = form;
  const e = formState.errors;
  const [currency, method, amountText, network] = watch(['currency', 'method', 'amount', 'network']);
  const balance = withdrawable.byCurrency(currency);
  availableRef.current = balance?.available ?? null;
  const blocks = useBlocks('crypto');
  const travel = useTravelRuleNeeded(currency, amountText, method === 'external');
  const price = prices.data?.items.find((i) => i.symbol === currency)?.krw_price ?? null;
  const withdrawal = useWithdrawalSubmit({
    ...CRYPTO_WITHDRAWAL,
    form,
    step: [step, setStep],
    onRefused: (err) => {
      // A refusal of the request itself: back to the step of its field, where the message now stands.
      const fields = Object.keys(err.fields ?? {}).filter((f) => STEP_FIELDS.includes(f));
      if (fields.length === 0) return;
      withdrawal.clearPinError();
      setStep(fields.some((f) => RECIPIENT_FIELDS.includes(f)) ? 'recipient' : 'amount');
    },
  });

  // The network of the chosen entry; until one is chosen, the asset's first (the fee of a pair that exists).
  const shownNetwork = isNetworkAllowed(currency, network) ? network : (networksFor(currency)[0] ?? network);
  const fee = withdrawalFee(currency, method, shownNetwork);
  const amount = validAmount(amountText);
  const amountOk = amount !== null && !e.amount && payoutOf(amount, fee).gt(0);
  const wonText = amount && price ? S.wonValue(formatKrw(amount.times(price))) : null;

  const chooseAsset = (c: Currency) => {
    setValue('currency', c, { shouldValidate: false });
    setValue('network', (networksFor(c)[0] ?? 'TRC20') as NetworkCode);
    setValue('address_id', '');
    setValue('recipient_address', '');
    setValue('destination_tag', '');
    setValue('amount', '');
    setStep('recipient');
  };
  const pickAddress = (a: WithdrawalAddressView) => {
    const own = a.wallet_kind === 'own';
    setEntry(a);
    setValue('method', 'external');
    setValue('address_id', a.id, { shouldValidate: true });
    setValue('network', a.network, { shouldValidate: true });
    setValue('recipient_address', a.address, { shouldValidate: true, shouldDirty: true });
    setValue('destination_tag', a.destination_tag ?? '', { shouldValidate: true });
    // The travel rule's facts the entry holds: an own wallet is the member's, declared when it was
    // registered; an exchange's wallet names the exchange (the holder's name is still asked).
    setValue('travel_rule_exchange', (own ? 'personal' : a.exchange) as never);
    setValue('travel_rule_declared', own);
    setValue('travel_rule_name', own ? fullName : '');
  };
  const pickMember = () => {
    setEntry(null);
    setValue('method', 'internal');
    setValue('address_id', '');
  };
  const bodyOf = (pin: string) =>
    cryptoWithdrawalBodyFromForm(
      withoutEmptyRuleFields(getValues()) as unknown as CryptoWithdrawalInput,
      pin,
    );
  const server = useWithdrawalCheck<Form>({
    path: '/withdrawals/crypto/check',
    fields: STEP_FIELDS as never,
    setError: form.setError,
  });
  const toConfirm = async () => {
    if (!(await trigger())) return;
    const { second_password: _pin, otpCode: _otp, ...body } = bodyOf('');
    const refused = await server.check(body);
    if (refused === null) {
      withdrawal.clearPinError();
      setStep('confirm');
    } else if (refused.some((f) => RECIPIENT_FIELDS.includes(f))) setStep('recipient');
  };
  const send = (pin: string) => withdrawal.submit(bodyOf(pin));

  if (step === 'done') {
    const v = getValues();
    const next =
      method === 'internal'
        ? S.doneInternal(v.recipient_id)
        : S.doneExternal(networkLabelFor(currency, shownNetwork));
    return <WithdrawalDone amount={amount ? coin(amount, currency) : ''} currency={currency} next={next} />;
  }

  return (
    <section className="page wd">
      <h1 className="page-title">{W.title}</h1>
      <WithdrawTabs />
      <BlockedNotice blocks={blocks.blocks} />
      {step === 'asset' ? (
        <AssetStep withdrawable={withdrawable} disabled={blocks.all} onChoose={chooseAsset} />
      ) : null}
      {step === 'recipient' ? (
        <RecipientStep
          form={form}
          currency={currency}
          blockedAll={blocks.all}
          blockedExternal={blocks.external}
          onPick={pickAddress}
          onPickMember={pickMember}
          onBack={() => setStep('asset')}
          onNext={() => setStep('amount')}
        />
      ) : null}
      {step === 'amount' || step === 'confirm' ? (
        <AmountStep
          form={form}
          currency={currency}
          balance={balance}
          price={price}
          fee={fee}
          amount={amount}
          amountOk={amountOk}
          wonText={wonText}
          travel={travel}
          entryKind={method === 'external' ? (entry?.wallet_kind ?? null) : null}
          checking={server.busy}
          stepError={server.stepError}
          blocked={blocks.all || (method === 'external' && blocks.external)}
          onBack={() => setStep('recipient')}
          onNext={() => void toConfirm()}
        />
      ) : null}
      <ConfirmThenPin
        withdrawal={withdrawal}
        attempts={server.attempts}
        rows={amount ? cryptoConfirmRows(getValues(), { network: shownNetwork, amount, fee, wonText }) : null}
        onBack={() => setStep('amount')}
        onComplete={send}
      />
    </section>
  );
}
