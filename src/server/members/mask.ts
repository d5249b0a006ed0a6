/**
 * Masks of a closed member's personal data (docs/decisions/0110-closing-accounts.md): enough for an
 * operator to recognise the record next to the kept transaction history, not enough to identify or
 * contact the person.
 */

/** "홍길동" → "홍**", "Kim" → "K**". */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '*';
  return `${chars[0]}${'*'.repeat(Math.max(1, chars.length - 1))}`;
}

/** "hong@example.com" → "h***@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at + 1) : 'masked.invalid';
  return `${[...local][0] ?? '*'}***@${domain}`;
}

/** Every digit but the last four becomes "*": "010-1234-5678" → "***-****-5678". */
export function maskDigits(value: string): string {
  const digits = value.replace(/\D/g, '').length;
  let seen = 0;
  return value.replace(/\d/g, (d) => (++seen > digits - 4 ? d : '*'));
}
