/**
 * What an administrator sets on a member's account (SPEC §5 Administrator rules): the bank account, the
 * USDT deposit address per network, a new password or second password.
 */
import { depositNetworkOf } from '../address';
import { ACCOUNT_NUMBER_MIN, PASSWORD_MIN_MEMBER } from '../constants';
import { MSG } from '../messages';
import { DEPOSIT_NETWORKS } from '../networks';
import { z } from '../zod';
import { PASSWORD_PATTERN } from './auth';
import { crossFieldRule } from './cross-field';
import { nfkc, plainText } from './text';

const A = MSG.admin;
const ACCOUNT_NUMBER_MAX = 30;

// ---------------------------------------------------------------------------------------------
// Bank account: SPEC number ≥ 10 characters, bank and holder required, all trimmed.

export const bankAccountBodySchema = z.strictObject({
  bank_name: z
    .string({ error: A.bankNameRequired })
    .check(
      plainText(),
      nfkc(),
      z.trim(),
      z.minLength(1, A.bankNameRequired),
      z.maxLength(50, A.bankNameTooLong),
    ),
  account_number: z
    .string({ error: A.accountNumberInvalid })
    .check(
      z.trim(),
      z.minLength(ACCOUNT_NUMBER_MIN, A.accountNumberInvalid),
      z.maxLength(ACCOUNT_NUMBER_MAX, A.accountNumberTooLong),
      z.regex(/^[0-9-]+$/, A.accountNumberChars),
    ),
  account_holder: z
    .string({ error: A.holderRequired })
    .check(plainText(), nfkc(), z.trim(), z.minLength(1, A.holderRequired), z.maxLength(50, A.holderTooLong)),
  is_verified: z.optional(z.boolean()),
});
export type BankAccountBody = z.input<typeof bankAccountBodySchema>;

export const bankVerifiedBodySchema = z.strictObject({ is_verified: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Deposit address: one per network, a TRC20 (Base58Check, T…) or ERC20 (0x + 40 hex, EIP-55) address.
// Without `network` the address's own format names it.

export const depositAddressBodySchema = z
  .strictObject({
    network: z.optional(z.enum(DEPOSIT_NETWORKS, { error: MSG.deposit.networkInvalid })),
    deposit_address: z.string({ error: A.addressRequired }).check(
      z.trim(),
      z.minLength(1, A.addressRequired),
      z.maxLength(64, A.addressInvalid),
      z.refine((a) => a === '' || depositNetworkOf(a) !== null, A.addressInvalid),
    ),
  })
  .check(
    crossFieldRule((v, issue) => {
      const own = depositNetworkOf(v.deposit_address);
      if (v.network && own && own !== v.network) issue('deposit_address', A.addressWrongNetwork(v.network));
    }),
  );
export const depositAddressQuerySchema = z.strictObject({
  network: z.optional(z.enum(DEPOSIT_NETWORKS, { error: MSG.deposit.networkInvalid })),
});
export type DepositAddressBody = z.input<typeof depositAddressBodySchema>;

// ---------------------------------------------------------------------------------------------
// Passwords: new + confirmation, the member policy (8+ with letters and digits, longer than
// SPEC's 6 so a guessed password costs more). Second password: 4 to 12 digits.

export const resetPasswordBodySchema = z
  .strictObject({
    new_password: z
      .string({ error: A.passwordMin })
      .check(
        plainText(),
        z.minLength(PASSWORD_MIN_MEMBER, A.passwordMin),
        z.maxLength(128, A.passwordTooLong),
        z.regex(PASSWORD_PATTERN, A.passwordMin),
      ),
    confirm_password: z.string({ error: A.passwordMismatch }).check(z.maxLength(128, A.passwordMismatch)),
  })
  .check(
    z.refine((v) => v.new_password === v.confirm_password, {
      path: ['confirm_password'],
      message: A.passwordMismatch,
    }),
  );

export const resetSecondPasswordBodySchema = z
  .strictObject({
    new_second_password: z
      .string({ error: A.secondPasswordRule })
      .check(z.regex(/^\d{4,12}$/, A.secondPasswordRule)),
    confirm_second_password: z
      .string({ error: A.secondPasswordMismatch })
      .check(z.maxLength(12, A.secondPasswordMismatch)),
  })
  .check(
    z.refine((v) => v.new_second_password === v.confirm_second_password, {
      path: ['confirm_second_password'],
      message: A.secondPasswordMismatch,
    }),
  );
