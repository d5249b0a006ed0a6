import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { D } from '../../shared/decimal';
import { koreanWon } from '../../shared/format';
import { type AmountKind, groupAmount, reformatAmount } from '../lib/amount-input';
import { Field } from './field';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'type' | 'inputMode'
>;

interface AmountInputProps<T extends FieldValues> extends InputProps {
  control: Control<T>;
  name: Path<T>;
  /** `whole`: KRW (numeric keypad, digits only). `decimal`: crypto (decimal keypad, one point). */
  kind: AmountKind;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** KRW: the amount read in Korean units under the field (1만 원, 1억 2,345만 원). */
  koreanReading?: boolean;
}

/** From 1만 (ten thousand) won up the Korean reading helps; below it the grouped digits say it all. */
const READING_FROM = 10_000;

/**
 * An amount field as Korean finance apps have it: the phone's numeric or decimal keypad, the digits
 * grouped as they are typed (10,000) with the caret kept beside the digit it was beside, and for won the
 * amount in Korean units under it. The form's value stays the plain amount ("10000") that the shared
 * schema reads.
 */
export function AmountInput<T extends FieldValues>({
  control,
  name,
  kind,
  koreanReading = false,
  ...rest
}: AmountInputProps<T>) {
  const { field } = useController({ control, name });
  const raw = typeof field.value === 'string' ? field.value : '';

  const onChange = (ev: ChangeEvent<HTMLInputElement>) => {
    const el = ev.target;
    const next = reformatAmount({
      typed: el.value,
      caret: el.selectionStart ?? el.value.length,
      previous: raw,
      kind,
      inputType: (ev.nativeEvent as InputEvent | undefined)?.inputType,
    });
    // The DOM gets the grouped text and the caret now; React then renders the same text and leaves both.
    el.value = next.display;
    if (el.ownerDocument.activeElement === el) el.setSelectionRange(next.caret, next.caret);
    field.onChange(next.raw);
  };

  const reading =
    koreanReading && /^\d+$/.test(raw) && new D(raw).gte(READING_FROM) ? koreanWon(raw) : undefined;

  return (
    <Field
      inputMode={kind === 'whole' ? 'numeric' : 'decimal'}
      autoComplete="off"
      className="amount-input"
      {...rest}
      ref={field.ref}
      name={field.name}
      value={groupAmount(raw)}
      onChange={onChange}
      onBlur={field.onBlur}
      aid={reading}
    />
  );
}
