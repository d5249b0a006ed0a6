import type { ReactNode } from 'react';
import type { Control, FieldErrors, FieldValues, Path, UseFormRegisterReturn } from 'react-hook-form';
import { type NetworkCode, networkLabelFor } from '../../shared/networks';
import type { AmountKind } from '../lib/amount-input';
import { starred } from '../lib/form-errors';
import { AmountInput } from './amount-input';
import { NoticeBox } from './notice-box';
import { SelectField } from './select-field';

/** The money forms' submit button: full width, disabled until the form may be sent, busy while it is. */
function MoneySubmitButton({
  disabled,
  busy,
  label,
  busyLabel,
}: {
  disabled: boolean;
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={disabled} aria-busy={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

/**
 * A money form's amount (its field `amount`): won on the numeric keypad and read in Korean units, or a
 * crypto amount; `unit` names the currency in the label where the form lets the member change it. Its
 * error is starred, except where SPEC words the minimum differently under the field (`minAmountInline`).
 */
export function MoneyAmountField<T extends FieldValues & { amount: string }>({
  control,
  kind,
  text,
  unit,
  hint,
  errors,
}: {
  control: Control<T>;
  kind: AmountKind;
  text: { amountLabel: string; amountPlaceholder: string; minAmount?: string; minAmountInline?: string };
  unit?: string;
  hint?: string;
  errors: FieldErrors<T>;
}) {
  const message = (errors as FieldErrors<{ amount: string }>).amount?.message;
  return (
    <AmountInput
      control={control}
      name={'amount' as Path<T>}
      kind={kind}
      koreanReading={kind === 'whole'}
      label={unit ? `${text.amountLabel} (${unit})` : text.amountLabel}
      placeholder={text.amountPlaceholder}
      hint={hint}
      error={text.minAmountInline && message === text.minAmount ? text.minAmountInline : starred(message)}
    />
  );
}

/** An address or TXID input: typed exactly as it is (no autocompletion, capitalisation or spelling fixes). */
export const VERBATIM_INPUT = { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false } as const;

/** The network of a crypto deposit, withdrawal or address-book entry, by its label. */
export function NetworkSelect({
  label,
  networks,
  registration,
  error,
  currency = '',
}: {
  label: string;
  /** The currency that travels on it: ETH's own chain reads "이더리움 네트워크" (networkLabelFor). */
  currency?: string;
  networks: readonly NetworkCode[];
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <SelectField label={label} {...registration} error={error}>
      {networks.map((n) => (
        <option key={n} value={n}>
          {networkLabelFor(currency, n)}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * The end of every money form: the one-time code field (withdrawals, when enrolled), the screen's notices,
 * then the submit button.
 */
export function MoneyFormEnd({
  text,
  disabled,
  busy,
  otp,
}: {
  text: { noticeTitle: string; notices: readonly string[]; submit: string; busy: string };
  disabled: boolean;
  busy: boolean;
  otp?: ReactNode;
}) {
  return (
    <>
      {otp}
      <NoticeBox title={text.noticeTitle} items={text.notices} />
      <MoneySubmitButton disabled={disabled} busy={busy} label={text.submit} busyLabel={text.busy} />
    </>
  );
}
