import { isAddressFor, resolveXrpDestination } from '../address';
import { EXCHANGE_CODES } from '../exchanges';
import { MSG } from '../messages/member-flows';
import { NETWORK_CODES } from '../networks';
import { z } from '../zod';
import { crossFieldRule, type FieldIssue } from './cross-field';
import { nfkc, plainText } from './text';
import { nullableString } from './view-parts';
import { addressMessage } from './withdrawals';

const R = MSG.wrules;
const W = MSG.withdraw;

const addressFields = z.strictObject({
  network: z.enum(NETWORK_CODES, { error: W.networkRequired }),
  address: z
    .string({ error: W.recipientAddressRequired })
    .check(plainText(), z.trim(), z.maxLength(128, W.tooLong)),
  /** XRP Ledger only: digits, 0 … 4294967295; empty or absent = no tag. */
  destination_tag: z.optional(
    z.nullable(z.string({ error: W.tagInvalid }).check(z.trim(), z.maxLength(20, W.tagInvalid))),
  ),
  label: z
    .string({ error: R.labelRequired })
    .check(plainText(), nfkc(), z.trim(), z.minLength(1, R.labelRequired), z.maxLength(40, R.labelTooLong)),
  wallet_kind: z.enum(['own', 'exchange'], { error: R.walletKindInvalid }),
  exchange: z.optional(z.nullable(z.enum(EXCHANGE_CODES, { error: R.exchangeRequired }))),
  /**
   * What proves it is the member: the second password. (The TOTP helper adds "or the one-time code";
   * the server checks it in one function, `verifyWithdrawalAuth`.)
   */
  second_password: z.optional(
    z.string({ error: R.secondPasswordRequired }).check(z.maxLength(64, R.secondPasswordRequired)),
  ),
});

function checkAddress(v: z.output<typeof addressFields>, issue: FieldIssue) {
  const tag = v.destination_tag ?? '';
  if (!v.address) issue('address', W.recipientAddressRequired);
  else if (v.network === 'XRPL') {
    const xrp = resolveXrpDestination(v.address, tag);
    if (!xrp.ok) {
      if (xrp.problem === 'tag') issue('destination_tag', W.tagInvalid);
      else if (xrp.problem === 'tagConflict') issue('destination_tag', W.tagConflict);
      else issue('address', W.xrpInvalid);
    } else if (xrp.tag === null && v.wallet_kind === 'exchange') {
      // An exchange credits an XRP payment by its tag: without one the payment is lost to the member.
      issue('destination_tag', W.tagRequiredExchange);
    }
  } else {
    if (tag !== '') issue('destination_tag', W.tagOnlyXrp);
    if (!isAddressFor(v.network, v.address)) issue('address', addressMessage(v.network, v.address));
  }
  if (v.wallet_kind === 'exchange' && !v.exchange) issue('exchange', R.exchangeRequired);
  if (v.wallet_kind === 'own' && v.exchange) issue('exchange', R.exchangeOnlyForExchange);
  if (!v.second_password) issue('second_password', R.secondPasswordRequired);
}

/** POST /api/withdrawal-addresses (and its form). */
export const registerAddressBodySchema = addressFields.check(crossFieldRule(checkAddress));
export type RegisterAddressBody = z.input<typeof registerAddressBodySchema>;
export type RegisterAddressInput = z.output<typeof registerAddressBodySchema>;

/** One entry of the address book as the API returns it. */
export const withdrawalAddressViewSchema = z.object({
  id: z.string(),
  network: z.enum(NETWORK_CODES),
  address: z.string(),
  destination_tag: nullableString,
  label: z.string(),
  wallet_kind: z.enum(['own', 'exchange']),
  exchange: nullableString,
  created_at: z.string(),
  usable_at: z.string(),
  deleted_at: nullableString,
  /** usable_at has passed (and not deleted). */
  usable: z.boolean(),
});
export type WithdrawalAddressView = z.infer<typeof withdrawalAddressViewSchema>;
/** GET /api/withdrawal-addresses: the member's live entries. */
export const withdrawalAddressListView = z.object({ items: z.array(withdrawalAddressViewSchema) });
export type WithdrawalAddressList = z.infer<typeof withdrawalAddressListView>;

const limitSchema = z.object({
  /** The member's limit (KRW, whole won): their own or the configured default. */
  limit: z.string(),
  /** Pending and approved withdrawals of the last 24 h, at their value when requested. */
  used: z.string(),
  remaining: z.string(),
  /** When the oldest counted withdrawal leaves the 24-hour window (more becomes available), or null. */
  frees_at: nullableString,
  own: z.boolean(),
});

/** GET /api/withdrawals/rules: what the withdrawal screen and the asset page show. */
export const withdrawalRulesViewSchema = z.object({
  address_delay_hours: z.number(),
  /** A later KRW deposit holds its won value this many hours (DAXA: 24). */
  krw_deposit_delay_hours: z.number(),
  /** The first KRW deposit holds every external crypto withdrawal this many hours (DAXA: 72). */
  krw_first_deposit_hold_hours: z.number(),
  /** External crypto withdrawals wait until then (the first approved KRW deposit + its hold), or null. */
  krw_deposit_hold_until: nullableString,
  /** Each KRW deposit still holding its won value from external withdrawals and internal transfers. */
  krw_deposit_holds: z.array(z.object({ amount_krw: z.string(), until: z.string(), first: z.boolean() })),
  /** The sum of the holds (won). */
  krw_deposit_held_krw: z.string(),
  /** What may leave now by external withdrawal or internal transfer: the value of the available balances
   *  at current prices less the holds (whole won, rounded down); while the first hold runs, external crypto
   *  withdrawals are refused whatever this says. */
  krw_deposit_free_krw: z.string(),
  travel_rule_threshold_krw: z.string(),
  crypto: limitSchema,
  krw: limitSchema,
  /**
   * The server's clock when this was read: a screen counts the time left of a hold or a limit ("23시간
   * 남음") from it, not from the phone's own clock, which may be wrong.
   */
  as_of: z.string(),
});
export type WithdrawalRulesView = z.infer<typeof withdrawalRulesViewSchema>;

const limitText = z.nullable(
  z.string({ error: R.adminLimitInvalid }).check(z.trim(), z.regex(/^\d{1,15}$/, R.adminLimitInvalid)),
);
/** PUT /api/admin/members/:id/withdrawal-limits: null = back to the configured default. */
export const adminLimitsBodySchema = z.strictObject({ crypto_krw: limitText, krw: limitText });

export const adminLimitsViewSchema = z.object({
  crypto_krw: nullableString,
  krw: nullableString,
  default_crypto_krw: z.string(),
  default_krw: z.string(),
});
export type AdminLimitsView = z.infer<typeof adminLimitsViewSchema>;
