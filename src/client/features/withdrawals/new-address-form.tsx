import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { EXCHANGES } from '../../../shared/exchanges';
import { MSG } from '../../../shared/messages/member-flows';
import { NETWORK_CODES, type NetworkCode } from '../../../shared/networks';
import {
  type RegisterAddressBody,
  registerAddressBodySchema,
  type WithdrawalAddressView,
} from '../../../shared/schemas/withdrawal-rules';
import { FieldList, type FieldSpec, PIN_INPUT } from '../../components/field';
import { BlockSubmit } from '../../components/form-end';
import { NetworkSelect } from '../../components/money-form-parts';
import { SelectField } from '../../components/select-field';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors, starred, starredOf } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useWithdrawalRules } from '../../lib/use-wallet-queries';
import { addressField, TAG_FIELD } from './address-fields';
import { useRegisterAddress } from './use-withdrawal-rules';

const R = MSG.wrules;
const W = MSG.withdraw;
type Form = Required<{ [K in keyof RegisterAddressBody]: NonNullable<RegisterAddressBody[K]> }>;
const FIELDS = [
  'network',
  'address',
  'destination_tag',
  'label',
  'wallet_kind',
  'exchange',
  'second_password',
] as const;
const DEFAULTS: Form = {
  network: 'TRC20' as NetworkCode,
  address: '',
  destination_tag: '',
  label: '',
  wallet_kind: 'own',
  exchange: 'upbit',
  second_password: '',
};
const ADDRESS = addressField('address');
const LABEL: FieldSpec<'label'> = {
  name: 'label',
  label: R.labelLabel,
  placeholder: R.labelPlaceholder,
  autoComplete: 'off',
};
const SECOND_PASSWORD: FieldSpec<'second_password'> = {
  name: 'second_password',
  label: R.secondPasswordLabel,
  hint: R.secondPasswordHelp,
  ...PIN_INPUT,
};

/**
 * Registering a withdrawal address (second password required; usable after the waiting period): on the
 * address-book page, and inline in the withdrawal's recipient step (`networks`: the chosen asset's).
 */
export function NewAddressForm(props: {
  networks?: readonly NetworkCode[];
  onRegistered?: (a: WithdrawalAddressView) => void;
}) {
  const networks = props.networks ?? NETWORK_CODES;
  const rules = useWithdrawalRules();
  const register_ = useRegisterAddress();
  const { register, handleSubmit, formState, watch, setError, reset } = useForm<Form>({
    resolver: (values, ctx, opts) =>
      zodResolver(registerAddressBodySchema)(
        {
          ...values,
          destination_tag: values.network === 'XRPL' ? values.destination_tag : '',
          exchange: values.wallet_kind === 'exchange' ? values.exchange : null,
        } as never,
        ctx,
        opts as never,
      ) as never,
    mode: 'onTouched',
    defaultValues: { ...DEFAULTS, network: networks[0] ?? DEFAULTS.network },
  });
  const e = formState.errors;
  const bound = { bind: register, error: starredOf(e) };
  const [network, walletKind, tag] = watch(['network', 'wallet_kind', 'destination_tag']);
  // An XRP address saved without a tag: the member says it is their own wallet, not an exchange's.
  const [ownNoTag, setOwnNoTag] = useState(false);
  const [ownNoTagError, setOwnNoTagError] = useState(false);
  const asksOwnNoTag = network === 'XRPL' && walletKind === 'own' && tag.trim() === '';

  const onSubmit = handleSubmit((v) => {
    if (asksOwnNoTag && !ownNoTag) {
      setOwnNoTagError(true);
      return;
    }
    register_.mutate(
      {
        network: v.network,
        address: v.address,
        ...(v.network === 'XRPL' && v.destination_tag ? { destination_tag: v.destination_tag } : {}),
        label: v.label,
        wallet_kind: v.wallet_kind,
        exchange: v.wallet_kind === 'exchange' ? v.exchange : null,
        second_password: v.second_password,
      },
      {
        onSuccess: (a) => {
          toast.success(R.registered);
          reset({ ...DEFAULTS, network: networks[0] ?? DEFAULTS.network });
          setOwnNoTag(false);
          props.onRegistered?.(a);
        },
        onError: (err) => {
          applyFieldErrors(err, setError, FIELDS);
          toast.error(errorMessage(err));
        },
      },
    );
  });

  return (
    <>
      {rules.data ? <p className="field-hint">{R.delayNotice(rules.data.address_delay_hours)}</p> : null}
      <form onSubmit={onSubmit} noValidate className="form">
        <NetworkSelect
          label={W.networkLabel}
          networks={networks}
          registration={register('network')}
          error={starred(e.network?.message)}
        />
        <FieldList fields={network === 'XRPL' ? [ADDRESS, TAG_FIELD, LABEL] : [ADDRESS, LABEL]} {...bound} />
        <SelectField
          label={R.walletKindLabel}
          {...register('wallet_kind')}
          error={starred(e.wallet_kind?.message)}
        >
          <option value="own">{R.walletOwn}</option>
          <option value="exchange">{R.walletExchange}</option>
        </SelectField>
        {walletKind === 'exchange' ? (
          <SelectField label={R.exchangeLabel} {...register('exchange')} error={starred(e.exchange?.message)}>
            {EXCHANGES.map((x) => (
              <option key={x.code} value={x.code}>
                {x.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        {asksOwnNoTag ? (
          <div>
            <label className="check">
              <input
                type="checkbox"
                checked={ownNoTag}
                onChange={(ev) => {
                  setOwnNoTag(ev.target.checked);
                  setOwnNoTagError(false);
                }}
              />
              <span>{W.noTagOwnWallet}</span>
            </label>
            {ownNoTagError ? (
              <p className="field-error" role="alert">
                {starred(W.noTagConfirmRequired)}
              </p>
            ) : null}
          </div>
        ) : null}
        <FieldList fields={[SECOND_PASSWORD]} {...bound} />
        <BlockSubmit busy={register_.isPending} label={R.registerSubmit} busyLabel={W.busy} />
      </form>
    </>
  );
}
