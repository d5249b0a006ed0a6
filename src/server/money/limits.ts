/**
 * How much money one member and one administrator moved in the last 24 hours, in won, for the four-eyes
 * thresholds (decisions 0321, 0460). Counted from the ledger (what was applied) plus the pending proposals
 * (what is waiting for a second administrator), so splitting one large amount into several small ones does
 * not stay under a threshold; read from hourly totals, a bounded number of rows however busy the day
 * (`four_eyes_totals`, migrations 150 and 160). Valued at the current price; when the feeds are down, at the higher
 * of the last stored price and the sample price (decision 0370), never lower than what was last seen.
 */
import { assetKrwValue, type PriceTable } from '../../shared/assets';
import {
  CRYPTO_PRICE_CURRENCIES,
  PRICE_SYMBOLS,
  SAMPLE_PRICES_USD,
  SAMPLE_USD_KRW,
  type ViewCurrency,
} from '../../shared/constants';
import { D, type Dec, ZERO } from '../../shared/decimal';
import { prepared, type Queryable, type Transaction } from '../db';
import { AppError } from '../http/errors';

/** Money into the member's balances (deposits, credits) or out of them (payouts, debits). */
export type Direction = 'in' | 'out';

/** Amounts per currency (signs ignored). */
export type Amounts = { currency: string; amount: string | Dec }[];

/** The 24 h totals in won: the member's per direction and the administrator's, and the prices used. */
export interface Totals {
  member: Record<Direction, Dec>;
  admin: Dec;
  /** A live proposal about the request being decided waits for a second administrator. */
  proposalOpen: boolean;
  /** Values other amounts at the same prices. */
  value(amounts: Amounts): Dec;
}

type Row = {
  who: 'member' | 'admin' | 'prices' | 'open';
  direction: Direction | null;
  currency: string | null;
  amount: string | null;
};

/**
 * The sample prices `four_eyes_prices` (migration 170) values at when a stored price is not live, with the
 * provider pair each currency is stored under (USDT, pegged at 1 USD, has none): the SQL side of decision
 * 0370's rule, one JSON parameter.
 */
const SAMPLES = JSON.stringify({
  usdKrw: SAMPLE_USD_KRW,
  usd: Object.fromEntries(
    CRYPTO_PRICE_CURRENCIES.map((c) => [
      c,
      { pair: c === 'USDT' ? null : PRICE_SYMBOLS[c], sample: SAMPLE_PRICES_USD[c] },
    ]),
  ),
});

/** The totals (`four_eyes_totals`) and, in the last row, the prices to value them at. */
const totalsSql = (lock: boolean) =>
  prepared(`SELECT who, direction, currency, amount::text AS amount
    FROM four_eyes_totals($2::uuid, $3::uuid, $4::text, $5::uuid, ${lock})
  UNION ALL
  SELECT 'prices', NULL, NULL, four_eyes_prices($1::double precision, $6::jsonb)::text`);

/**
 * `TAKE`: `four_eyes_totals` first takes the member's and then the administrator's totals lock (held to
 * COMMIT) and reads after them, so it sees every decision committed before. A decision that reads it holds
 * the locks for the rest of its transaction: the edits, and an approval decided again after it met a
 * threshold (an approval's own check is `commitUnderThresholds`). What the caller's own transaction moved is
 * not in the totals yet (the hourly totals are written at COMMIT): the caller adds it. `READ`: the same
 * without the locks, for display.
 */
const TAKE = totalsSql(true);
const READ = totalsSql(false);

/**
 * Reads the member's and the administrator's totals under their locks (see `TAKE`), and whether a live
 * proposal of `target.kind` about `target.id` waits: read after the locks too, so it sees one filed by a
 * decision that held the request's row while this one waited for it.
 */
export async function takeTotals(
  q: Queryable,
  staleSeconds: number,
  memberId: string,
  adminId: string | null,
  target: { kind: string; id: string } | null,
): Promise<Totals> {
  return totalsOf(
    await q.query<Row>(TAKE, [
      staleSeconds,
      memberId,
      adminId,
      target?.kind ?? null,
      target?.id ?? null,
      SAMPLES,
    ]),
  );
}

/** A decision whose thresholds were met at its end (`commitUnderThresholds`): nothing of it was committed. */
export class ThresholdMet extends Error {}

const CHECK =
  'SELECT four_eyes_check($1::uuid, $2::uuid, $3::text, $4::uuid, $5::jsonb, $6::numeric, $7::double precision, $8::jsonb)';

/**
 * A request approval's thresholds, checked as its last statement and committed with it in one round trip
 * (`four_eyes_check`, migration 170: the prices, the totals locks, the totals, and the comparisons `decide`
 * makes in proposals/registry.ts): the locks are held by that statement and the commit only. Throws `ThresholdMet` when the action with the totals reaches
 * a threshold, and `pending` (a conflict) while a proposal about the request waits; either way nothing is
 * committed. `releaseBeforeFlush`: the locks go at the commit's record, not at its disk flush
 * (`Transaction.commitWith`, decision 0491).
 */
export async function commitUnderThresholds(
  q: Transaction,
  staleSeconds: number,
  adminDailyKrw: string,
  adminId: string | null,
  target: { kind: string; id: string; pending: string },
  limits: { memberId: string; moves: { dir: Direction; amounts: Amounts; threshold: string }[] },
  releaseBeforeFlush: boolean,
): Promise<void> {
  const moves = JSON.stringify(
    limits.moves.map((m) => ({
      dir: m.dir,
      threshold: m.threshold,
      amounts: m.amounts.map((a) => ({ currency: a.currency, amount: a.amount.toString() })),
    })),
  );
  try {
    await q.commitWith(
      CHECK,
      [limits.memberId, adminId, target.kind, target.id, moves, adminDailyKrw, staleSeconds, SAMPLES],
      { releaseBeforeFlush },
    );
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'WE002') throw new ThresholdMet();
    if (code === 'WE001') throw new AppError('CONFLICT', target.pending);
    throw err;
  }
}

function totalsOf(rows: Row[]): Totals {
  const table: PriceTable = JSON.parse(rows.find((r) => r.who === 'prices')?.amount ?? 'null');
  const value = (amounts: Amounts) =>
    amounts.reduce(
      (sum, a) => sum.plus(assetKrwValue(a.currency as ViewCurrency, new D(a.amount).abs(), table)),
      ZERO,
    );
  const of = (who: Row['who'], dir: Direction | null) =>
    value(
      rows
        .filter((r) => r.who === who && r.direction === dir)
        .map((r) => ({ currency: r.currency ?? '', amount: r.amount ?? '0' })),
    );
  return {
    member: { in: of('member', 'in'), out: of('member', 'out') },
    admin: of('admin', null),
    proposalOpen: rows.some((r) => r.who === 'open'),
    value,
  };
}

/**
 * What the administrator moved alone (no second administrator confirmed it) over 24 h, in won, without
 * taking a lock: the whole hours inside the window from `actor_hourly_totals` (kept from the ledger by its
 * trigger), the hour the window starts in, which it covers only in part, from the ledger entries themselves.
 */
export async function adminTotalKrw(q: Queryable, staleSeconds: number, adminId: string): Promise<Dec> {
  const rows = await q.query<Row>(READ, [staleSeconds, null, adminId, null, null, SAMPLES]);
  return totalsOf(rows).admin;
}
