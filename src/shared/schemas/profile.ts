import { SECOND_PASSWORD_MAX, SECOND_PASSWORD_MIN } from '../constants';
import { MSG } from '../messages/member';
import { z } from '../zod';
import { emailSchemaWith, memberPasswordSchema, PHONE_PATTERN } from './auth';
import { crossFieldRule } from './cross-field';
import { plainText } from './text';
import { nullableString } from './view-parts';

const P = MSG.profile;
const CP = MSG.changePassword;
const SP = MSG.secondPassword;

/** Contact: the same phone rule as sign-up. */
export const updateContactBodySchema = z.strictObject({
  contact: z
    .string({ error: P.contactInvalid })
    .check(plainText(), z.trim(), z.regex(PHONE_PATTERN, P.contactInvalid)),
});
export type UpdateContactBody = z.input<typeof updateContactBodySchema>;

/** SPEC §5: text, an at sign, text, a dot and text; otherwise 'not a valid email format'. */
export const requestEmailChangeBodySchema = z.strictObject({
  email: emailSchemaWith(P.emailInvalid),
});
export type RequestEmailChangeBody = z.input<typeof requestEmailChangeBodySchema>;

/** The token of a confirmation link (43 base64url characters when issued by this server). */
export const confirmEmailChangeBodySchema = z.strictObject({
  token: z
    .string({ error: MSG.emailConfirm.missingToken })
    .check(
      z.trim(),
      z.minLength(1, MSG.emailConfirm.missingToken),
      z.maxLength(100, MSG.emailConfirm.invalid),
      z.regex(/^[A-Za-z0-9_-]+$/, MSG.emailConfirm.invalid),
    ),
});

/** SPEC §5, change password: the current one, a new one of 8+ with letters and digits, confirmed. */
export const changePasswordBodySchema = z
  .strictObject({
    current_password: z
      .string({ error: CP.currentRequired })
      .check(z.minLength(1, CP.currentRequired), z.maxLength(128, CP.currentWrong)),
    new_password: memberPasswordSchema,
    new_password_confirm: z.string({ error: CP.mismatch }),
  })
  .check(
    crossFieldRule((v, issue) => {
      if (v.new_password !== v.new_password_confirm) issue('new_password_confirm', CP.mismatch);
      if (v.current_password && v.new_password === v.current_password)
        issue('new_password', CP.sameAsCurrent);
    }),
  );
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** 4 to 12 digits: the rule of the second-password page (SPEC §5 and §9). */
export const secondPasswordSchema = z
  .string({ error: SP.rule })
  .check(z.regex(new RegExp(`^\\d{${SECOND_PASSWORD_MIN},${SECOND_PASSWORD_MAX}}$`), SP.rule));

export const SECOND_PASSWORD_MODES = ['set', 'change'] as const;
export type SecondPasswordMode = (typeof SECOND_PASSWORD_MODES)[number];

/**
 * SPEC §5, second-password set: digits only, 4 to 12, confirmed; the current one is required in
 * 'change' mode. The mode is what the page showed; the server refuses it when it no longer matches.
 */
export const setSecondPasswordBodySchema = z
  .strictObject({
    mode: z.enum(SECOND_PASSWORD_MODES, { error: SP.modeChanged }),
    current_second_password: z.optional(
      z.string({ error: SP.currentRequired }).check(z.maxLength(SECOND_PASSWORD_MAX, SP.currentWrong)),
    ),
    second_password: secondPasswordSchema,
    second_password_confirm: z.string({ error: SP.mismatch }),
  })
  .check(
    crossFieldRule((v, issue) => {
      if (v.second_password !== v.second_password_confirm) issue('second_password_confirm', SP.mismatch);
      if (v.mode === 'change' && !v.current_second_password)
        issue('current_second_password', SP.currentRequired);
    }),
  );
export type SetSecondPasswordBody = z.input<typeof setSecondPasswordBodySchema>;

const BANK_LINK_STATUSES = ['none', 'unverified', 'verified'] as const;
export type BankLinkStatus = (typeof BANK_LINK_STATUSES)[number];
const SECURITY_GRADES = ['safe', 'basic'] as const;

/** GET /api/profile: what my page shows. */
export const profileViewSchema = z.object({
  username: z.string(),
  full_name: z.string(),
  contact: z.string(),
  email: z.string(),
  pending_email: z.nullable(z.object({ email: z.string(), expires_at: z.string() })),
  has_second_password: z.boolean(),
  security_grade: z.enum(SECURITY_GRADES),
  bank_account: z.object({
    status: z.enum(BANK_LINK_STATUSES),
    bank_name: nullableString,
    account_number_masked: nullableString,
  }),
  /** The external form that links or changes the bank account; null when not configured. */
  bank_form_url: nullableString,
});
export type ProfileView = z.infer<typeof profileViewSchema>;

/** Masks every digit of an account number but the last four (hyphens and spaces kept). */
export function maskAccountNumber(accountNumber: string): string {
  const digits = accountNumber.replace(/\D/g, '').length;
  let seen = 0;
  return accountNumber.replace(/\d/g, (d) => {
    seen += 1;
    return seen > digits - 4 ? d : '*';
  });
}
