import { isAddressFor, resolveXrpDestination } from '../address';
import {
  CRYPTO_DECIMALS,
  CRYPTO_WITHDRAW_METHODS,
  KRW_BANKS,
  KRW_MIN_WITHDRAWAL,
  WITHDRAW_CURRENCIES,
} from '../constants';
import { amountProblem, D, type Dec } from '../decimal';
import { TRAVEL_DESTINATIONS } from '../exchanges';
import { formatWithdrawBalance, payoutOf, withdrawalFee } from '../fees';
import { formatKrw } from '../format';
import { MSG } from '../messages/member-flows';
import {
  isNetworkAllowed,
  NETWORK_CODES,
  type NetworkCode,
  networkDecimals,
  networkLabelFor,
  networksFor,
} from '../networks';
import { REQUEST_STATUSES } from '../request-status';
import { z } from '../zod';
import { amountSchema, isAccountNumber, requiredText } from './amount';
import { crossFieldRule, type FieldIssue } from './cross-field';
import { otpCodeField } from './otp';
import { multilineText, plainText } from './text';
import { BANK_FIELDS, nullableString, REQUEST_TIMES, TRAVEL_RULE_FIELDS } from './view-parts';

const W = MSG.withdraw;
const K = MSG.withdrawKrw;

/**
 * The member's second password, typed on the PIN pad after the confirmation sheet. Optional here so its
 * absence gets the same Korean field message as a wrong one; the server requires it
 * (`verifyWithdrawalAuth`) and counts every wrong one against the sign-in's attempt limit.
 */
const secondPasswordField = z.optional(
  z
    .string({ error: MSG.wrules.secondPasswordRequired })
    .check(z.maxLength(64, MSG.wrules.secondPasswordRequired)),
);

const cryptoAmountSchema = amountSchema(
  { format: W.amountInvalid, decimals: W.amountDecimals, positive: W.amountPositive, max: W.amountTooLarge },
  CRYPTO_DECIMALS,
);

const cryptoWithdrawalFields = z.strictObject({
  currency: z.enum(WITHDRAW_CURRENCIES, { error: W.currencyInvalid }),
  amount: cryptoAmountSchema,
  method: z.enum(CRYPTO_WITHDRAW_METHODS, { error: W.methodInvalid }),
  recipient_id: z.optional(
    z.string({ error: W.recipientIdRequired }).check(plainText(), z.trim(), z.maxLength(64, W.tooLong)),
  ),
  recipient_address: z.optional(
    z.string({ error: W.recipientAddressRequired }).check(plainText(), z.trim(), z.maxLength(128, W.tooLong)),
  ),
  network: z.optional(z.enum(NETWORK_CODES, { error: W.networkRequired })),
  /** XRP Ledger only: digits, 0 … 4294967295; empty or absent = no tag. */
  destination_tag: z.optional(
    z.nullable(z.string({ error: W.tagInvalid }).check(z.trim(), z.maxLength(20, W.tagInvalid))),
  ),
  // Withdrawal rules (src/server/withdrawal-rules): the address-book entry (external), and the
  // travel-rule fields required from TRAVEL_RULE_THRESHOLD_KRW of value (checked by the server).
  address_id: z.optional(z.nullable(z.string().check(z.maxLength(64, MSG.wrules.notFound)))),
  travel_rule_name: z.optional(
    z.nullable(z.string().check(plainText(), z.trim(), z.maxLength(100, MSG.wrules.travelNameTooLong))),
  ),
  travel_rule_exchange: z.optional(
    z.nullable(z.enum(TRAVEL_DESTINATIONS, { error: MSG.wrules.travelExchangeInvalid })),
  ),
  travel_rule_declared: z.optional(z.nullable(z.boolean())),
  /** A fresh one-time code; required by the server when the member is enrolled (decision 0150). */
  otpCode: otpCodeField,
  second_password: secondPasswordField,
});

const HEX40 = /^0x[0-9a-fA-F]{40}$/;

/** The Korean message for an address that is not valid on `network`. */
export function addressMessage(network: NetworkCode, address: string): string {
  switch (network) {
    case 'TRC20':
      return W.trc20Invalid;
    case 'ERC20':
      return HEX40.test(address) ? W.erc20Checksum : W.erc20Invalid;
    case 'XRPL':
      return W.xrpInvalid;
    case 'BTC':
      return W.btcInvalid;
  }
}

