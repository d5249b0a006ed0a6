import { isAddressFor, TXID_PATTERNS } from '../address';
import { CRYPTO_DECIMALS, KRW_MIN_DEPOSIT } from '../constants';
import { D, DECIMAL_TEXT } from '../decimal';
import { MSG } from '../messages/member-flows';
import { DEPOSIT_CLAIM_NETWORKS, DEPOSIT_NETWORKS, depositClaimCurrency, networkDecimals } from '../networks';
import { REQUEST_STATUSES } from '../request-status';
import { z } from '../zod';
import { amountSchema, isAccountNumber, requiredText } from './amount';
import { crossFieldRule } from './cross-field';
import { DEPOSIT_SOURCE_FIELDS, nullableString, REQUEST_TIMES, WON_ACCOUNT } from './view-parts';

const M = MSG.deposit;
const K = MSG.depositKrw;

/** A transaction hash of any claimable network: 64 hexadecimal digits, 0x-prefixed on Ethereum. */
const TXID_PATTERN = /^(0x)?[0-9a-fA-F]{64}$/;

const cryptoDepositAmountSchema = amountSchema(
  { format: M.amountInvalid, decimals: M.amountDecimals, positive: M.amountPositive, max: M.amountTooLarge },
  CRYPTO_DECIMALS,
);

/**
 * POST /api/deposits/crypto (the USDT deposit form, and the XRP page's claim for a payment sent without
 * the member's tag). USDT: the deposit address comes from the member's address of the chosen network
 * (TRC20 when none is named). XRPL: an XRP payment to the service address, checked on the ledger when
 * claimed (decision 0362). The TXID and the sender address must be of that network (decision 0116).
 */
export const cryptoDepositBodySchema = z
  .strictObject({
    amount: cryptoDepositAmountSchema,
    network: z._default(z.enum(DEPOSIT_CLAIM_NETWORKS, { error: M.networkInvalid }), 'TRC20'),
    txid: requiredText(M.txidRequired, 130, M.txidInvalid).check(z.regex(TXID_PATTERN, M.txidInvalid)),
    sender_address: requiredText(M.senderRequired, 128, M.senderInvalid),
  })
  .check(
    crossFieldRule((v, issue) => {
      if (v.txid && TXID_PATTERN.test(v.txid) && !TXID_PATTERNS[v.network].test(v.txid)) {
        issue('txid', M.txidInvalidFor(v.network));
      }
      if (v.sender_address && !isAddressFor(v.network, v.sender_address)) {
        issue('sender_address', M.senderInvalidFor(v.network));
      }
      // A claim with more decimals than its chain carries can never match a transfer (decision 0170).
      const currency = depositClaimCurrency(v.network);
      const decimals = networkDecimals(currency, v.network);
      if (DECIMAL_TEXT.test(v.amount ?? '') && new D(v.amount).decimalPlaces() > decimals) {
        issue('amount', M.amountDecimalsFor(currency, decimals));
      }
    }),
  );
export type CryptoDepositBody = z.input<typeof cryptoDepositBodySchema>;

const krwText = (max: number) => requiredText(K.allFieldsRequired, max, K.tooLong);

/**
 * POST /api/deposits/krw (and the KRW deposit form). Won arrives only from the member's verified own-name
 * account, which the server reads itself: the sender's bank fields may be left out, and when sent they
 * must name that account (else refused, `ownAccountOnly`).
 */
export const krwDepositBodySchema = z.strictObject({
  bank_name: z.optional(krwText(50)),
  account_number: z.optional(
    krwText(30).check(z.refine((v) => v === '' || isAccountNumber(v), K.accountNumberInvalid)),
  ),
  account_holder: z.optional(krwText(50)),
  amount: amountSchema(
    { format: K.amountInvalid, decimals: K.amountInvalid, positive: K.minAmount, max: K.amountTooLarge },
    0,
    { value: KRW_MIN_DEPOSIT, message: K.minAmount },
  ),
  depositor_name: krwText(50),
});
export type KrwDepositBody = z.input<typeof krwDepositBodySchema>;

/** A deposit request as the API returns it (amounts are decimal text; deposits carry no fee). */
export const depositViewSchema = z.object({
  id: z.string(),
  member_id: z.string(),
  currency: z.enum(['USDT', 'KRW', 'XRP', 'ETH']),
  amount: z.string(),
  fee: z.string(),
  final_amount: z.string(),
  status: z.enum(REQUEST_STATUSES),
  /** USDT: TRC20 or ERC20; ETH (found by the scan): ERC20; XRP (found by the scan at its tag): XRPL; null for KRW and old claims. */
  network: z.nullable(z.enum([...DEPOSIT_NETWORKS, 'XRPL'])),
  ...DEPOSIT_SOURCE_FIELDS,
  processed_by: nullableString,
  ...REQUEST_TIMES,
});
export type DepositView = z.infer<typeof depositViewSchema>;

