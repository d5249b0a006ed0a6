import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { DEFAULT_WITHDRAW_CURRENCY } from '../../../shared/constants';
import { defaultNetworkFor, isNetworkAllowed } from '../../../shared/networks';
import type { CryptoWithdrawalBody } from '../../../shared/schemas/withdrawals';

export type Form = Required<{ [K in keyof CryptoWithdrawalBody]: NonNullable<CryptoWithdrawalBody[K]> }>;

export const DEFAULTS: Form = {
  currency: DEFAULT_WITHDRAW_CURRENCY,
  amount: '',
  method: 'internal',
  recipient_id: '',
  recipient_address: '',
  network: defaultNetworkFor(DEFAULT_WITHDRAW_CURRENCY) ?? 'TRC20',
  destination_tag: '',
  address_id: '',
  travel_rule_name: '',
  travel_rule_exchange: '' as Form['travel_rule_exchange'],
  travel_rule_declared: false,
  otpCode: '',
};

/** Empty withdrawal-rule fields are absent (the form keeps '' in them). */
export const withoutEmptyRuleFields = (v: Form) => ({
  ...v,
  address_id: v.address_id || undefined,
  travel_rule_name: v.travel_rule_name || undefined,
  travel_rule_exchange: v.travel_rule_exchange || undefined,
});

type FormParts = Pick<UseFormReturn<Form>, 'getValues' | 'setValue' | 'getFieldState' | 'trigger'>;

/**
 * The network follows the currency: a new currency starts on its default network, a tag is dropped off
 * the XRP Ledger, and a typed address and tag are checked again on a new network.
 */
export function useNetworkFollowsCurrency({
  currency,
  network,
  getValues,
  setValue,
  getFieldState,
  trigger,
}: FormParts & { currency: Form['currency']; network: Form['network'] }) {
  // A new currency starts on its default network (USDT: TRC20), so a network is never carried over.
  const shownCurrency = useRef(currency);
  useEffect(() => {
    const changed = shownCurrency.current !== currency;
    shownCurrency.current = currency;
    if (changed || !isNetworkAllowed(currency, network)) {
      const next = defaultNetworkFor(currency);
      if (next && next !== network) setValue('network', next, { shouldValidate: true });
    }
  }, [currency, network, setValue]);
  useEffect(() => {
    // A tag belongs to the XRP Ledger only: it is dropped when another network is chosen.
    if (network !== 'XRPL' && getValues('destination_tag') !== '') {
      setValue('destination_tag', '', { shouldValidate: true });
    }
  }, [network, getValues, setValue]);
  useEffect(() => {
    void network;
    if (getFieldState('recipient_address').isDirty) void trigger('recipient_address');
    if (getFieldState('destination_tag').isDirty) void trigger('destination_tag');
  }, [network, getFieldState, trigger]);
}
