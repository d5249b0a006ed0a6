import {
  PASSWORD_MIN_MEMBER,
  SECOND_PASSWORD_MAX,
  SECOND_PASSWORD_MIN,
  SECOND_PASSWORD_SIGNUP_MAX,
} from '../constants';
import { MSG } from '../messages/member';
import { z } from '../zod';
import { crossFieldRule } from './cross-field';
import { otpCodeField } from './otp';
import { asciiEmail, nfkc, plainText } from './text';

const S = MSG.signup;

/** SPEC §5: a basic pattern of text, an at sign, text, a dot and text. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const USERNAME_PATTERN = /^[a-z][a-z0-9_]{3,19}$/;
export const PHONE_PATTERN = /^01[016789]-?\d{3,4}-?\d{4}$/;
/** Letters and digits both present (SPEC §5, change password and sign-up). */
export const PASSWORD_PATTERN = new RegExp(`^(?=.*[A-Za-z])(?=.*\\d).{${PASSWORD_MIN_MEMBER},}$`);

export const usernameSchema = z
  .string({ error: S.enterUsername })
  .check(plainText(), z.trim(), z.minLength(1, S.enterUsername), z.regex(USERNAME_PATTERN, S.usernameFormat));

/** SPEC §5's email rule (sign-up and the email change), with the screen's own message. */
export const emailSchemaWith = (message: string) =>
  z
    .string({ error: message })
    .check(
      plainText(),
      nfkc(),
      z.trim(),
      z.maxLength(254, message),
      asciiEmail(),
      z.regex(EMAIL_PATTERN, message),
    );
const emailSchema = emailSchemaWith(S.emailInvalid);

export const memberPasswordSchema = z
  .string({ error: S.passwordRule })
  .check(plainText(), z.maxLength(128, S.passwordTooLong), z.regex(PASSWORD_PATTERN, S.passwordRule));

/** Sign-up keeps SPEC's 6-character limit; digits only, at least 4 like every second password. */
const signupSecondPasswordSchema = z
  .string({ error: S.secondPasswordRule })
  .check(
    z.regex(new RegExp(`^\\d{${SECOND_PASSWORD_MIN},${SECOND_PASSWORD_SIGNUP_MAX}}$`), S.secondPasswordRule),
  );

/** A member's name: NFKC-normalised, no control, bidi or invisible characters, 1 to 50 characters. */
const fullNameSchema = z
  .string({ error: S.nameRequired })
  .check(plainText(), nfkc(), z.trim(), z.minLength(1, S.nameRequired), z.maxLength(50, S.nameTooLong));

/** POST /api/signup: SPEC §7's shape (email, password, options.data). */
export const signupBodySchema = z.strictObject({
  email: emailSchema,
  password: memberPasswordSchema,
  options: z.strictObject({
    data: z.strictObject({
      username: usernameSchema,
      full_name: fullNameSchema,
      contact: z
        .string({ error: S.phoneInvalid })
        .check(plainText(), z.trim(), z.regex(PHONE_PATTERN, S.phoneInvalid)),
      second_password: signupSecondPasswordSchema,
      marketing_consent: z._default(z.optional(z.boolean()), false),
      terms_agreed: z.literal(true, { error: S.termsRequired }),
      privacy_agreed: z.literal(true, { error: S.privacyRequired }),
      age_confirmed: z.literal(true, { error: S.ageRequired }),
    }),
  }),
});
export type SignupBody = z.input<typeof signupBodySchema>;

/** POST /api/login: SPEC §7's shape; `email` may also be the username typed on the login screen. */
export const loginBodySchema = z.strictObject({
  email: z
    .string({ error: MSG.login.usernameRequired })
    .check(
      plainText(),
      nfkc(),
      z.trim(),
      z.minLength(1, MSG.login.usernameRequired),
      z.maxLength(254, MSG.login.invalidCredentials),
    ),
  password: z
    .string({ error: MSG.login.passwordRequired })
    .check(
      plainText(),
      z.minLength(1, MSG.login.passwordRequired),
      z.maxLength(128, MSG.login.invalidCredentials),
    ),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const checkUsernameQuerySchema = z.strictObject({
  username: z
    .string({ error: S.enterUsername })
    .check(plainText(), z.trim(), z.minLength(1, S.enterUsername), z.maxLength(64, S.usernameFormat)),
});

/**
 * The login step accepts up to 12 digits: sign-up sets at most 6 (SPEC), but a member may later
 * set a longer one (4 to 12) on the second-password page and must still be able to log in.
 */
export const secondFactorBodySchema = z.strictObject({
  second_password: z
    .string({ error: MSG.secondFactor.required })
    .check(
      z.minLength(1, MSG.secondFactor.required),
      z.maxLength(SECOND_PASSWORD_MAX, MSG.secondFactor.tooLong),
    ),
  /** The one-time code (or a recovery code) of a member enrolled in OTP (decision 0150). */
  otpCode: otpCodeField,
});

/** The sign-up form (client): the body's rules plus confirmation, agreements and the duplicate check. */
export const signupFormSchema = z
  .object({
    username: usernameSchema,
    usernameChecked: z.boolean(),
    full_name: fullNameSchema,
    password: memberPasswordSchema,
    passwordConfirm: z.string(),
    second_password: signupSecondPasswordSchema,
    email: z.string().check(plainText(), nfkc(), z.trim(), z.maxLength(254, S.emailInvalid), asciiEmail()),
    contact: z.string().check(z.trim(), z.regex(PHONE_PATTERN, S.phoneInvalid)),
    terms: z.boolean().check(z.refine((v) => v, S.termsRequired)),
    privacy: z.boolean().check(z.refine((v) => v, S.privacyRequired)),
    age: z.boolean().check(z.refine((v) => v, S.ageRequired)),
    marketing: z.boolean(),
  })
  .check(
    crossFieldRule((v, issue) => {
      if (v.password !== v.passwordConfirm) issue('passwordConfirm', S.passwordMismatch);
      if (!v.usernameChecked) issue('username', S.usernameCheckNeeded);
      const email = emailForSignup(v.email, v.username);
      if (!EMAIL_PATTERN.test(email)) issue('email', S.emailInvalid);
    }),
  );
export type SignupForm = z.input<typeof signupFormSchema>;

/** SPEC §5: an email without an @ falls back to a generated placeholder address. */
export function emailForSignup(email: string, username: string): string {
  const e = email.trim();
  return e.includes('@') ? e : `${username.trim().toLowerCase()}@member.local`;
}

export function signupBodyFromForm(f: SignupForm): SignupBody {
  return {
    email: emailForSignup(f.email, f.username),
    password: f.password,
    options: {
      data: {
        username: f.username.trim(),
        full_name: f.full_name.trim(),
        contact: f.contact.trim(),
        second_password: f.second_password,
        marketing_consent: f.marketing,
        terms_agreed: true,
        privacy_agreed: true,
        age_confirmed: true,
      },
    },
  };
}
