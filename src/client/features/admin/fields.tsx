import {
  type ComponentProps,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useState,
} from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { MSG } from '../../../shared/messages';
import { Field } from '../../components/field';
import { useMember } from './api';
import { useDebounced } from './kit';

const R = MSG.deskRecords.filters;

/**
 * The controls of the administrator forms and list filters: a form field bound to its react-hook-form
 * value and error, a checkbox, and the labelled filters above a list.
 */

/** A react-hook-form form of values `B` (whatever its resolver makes of them). */
type BoundForm<B extends FieldValues, O extends FieldValues> = UseFormReturn<B, unknown, O>;

/**
 * A `Field` registered under `name`, showing that value's error. The browser fills in nothing unless
 * `autoComplete` says otherwise: an administrator types another person's data.
 */
export function FormField<B extends FieldValues, O extends FieldValues>({
  form,
  name,
  autoComplete = 'off',
  ...field
}: Omit<ComponentProps<typeof Field>, 'form' | 'name' | 'error'> & { form: BoundForm<B, O>; name: Path<B> }) {
  return (
    <Field
      autoComplete={autoComplete}
      {...field}
      {...form.register(name)}
      error={form.formState.errors[name]?.message as string | undefined}
    />
  );
}

/** A checkbox with its label text after it. */
export function Check({
  label,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; ref?: Ref<HTMLInputElement> }) {
  return (
    <label className="check">
      <input type="checkbox" {...input} />
      <span>{label}</span>
    </label>
  );
}

/** A checkbox registered under `name`. */
export function FormCheck<B extends FieldValues, O extends FieldValues>({
  form,
  name,
  label,
}: {
  form: BoundForm<B, O>;
  name: Path<B>;
  label: string;
}) {
  return <Check label={label} {...form.register(name)} />;
}

/** One filter above a list: its name, then its control. */
function Filter({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is `children`, inside the label
    <label className="adm-filter">
      <span>{label}</span>
      {children}
    </label>
  );
}

/** A typed day as the server reads it (YYYY-MM-DD), from "2026. 12. 01.", "2026-12-01" or "20261201". */
const dayOf = (text: string): string | null => {
  const m = /^\s*(\d{4})\D*(\d{1,2})\D*(\d{1,2})\D*$/.exec(text);
  if (!m) return null;
  const [, y, mo, d] = m;
  const day = `${y}-${mo!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  return Number.isNaN(Date.parse(day)) ? null : day;
};
/** A day in the Korean way of writing it: "2026. 12. 01.". */
const koreanDay = (day: string) =>
  day ? `${day.slice(0, 4)}. ${day.slice(5, 7)}. ${day.slice(8, 10)}.` : '';

/**
 * A day filter written the Korean way ("2026. 12. 01."), whatever the browser's language: a date input
 * would show the browser's format (mm/dd/yyyy in an English browser). The filter takes the day once it is
 * whole; cleared, none.
 */
export function DayFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
}) {
  const [text, setText] = useState(koreanDay(value));
  return (
    <Filter label={label}>
      <input
        className="adm-input adm-day"
        inputMode="numeric"
        placeholder={MSG.deskWork.dayPlaceholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const day = e.target.value.trim() === '' ? '' : dayOf(e.target.value);
          if (day !== null) onChange(day);
        }}
        onBlur={() => {
          const day = dayOf(text);
          if (day) setText(koreanDay(day));
        }}
      />
    </Filter>
  );
}

/** A filter choosing one of `options` (value, text); its label names the select itself. */
export function SelectFilter<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly (readonly [V, string])[];
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <div className="adm-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The username filter of the desk's logs: the typed name applies once typing pauses. Opened from a member
 * (`memberId`), it starts on their username.
 */
export function UsernameFilter({
  memberId,
  onChange,
}: {
  memberId: string;
  onChange: (username: string | undefined) => void;
}) {
  const preset = useMember(UUID.test(memberId) ? memberId : null);
  const [text, setText] = useState('');
  const presetName = preset.data?.member.username;
  useEffect(() => {
    if (presetName) setText(presetName);
  }, [presetName]);
  useDebounced(text, (username) => onChange(username || undefined));
  return (
    <Filter label={R.username}>
      <input
        className="adm-input"
        type="search"
        value={text}
        placeholder={R.usernamePlaceholder}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
      />
    </Filter>
  );
}
