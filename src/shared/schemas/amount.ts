import { type AmountProblem, amountProblem, D, toWire } from '../decimal';
import { z } from '../zod';
import { nfkc, plainText } from './text';

export type AmountMessages = Record<AmountProblem, string>;

/**
 * Amount text as typed by a member: plain decimal text, > 0, at most `maxDecimals` places and at most
 * MAX_AMOUNT (`amountProblem`), each problem with its own message; optionally a minimum. The output is
 * the canonical wire text ("0010.50" → "10.5").
 */
export function amountSchema(
  messages: AmountMessages,
  maxDecimals: number,
  minimum?: { value: number | string; message: string },
) {
  return z.pipe(
    z.string({ error: messages.format }).check(
      z.trim(),
      z.superRefine((v, ctx) => {
        const problem = amountProblem(v, maxDecimals);
        if (problem) ctx.addIssue({ code: 'custom', message: messages[problem] });
        else if (minimum && new D(v).lt(minimum.value))
          ctx.addIssue({ code: 'custom', message: minimum.message });
      }),
    ),
    z.transform((v: string) => toWire(v)),
  );
}

/** A required, trimmed text field with an upper length. */
export const requiredText = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .check(plainText(), nfkc(), z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));

/** Korean bank account numbers: digits with optional single hyphens, 10 to 20 digits. */
export function isAccountNumber(text: string): boolean {
  if (!/^\d+(-\d+)*$/.test(text)) return false;
  const digits = text.replaceAll('-', '').length;
  return digits >= 10 && digits <= 20;
}
