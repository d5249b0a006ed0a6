import { MSG } from '../messages/member';
import { z } from '../zod';

const O = MSG.otp;

/** Base32 without padding: the alphabet of recovery codes (RFC 4648). */
export const RECOVERY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 16 base32 characters = 80 random bits, shown as XXXX-XXXX-XXXX-XXXX (decision 0150). */
export const RECOVERY_CODE_LENGTH = 16;
export const RECOVERY_CODE_COUNT = 10;
/** The longest text an OTP field takes: a recovery code with dashes and spaces around it. */
export const OTP_CODE_MAX = 40;

export type ParsedOtpCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

/**
 * What a typed code is: six digits (spaces allowed, as apps show "123 456"), or a recovery code (case,
 * dashes and spaces ignored); null when it is neither.
 */
export function parseOtpCode(raw: string): ParsedOtpCode | null {
  const compact = raw.replace(/[\s-]/g, '');
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact };
  const upper = compact.toUpperCase();
  if (upper.length === RECOVERY_CODE_LENGTH && [...upper].every((c) => RECOVERY_ALPHABET.includes(c))) {
    return { kind: 'recovery', code: upper };
  }
  return null;
}

/** Formats a recovery code for display: XXXX-XXXX-XXXX-XXXX. */
export const formatRecoveryCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/**
 * An OTP field of a request: empty or absent = not given (the server then asks for it when the member
 * is enrolled); otherwise six digits or a recovery code.
 */
export const otpCodeField = z.optional(
  z.string({ error: O.format }).check(
    z.trim(),
    z.maxLength(OTP_CODE_MAX, O.format),
    z.refine((v) => v === '' || parseOtpCode(v) !== null, O.format),
  ),
);

/** The member's second password, asked again where a one-time code is turned on or off. */
const secondPasswordField = z
  .string({ error: MSG.secondFactor.required })
  .check(z.minLength(1, MSG.secondFactor.required), z.maxLength(12, MSG.secondFactor.tooLong));

/**
 * POST /api/totp/confirm: the first code of the authenticator app (six digits only) and the second
 * password, so a signed-in session alone (a shared computer, a stolen cookie) cannot tie the account to
 * someone else's app and lock its owner out of the second login step.
 */
export const totpConfirmBodySchema = z.strictObject({
  otpCode: z.string({ error: O.required }).check(
    z.trim(),
    z.minLength(1, O.required),
    z.refine((v) => /^\d{6}$/.test(v.replace(/\s/g, '')), O.format),
  ),
  second_password: secondPasswordField,
});

/** POST /api/totp/disable: a current code (or a recovery code) and the second password. */
export const totpDisableBodySchema = z.strictObject({
  otpCode: z.string({ error: O.required }).check(
    z.trim(),
    z.minLength(1, O.required),
    z.maxLength(OTP_CODE_MAX, O.format),
    z.refine((v) => parseOtpCode(v) !== null, O.format),
  ),
  second_password: secondPasswordField,
});

export const totpStatusSchema = z.object({
  enrolled: z.boolean(),
  /** An administrator who must enrol before any administrator operation (ADMIN_TOTP_REQUIRED). */
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export const totpSetupSchema = z.object({ secret: z.string(), uri: z.string() });
export const totpRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
