/**
 * Field groups that several answers share, written once: a page of a list, the times of a row, and the
 * parts of a deposit or withdrawal request that the member's and the administrator's views both show.
 */
import { z } from '../zod';

/** A text fact an answer's row may not have: null (never left out). */
export const nullableString = z.nullable(z.string());

/** One page of a list: its items, how many there are in all, which page, how many per page. */
export const pageShape = <T extends z.ZodMiniType>(item: T) => ({
  items: z.array(item),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export const pageOf = <T extends z.ZodMiniType>(item: T) => z.object(pageShape(item));

/** SPEC §3's amounts of one currency, with the pending-withdrawal hold. */
export const BALANCE_AMOUNTS = {
  total: z.string(),
  /** Sum of active locks. */
  locked: z.string(),
  /** Sum of pending withdrawal requests. */
  held: z.string(),
  /** total − locked − held, at least 0. */
  available: z.string(),
};

/** When a row was written and last changed. */
export const TIMESTAMPS = { created_at: z.string(), updated_at: z.string() };
/** When a request was decided (null while pending), written and last changed. */
export const REQUEST_TIMES = { processed_at: nullableString, ...TIMESTAMPS };

/** Which request, whose, and what: the fields every administrator's list or queue of requests starts with. */
export const REQUEST_KEY = {
  id: z.string(),
  member_id: z.string(),
  username: z.string(),
  currency: z.string(),
  amount: z.string(),
};

/** A won bank account: the service's receiving account or a member's own, as screens and the desk show it. */
export const WON_ACCOUNT = {
  bank_name: z.string(),
  account_number: z.string(),
  account_holder: z.string(),
};

/** A KRW request's bank account (null for crypto). */
export const BANK_FIELDS = {
  bank_name: nullableString,
  account_number: nullableString,
  account_holder: nullableString,
};

/** Where a deposit came from: the claimed transfer (crypto) or the sending account and depositor (KRW). */
export const DEPOSIT_SOURCE_FIELDS = {
  deposit_address: nullableString,
  txid: nullableString,
  /** The transfer's index in its transaction, where another deposit has the same TXID ("TXID · #2"). */
  transfer_index: z.optional(z.nullable(z.number())),
  sender_address: nullableString,
  ...BANK_FIELDS,
  depositor_name: nullableString,
};

/** Travel rule: the recipient's name and receiving exchange ('personal': a declared personal wallet). */
export const TRAVEL_RULE_FIELDS = {
  travel_rule_name: z.optional(nullableString),
  travel_rule_exchange: z.optional(nullableString),
  travel_rule_personal_declared: z.optional(z.nullable(z.boolean())),
};
