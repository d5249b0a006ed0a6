/** Digits with at most one decimal point: what a crypto amount field keeps of what is typed. */
export function decimalOnly(v: string): string {
  const cleaned = v.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  return dot < 0 ? cleaned : `${cleaned.slice(0, dot + 1)}${cleaned.slice(dot + 1).replaceAll('.', '')}`;
}

/** Digits only: what a KRW amount field keeps (SPEC: "amount keeps digits only"). */
export const digitsOnly = (v: string) => v.replace(/\D/g, '');

/** `whole`: KRW, digits only (numeric keypad). `decimal`: crypto, digits and one point (decimal keypad). */
export type AmountKind = 'whole' | 'decimal';

const clean = (v: string, kind: AmountKind) => (kind === 'whole' ? digitsOnly(v) : decimalOnly(v));

/** The plain amount as the field shows it: the whole part grouped by thousands (1234567.5 → 1,234,567.5). */
export function groupAmount(raw: string): string {
  const dot = raw.indexOf('.');
  const whole = dot < 0 ? raw : raw.slice(0, dot);
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${dot < 0 ? '' : raw.slice(dot)}`;
}

/** Where the caret goes in `display` to stand after `kept` characters that are not grouping commas. */
function caretAfter(display: string, kept: number): number {
  if (kept <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < display.length; i++) {
    if (display[i] !== ',') seen++;
    if (seen === kept) return i + 1;
  }
  return display.length;
}

export interface AmountEdit {
  /** The field's text after the browser applied the keystroke, and the caret in it. */
  typed: string;
  caret: number;
  /** The plain amount before the keystroke. */
  previous: string;
  kind: AmountKind;
  /** InputEvent.inputType: a Backspace or Delete that removed only a comma removes the digit beside it. */
  inputType?: string;
}

/**
 * One keystroke in a grouped amount field: the plain amount (the form's value, what the schema reads),
 * the grouped text to show and where the caret goes, so that it stays beside the character it was
 * beside, whatever commas appear or disappear around it.
 */
export function reformatAmount({ typed, caret, previous, kind, inputType }: AmountEdit) {
  let raw = clean(typed, kind);
  // How many kept characters stand before the caret (stray characters and commas do not count).
  let kept = clean(typed.slice(0, caret), kind).length;
  if (raw === previous && typed !== groupAmount(previous)) {
    // Only a comma went away: delete the digit before it (Backspace) or after it (Delete).
    if (inputType === 'deleteContentBackward' && kept > 0) {
      raw = raw.slice(0, kept - 1) + raw.slice(kept);
      kept--;
    } else if (inputType === 'deleteContentForward' && kept < raw.length) {
      raw = raw.slice(0, kept) + raw.slice(kept + 1);
    }
  }
  const display = groupAmount(raw);
  return { raw, display, caret: caretAfter(display, kept) };
}