/** The external-transfer rules: a network the currency allows, an address of it, a tag only for XRP. */
function checkExternal(v: z.output<typeof cryptoWithdrawalFields>, issue: FieldIssue) {
  const tag = v.destination_tag ?? '';
  if (!v.recipient_address) issue('recipient_address', W.recipientAddressRequired);
  if (!v.network) {
    issue('network', W.networkRequired);
    return;
  }
  if (!isNetworkAllowed(v.currency, v.network)) {
    const allowed = networksFor(v.currency).map((n) => networkLabelFor(v.currency, n));
    issue('network', W.networkNotAllowed(v.currency, allowed.join(', ')));
    return;
  }
  if (v.network !== 'XRPL') {
    if (tag !== '') issue('destination_tag', W.tagOnlyXrp);
    if (v.recipient_address && !isAddressFor(v.network, v.recipient_address)) {
      issue('recipient_address', addressMessage(v.network, v.recipient_address));
    }
    return;
  }
  const xrp = resolveXrpDestination(v.recipient_address ?? '', tag);
  if (!xrp.ok) {
    if (xrp.problem === 'tag') issue('destination_tag', W.tagInvalid);
    else if (xrp.problem === 'tagConflict') issue('destination_tag', W.tagConflict);
    else if (v.recipient_address) issue('recipient_address', W.xrpInvalid);
  }
}

/**
 * The rules that join fields: the chosen method's fields, the address of the network, no more decimals
 * than the network carries, payout > 0. An internal transfer never touches a chain: the app's 8 decimals.
 */
function checkCryptoWithdrawal(v: z.output<typeof cryptoWithdrawalFields>, issue: FieldIssue) {
  if (v.method === 'internal' && !v.recipient_id) issue('recipient_id', W.recipientIdRequired);
  if (v.method === 'external') checkExternal(v, issue);
  const amount = validAmount(v.amount, CRYPTO_DECIMALS);
  const onNetwork = v.method === 'external' && !!v.network && isNetworkAllowed(v.currency, v.network);
  if (amount && onNetwork && v.network) {
    const decimals = networkDecimals(v.currency, v.network);
    if (amount.decimalPlaces() > decimals) {
      issue('amount', W.amountDecimalsFor(v.currency, decimals));
      return;
    }
  }
  const feeKnown = v.method === 'internal' || onNetwork;
  if (amount && WITHDRAW_CURRENCIES.includes(v.currency) && feeKnown) {
    if (payoutOf(amount, withdrawalFee(v.currency, v.method, v.network)).lte(0)) {
      issue('amount', W.payoutNotPositive);
    }
  }
}

/**
 * POST /api/withdrawals/crypto (and the crypto withdrawal form). One flat object: the fields of the
 * other method may be present (the form keeps them) and are ignored (stored as null).
 * `amount` is the gross sum leaving the balance; the payout (amount − fee) must be above zero.
 */
export const cryptoWithdrawalBodySchema = cryptoWithdrawalFields.check(crossFieldRule(checkCryptoWithdrawal));
export type CryptoWithdrawalBody = z.input<typeof cryptoWithdrawalBodySchema>;
export type CryptoWithdrawalInput = z.output<typeof cryptoWithdrawalBodySchema>;

/** An amount field that also refuses more than the available balance (when known), with `message`. */
function notAbove<T extends z.ZodMiniType<string, unknown>>(
  amount: T,
  decimals: number,
  available: Dec | string | null,
  message: () => string,
) {
  return amount.check(
    z.superRefine((v: string, ctx) => {
      const a = validAmount(v, decimals);
      if (available !== null && a?.gt(available)) ctx.addIssue({ code: 'custom', message: message() });
    }),
  );
}

/**
 * The crypto withdrawal form: the body's rules plus "not above the available balance of `currency`".
 * The check sits on the amount field itself, so it shows even while another field is still invalid.
 */
export function cryptoWithdrawalFormSchema(available: Dec | string | null, currency: string) {
  return z
    .extend(z.omit(cryptoWithdrawalFields, { second_password: true }), {
      amount: notAbove(cryptoAmountSchema, CRYPTO_DECIMALS, available, () =>
        W.availableInline(formatWithdrawBalance(available ?? '0', currency), currency),
      ),
    })
    .check(crossFieldRule(checkCryptoWithdrawal));
}

