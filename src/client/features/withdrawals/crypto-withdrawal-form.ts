import { DEFAULT_WITHDRAW_CURRENCY } from '../../../shared/constants';
import { defaultNetworkFor } from '../../../shared/networks';
import type { CryptoWithdrawalBody } from '../../../shared/schemas/withdrawals';

/** The form's values: the body's fields except the second password, asked on the PIN pad at the end. */
export type Form = Required<{
  [K in Exclude<keyof CryptoWithdrawalBody, 'second_password'>]: NonNullable<CryptoWithdrawalBody[K]>;
}>;

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