/** The coins a member deposits to an address of their own: USDT (TRC20, ERC20) and ETH (its own chain). */
const ADDRESS_DEPOSIT_CURRENCIES = ['USDT', 'ETH'] as const;
export type AddressDepositCurrency = (typeof ADDRESS_DEPOSIT_CURRENCIES)[number];

/**
 * GET /api/deposit-address?currency=&network=: the member's deposit address of that coin on that network
 * (null: ask the administrator). USDT when no currency is named; ETH is on Ethereum only (its network is
 * ERC20 whatever is asked), where it shares the member's Ethereum address with USDT.
 */
export const depositAddressQuerySchema = z.strictObject({
  currency: z.optional(z.enum(ADDRESS_DEPOSIT_CURRENCIES, { error: M.networkInvalid })),
  network: z.optional(z.enum(DEPOSIT_NETWORKS, { error: M.networkInvalid })),
});

/**
 * Whether the server reads this network's chain (its connection is configured): only then is a transfer to
 * the address found and credited by itself, and a claim checked. False: the page says deposits cannot be
 * taken on this network now and offers nothing to send to.
 */
const connected = z.boolean();
/** The confirmations the server waits for before it credits a transfer (the network's setting). */
const minConfirmations = z.number();

export const depositAddressViewSchema = z.object({
  currency: z.enum(ADDRESS_DEPOSIT_CURRENCIES),
  address: nullableString,
  network: z.enum(DEPOSIT_NETWORKS),
  chat_url: z.string(),
  /** `derived`: the member's own address from the service's watch-only key; `operator`: typed by an operator. */
  origin: z.nullable(z.enum(['operator', 'derived'])),
  /** What the QR code encodes (the address itself), or null. */
  qr_value: nullableString,
  connected,
  min_confirmations: minConfirmations,
});
/** GET /api/deposit-address/xrp: the service's XRP address and the member's own destination tag. */
export const xrpDepositAddressViewSchema = z.object({
  network: z.literal('XRPL'),
  address: nullableString,
  destination_tag: nullableString,
  /** The address with its tag (`r…?dt=123`, as XRPL wallets read it), or null. */
  qr_value: nullableString,
  chat_url: z.string(),
  /** The XRP Ledger connection is set: tagged payments are found, and an untagged one can be claimed. */
  connected,
  min_confirmations: minConfirmations,
});
export type DepositAddressView = z.infer<typeof depositAddressViewSchema>;
export type XrpDepositAddressView = z.infer<typeof xrpDepositAddressViewSchema>;

/** A won bank account as a member screen shows it (the service's receiving account, the member's own). */
const wonAccountViewSchema = z.object(WON_ACCOUNT);
export type WonAccountView = z.infer<typeof wonAccountViewSchema>;

/**
 * GET /api/won-accounts: what the won deposit and withdrawal screens show. `receiving`: where members send
 * won (set by the operator; null until set). `own`: the member's verified own-name account, the only
 * sender of a won deposit and the only destination of a won withdrawal (null until verified, with
 * `own_status` saying why). `bank_form_url`: where a member registers their account.
 */
export const wonAccountsViewSchema = z.object({
  receiving: z.nullable(wonAccountViewSchema),
  own: z.nullable(wonAccountViewSchema),
  own_status: z.enum(['none', 'unverified', 'verified']),
  bank_form_url: nullableString,
});
export type WonAccountsView = z.infer<typeof wonAccountsViewSchema>;

/** GET/PUT /api/admin/receiving-account: the service's won receiving account (null until set). */
export const receivingAccountBodySchema = z.strictObject({
  bank_name: krwText(50),
  account_number: krwText(30).check(z.refine((v) => v === '' || isAccountNumber(v), K.accountNumberInvalid)),
  account_holder: krwText(50),
});
export type ReceivingAccountBody = z.input<typeof receivingAccountBodySchema>;
export const receivingAccountAdminViewSchema = z.object({
  account: z.nullable(wonAccountViewSchema),
  updated_by: nullableString,
  updated_at: nullableString,
});
export type ReceivingAccountAdminView = z.infer<typeof receivingAccountAdminViewSchema>;
