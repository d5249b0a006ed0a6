/** The operators' desk queue (GET /api/admin/queue): its query and its rows. */
import { BALANCE_CURRENCIES } from '../constants';
import { MSG } from '../messages';
import { z } from '../zod';
import { CHAIN_VERDICTS, chainCheckView } from './chain';
import { nullableString, REQUEST_KEY } from './view-parts';

const Q = MSG.deskQueue;

export const QUEUE_TYPES = ['deposit', 'withdrawal'] as const;
const QUEUE_SORTS = ['age', 'krw'] as const;
const QUEUE_DIRECTIONS = ['asc', 'desc'] as const;
/** `none`: a request the chain does not check (KRW, a withdrawal, a network whose checks are off). */
export const QUEUE_VERDICTS = ['none', ...CHAIN_VERDICTS] as const;
export const QUEUE_PROPOSALS = ['open', 'none'] as const;
const QUEUE_MAX_LIMIT = 200;
const QUEUE_DEFAULT_LIMIT = 50;

const count = (message: string, max: number) =>
  z.optional(
    z.coerce.number({ error: message }).check(z.int(message), z.gte(0, message), z.lte(max, message)),
  );

export const queueQuerySchema = z.strictObject({
  type: z.optional(z.enum(QUEUE_TYPES, { error: Q.typeInvalid })),
  currency: z.optional(z.enum(BALANCE_CURRENCIES, { error: Q.currencyInvalid })),
  verdict: z.optional(z.enum(QUEUE_VERDICTS, { error: Q.verdictInvalid })),
  proposal: z.optional(z.enum(QUEUE_PROPOSALS, { error: Q.proposalInvalid })),
  /** Only requests waiting at least this many minutes. */
  min_age: count(Q.minAgeInvalid, 525_600),
  /** Only requests worth at least this many won. */
  min_krw: count(Q.minKrwInvalid, 1e15),
  /** age: by waiting time (desc = longest waiting first); krw: by won value. */
  sort: z._default(z.enum(QUEUE_SORTS, { error: Q.sortInvalid }), 'age'),
  direction: z._default(z.enum(QUEUE_DIRECTIONS, { error: Q.directionInvalid }), 'desc'),
  limit: z._default(
    z.coerce
      .number({ error: Q.limitInvalid })
      .check(z.int(Q.limitInvalid), z.gte(1, Q.limitInvalid), z.lte(QUEUE_MAX_LIMIT, Q.limitInvalid)),
    QUEUE_DEFAULT_LIMIT,
  ),
  offset: z._default(
    z.coerce
      .number({ error: Q.offsetInvalid })
      .check(z.int(Q.offsetInvalid), z.gte(0, Q.offsetInvalid), z.lte(10_000_000, Q.offsetInvalid)),
    0,
  ),
});
export type QueueQuery = z.output<typeof queueQuerySchema>;

const queueRowView = z.object({
  kind: z.enum(QUEUE_TYPES),
  ...REQUEST_KEY,
  network: nullableString,
  /** The address the coins go to (withdrawal) or were sent to (deposit); null for won and internal moves. */
  address: nullableString,
  /** The XRP destination tag: where a withdrawal goes, or what a deposit's payment carried (null: none). */
  tag: nullableString,
  /**
   * A deposit the chain shows arrived but not that it is this member's (decision 0364): mined before its
   * address became theirs, or an XRP payment without their tag. Approving it always takes a second
   * administrator. Always false for a withdrawal.
   */
  before_assignment: z.boolean(),
  /** The transfer a deposit names (null: won, or none given); a pending withdrawal has none yet. */
  txid: nullableString,
  created_at: z.string(),
  age_seconds: z.number(),
  krw_value: z.string(),
  /** null: the chain does not check this request. */
  chain: z.nullable(chainCheckView),
  /**
   * A withdrawal's address-book entry: how long ago the member registered it, and how long before the
   * request (a young address is a warning sign). null: no entry (a deposit, won, an internal transfer, or
   * an address outside the book).
   */
  address_book: z.nullable(z.object({ age_seconds: z.number(), before_request_seconds: z.number() })),
  /** The member's last account reset or recovery within 30 days (최근 계정 복구), or null. */
  recovered_at: nullableString,
  /** The open two-person proposal of this request's approval, if any. */
  proposal: z.nullable(z.object({ id: z.string(), proposed_by_username: z.string(), mine: z.boolean() })),
});
export type QueueRow = z.infer<typeof queueRowView>;

export const queueView = z.object({
  items: z.array(queueRowView),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
  price_source: z.enum(['live', 'sample']),
});
export type QueueView = z.infer<typeof queueView>;