/** The body sent for a crypto withdrawal form: only the fields of the chosen method. */
export function cryptoWithdrawalBodyFromForm(
  f: Omit<CryptoWithdrawalInput, 'second_password'>,
  secondPassword: string,
): CryptoWithdrawalBody {
  const otp = {
    ...(f.otpCode ? { otpCode: f.otpCode } : {}),
    second_password: secondPassword,
  };
  return f.method === 'internal'
    ? { currency: f.currency, amount: f.amount, method: 'internal', recipient_id: f.recipient_id, ...otp }
    : {
        ...otp,
        currency: f.currency,
        amount: f.amount,
        method: 'external',
        recipient_address: f.recipient_address,
        network: f.network,
        ...(f.network === 'XRPL' && f.destination_tag ? { destination_tag: f.destination_tag } : {}),
        ...(f.address_id ? { address_id: f.address_id } : {}),
        ...(f.travel_rule_exchange
          ? {
              travel_rule_name: f.travel_rule_name,
              travel_rule_exchange: f.travel_rule_exchange,
              travel_rule_declared: f.travel_rule_declared ?? false,
            }
          : {}),
      };
}

const krwAmountSchema = amountSchema(
  { format: K.amountInvalid, decimals: K.amountInvalid, positive: K.minAmount, max: K.amountTooLarge },
  0,
  { value: KRW_MIN_WITHDRAWAL, message: K.minAmount },
);

/**
 * POST /api/withdrawals/krw (and the KRW withdrawal form). Won leaves only for the member's verified
 * own-name account, which the server reads itself: the bank fields may be left out, and when sent they
 * must name that account (else refused, `ownAccountOnly`). The memo is optional: empty → null.
 */
export const krwWithdrawalBodySchema = z.strictObject({
  amount: krwAmountSchema,
  bank_name: z.optional(z.enum(KRW_BANKS, { error: K.bankRequired })),
  account_number: z.optional(
    requiredText(K.accountNumberRequired, 30, K.tooLong).check(
      z.refine((v) => v === '' || isAccountNumber(v), K.accountNumberInvalid),
    ),
  ),
  account_holder: z.optional(requiredText(K.holderRequired, 50, K.tooLong)),
  memo: z.pipe(
    z.nullish(z.string().check(multilineText(), z.trim(), z.maxLength(200, K.memoTooLong))),
    z.transform((v: string | null | undefined) => (v ? v : null)),
  ),
  /** A fresh one-time code; required by the server when the member is enrolled (decision 0150). */
  otpCode: otpCodeField,
  second_password: secondPasswordField,
});
export type KrwWithdrawalBody = z.input<typeof krwWithdrawalBodySchema>;

/** The KRW withdrawal form: the body's rules plus "not above the available balance" (when known). */
export function krwWithdrawalFormSchema(available: Dec | string | null) {
  return z.extend(z.omit(krwWithdrawalBodySchema, { second_password: true }), {
    amount: notAbove(krwAmountSchema, 0, available, () => K.availableExceeded(formatKrw(available ?? '0'))),
  });
}

function validAmount(text: unknown, decimals: number): Dec | null {
  return typeof text === 'string' && amountProblem(text, decimals) === null ? new D(text) : null;
}

const WITHDRAWAL_METHODS = [...CRYPTO_WITHDRAW_METHODS, 'bank'] as const;

/** A withdrawal request as the API returns it. `amount` = `final_amount` + `fee`. */
export const withdrawalViewSchema = z.object({
  id: z.string(),
  member_id: z.string(),
  currency: z.enum([...WITHDRAW_CURRENCIES, 'KRW']),
  amount: z.string(),
  fee: z.string(),
  final_amount: z.string(),
  method: z.enum(WITHDRAWAL_METHODS),
  network: z.nullable(z.enum(NETWORK_CODES)),
  recipient_id: nullableString,
  recipient_address: nullableString,
  /** XRP Ledger destination tag (decimal text), null when none. */
  destination_tag: nullableString,
  ...BANK_FIELDS,
  memo: nullableString,
  // Withdrawal rules: the address-book entry used and the travel-rule information, if any.
  address_book_id: z.optional(nullableString),
  ...TRAVEL_RULE_FIELDS,
  status: z.enum(REQUEST_STATUSES),
  processed_by: nullableString,
  ...REQUEST_TIMES,
});
export type WithdrawalView = z.infer<typeof withdrawalViewSchema>;

/**
 * POST /api/withdrawals/{crypto,krw}/check: the request would be taken now (a refusal is the error), and
 * how many second-password attempts the member has left of how many, which the PIN pad opened next shows
 * before the first try (the member's own counter only).
 */
export const withdrawalCheckViewSchema = z.object({
  ok: z.literal(true),
  second_password: z.object({ attempts_left: z.number(), attempts_max: z.number() }),
});
export type WithdrawalCheckView = z.infer<typeof withdrawalCheckViewSchema>;
