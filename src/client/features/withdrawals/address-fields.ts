import { MSG } from '../../../shared/messages/member-flows';
import type { FieldSpec } from '../../components/field';
import { VERBATIM_INPUT } from '../../components/money-form-parts';

const W = MSG.withdraw;

/** The recipient's address: typed into a crypto withdrawal, or saved in the address book. */
export const addressField = <N extends string>(name: N): FieldSpec<N> => ({
  name,
  label: W.recipientAddressLabel,
  placeholder: W.recipientAddressPlaceholder,
  ...VERBATIM_INPUT,
});

/** The XRP Ledger's destination tag (digits), asked beside an address on that network only. */
export const TAG_FIELD: FieldSpec<'destination_tag'> = {
  name: 'destination_tag',
  label: W.tagLabel,
  placeholder: W.tagPlaceholder,
  inputMode: 'numeric',
  autoComplete: 'off',
  hint: W.tagWarning,
};
