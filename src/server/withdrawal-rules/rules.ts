import { BALANCE_CURRENCIES } from '../../shared/constants';
import { D, type Dec, maxDec, toWire, ZERO } from '../../shared/decimal';
import { formatDateTime, formatKrw } from '../../shared/format';
import { MSG } from '../../shared/messages';
import type { WithdrawalRulesView } from '../../shared/schemas/withdrawal-rules';
import type { WithdrawalRulesConfig } from '../config';
import type { Queryable } from '../db';
import { isoTime } from '../db/iso-time';
import { AppError } from '../http/errors';
import { refuseWithdrawalAfterReset } from '../members/admin-resets';
import { readPrices } from '../prices/read-prices';
import { readBalanceStates } from '../wallet/balance-state';
import { resolveBookEntry } from './address-book';

const R = MSG.wrules;

export interface RulesDeps {
  rules: WithdrawalRulesConfig;
  /** PRICE_STALE_SECONDS: which stored prices are live (else the sample prices, as everywhere). */
  priceStaleSeconds: number;
}

/** KRW per unit of each currency at the current price (KRW = 1; a currency without a price = 0). */
async function krwPrices(q: Queryable, staleSeconds: number): Promise<Map<string, Dec>> {
  const prices = await readPrices(q, staleSeconds);
  const m = new Map<string, Dec>([['KRW', new D(1)]]);
  for (const i of prices.items) m.set(i.symbol, new D(i.krw_price));
  return m;
}

const priceOf = (prices: Map<string, Dec>, currency: string) => prices.get(currency) ?? ZERO;

interface KrwHold {
  amount_krw: string;
  until: string;
  first: boolean;
}

export interface RuleInputs {
  prices: Map<string, Dec>;
  own: { crypto_krw: string | null; krw: string | null } | undefined;
  /** The first KRW deposit's full hold on external crypto withdrawals: its end, or null. */
  holdUntil: string | null;
  /** The KRW deposits still holding their won value (DAXA, decision 0350). */
  holds: KrwHold[];
}

/**
 * What the rules read that needs no lock (prices, the member's own limits, the approved KRW deposits still
 * holding): read before the member's withdrawal lock, so the serialised part is only the sums and the
 * address book. (An administrator's limit change or a deposit approval that lands in between counts from
 * the next request.) Holds are compared with clock_timestamp(), not now(): now() is when this transaction
 * began, and an approval that committed after that (its processed_at is its own start) would otherwise look
 * held even with a delay of 0 hours (seen in the crash test on PostgreSQL).
 */
export async function readRuleInputs(q: Queryable, memberId: string, deps: RulesDeps): Promise<RuleInputs> {
  const [prices, ownRows, holds] = await Promise.all([
    krwPrices(q, deps.priceStaleSeconds),
    q.query<{ crypto_krw: string | null; krw: string | null }>(
      'SELECT crypto_krw::text AS crypto_krw, krw::text AS krw FROM member_withdrawal_limits WHERE member_id = $1',
      [memberId],
    ),
    readKrwHolds(q, memberId, deps.rules),
  ]);
  const first = holds.find((h) => h.first);
  return { prices, own: ownRows[0], holdUntil: first?.until ?? null, holds };
}

/**
 * DAXA's holds (decision 0350): the member's first approved KRW deposit (by approval time) holds for
 * `krwFirstDepositHoldHours`, each later one for `krwDepositDelayHours`, each its own won amount.
 */
async function readKrwHolds(
  q: Queryable,
  memberId: string,
  rules: WithdrawalRulesConfig,
): Promise<KrwHold[]> {
  const ends = `(d.processed_at + make_interval(secs => (CASE WHEN d.first THEN $2 ELSE $3 END)::double precision))`;
  return q.query<KrwHold>(
    `SELECT d.amount::text AS amount_krw, ${isoTime(ends)} AS until, d.first
       FROM (SELECT amount, processed_at, row_number() OVER (ORDER BY processed_at, id) = 1 AS first
               FROM deposits
              WHERE member_id = $1 AND currency = 'KRW' AND status = 'approved' AND processed_at IS NOT NULL) d
      WHERE ${ends} > clock_timestamp()
      ORDER BY ${ends}`,
    [memberId, rules.krwFirstDepositHoldHours * 3600, rules.krwDepositDelayHours * 3600],
  );
}

/** The value at current prices of what the member could send now (available balances of every currency). */
async function availableValue(q: Queryable, memberId: string, prices: Map<string, Dec>): Promise<Dec> {
  const states = await readBalanceStates(q, memberId, [...BALANCE_CURRENCIES]);
  return states.reduce((sum, s) => sum.plus(s.available.times(priceOf(prices, s.currency))), ZERO);
}

/**
 * What the withdrawal screen shows and what the server enforces: the KRW-deposit hold, and each daily
 * limit with what was used in the last 24 h (pending and approved; rejected ones do not count) at the
 * value each withdrawal had when requested (older rows without one: at the current price).
 */
export async function readRules(
  q: Queryable,
  memberId: string,
  deps: RulesDeps,
  pre?: RuleInputs,
): Promise<WithdrawalRulesView> {
  const cfg = deps.rules;
  const { prices: p, own, holdUntil, holds } = pre ?? (await readRuleInputs(q, memberId, deps));
  const held = holds.reduce((sum, h) => sum.plus(h.amount_krw), ZERO);
  const free = maxDec((await availableValue(q, memberId, p)).minus(held), ZERO);
  const used = await q.query<{
    currency: string;
    valued: string | null;
    unvalued: string | null;
    oldest: string;
  }>(
    `SELECT currency, sum(krw_value) FILTER (WHERE krw_value IS NOT NULL)::text AS valued,
            sum(amount) FILTER (WHERE krw_value IS NULL)::text AS unvalued,
            ${isoTime("(min(created_at) + interval '24 hours')")} AS oldest
       FROM withdrawals
      WHERE member_id = $1 AND status <> 'rejected' AND created_at > now() - interval '24 hours'
      GROUP BY currency`,
    [memberId],
  );
  const limit = (kind: 'crypto' | 'krw') => {
    const rows = used.filter((u) => (u.currency === 'KRW') === (kind === 'krw'));
    let sum = ZERO;
    let frees: string | null = null;
    for (const u of rows) {
      sum = sum.plus(u.valued ?? 0).plus(new D(u.unvalued ?? 0).times(priceOf(p, u.currency)));
      if (frees === null || u.oldest < frees) frees = u.oldest;
    }
    const ownLimit = kind === 'krw' ? own?.krw : own?.crypto_krw;
    const lim = new D(ownLimit ?? (kind === 'krw' ? cfg.dailyLimitKrw : cfg.dailyLimitCryptoKrw));
    return {
      limit: toWire(lim),
      used: toWire(sum.toDecimalPlaces(0, D.ROUND_CEIL)),
      remaining: toWire(maxDec(lim.minus(sum), ZERO).toDecimalPlaces(0, D.ROUND_FLOOR)),
      frees_at: frees,
      own: ownLimit !== null && ownLimit !== undefined,
    };
  };
  return {
    address_delay_hours: cfg.addressDelayHours,
    krw_deposit_delay_hours: cfg.krwDepositDelayHours,
    krw_first_deposit_hold_hours: cfg.krwFirstDepositHoldHours,
    krw_deposit_hold_until: holdUntil,
    krw_deposit_holds: holds.map((h) => ({ ...h, amount_krw: toWire(h.amount_krw) })),
    krw_deposit_held_krw: toWire(held),
    krw_deposit_free_krw: toWire(free.toDecimalPlaces(0, D.ROUND_FLOOR)),
    travel_rule_threshold_krw: String(cfg.travelRuleThresholdKrw),
    crypto: limit('crypto'),
    krw: limit('krw'),
    as_of: new Date().toISOString(),
  };
}

export interface RuleRequest {
  currency: string;
  amount: string;
  method: 'internal' | 'external' | 'bank';
  network?: string;
  recipientAddress?: string;
  destinationTag?: number | null;
  addressId?: string | null;
  travel?: { name?: string | null; exchange?: string | null; declared?: boolean | null };
}

/** What the rules add to the withdrawal row. */
export interface RuleColumns {
  addressBookId: string | null;
  krwValue: string;
  travelRuleName: string | null;
  travelRuleExchange: string | null;
  travelRulePersonalDeclared: boolean | null;
}

/**
 * Every withdrawal rule, in the creating transaction and under the member's lock (lockMemberWithdrawals):
 * the address book and its waiting period, the hold after a KRW deposit (external crypto only), the
 * travel rule (external, from the threshold), the daily limit (every withdrawal: crypto or KRW). Each
 * refusal names its rule, when it ends, and the field it belongs to.
 */
export async function checkWithdrawalRules(
  q: Queryable,
  memberId: string,
  deps: RulesDeps,
  w: RuleRequest,
  pre: RuleInputs,
): Promise<RuleColumns> {
  await refuseWithdrawalAfterReset(q, memberId, deps.rules.adminResetHoldHours);
  const value = new D(w.amount).times(priceOf(pre.prices, w.currency));
  const view = await readRules(q, memberId, deps, pre);
  const out: RuleColumns = {
    addressBookId: null,
    krwValue: toWire(value.toDecimalPlaces(8, D.ROUND_CEIL)),
    travelRuleName: null,
    travelRuleExchange: null,
    travelRulePersonalDeclared: null,
  };
  if (w.method === 'external') {
    const entry = await resolveBookEntry(q, memberId, {
      currency: w.currency,
      network: w.network ?? '',
      address: w.recipientAddress ?? '',
      tag: w.destinationTag ?? null,
      addressId: w.addressId,
    });
    if (!entry.usable) {
      const m = R.waiting(formatDateTime(entry.usable_at, false));
      throw new AppError('VALIDATION', m, { [w.addressId ? 'address_id' : 'recipient_address']: m });
    }
    out.addressBookId = entry.id;
    // An exchange credits an XRP payment by its tag: sent without one it is lost to the member. Entries
    // saved before the address book asked for the tag may still name an exchange and hold none.
    if (w.network === 'XRPL' && (w.destinationTag ?? null) === null) {
      const declared = w.travel?.exchange;
      if (entry.wallet_kind === 'exchange' || (declared && declared !== 'personal')) {
        const field =
          entry.wallet_kind !== 'exchange'
            ? 'travel_rule_exchange'
            : w.addressId
              ? 'address_id'
              : 'recipient_address';
        throw new AppError('VALIDATION', R.xrpExchangeNoTag, { [field]: R.xrpExchangeNoTag });
      }
    }
    if (view.krw_deposit_hold_until) {
      const m = R.krwDepositHoldHours(
        deps.rules.krwFirstDepositHoldHours,
        formatDateTime(view.krw_deposit_hold_until, false),
      );
      throw new AppError('VALIDATION', m, { method: m });
    }
    const threshold = deps.rules.travelRuleThresholdKrw;
    if (value.gte(threshold)) {
      const t = formatKrw(threshold);
      const name = w.travel?.name?.trim() ?? '';
      const exchange = w.travel?.exchange ?? null;
      const fields: Record<string, string> = {};
      if (!name) fields.travel_rule_name = R.travelNameRequired(t);
      if (!exchange) fields.travel_rule_exchange = R.travelExchangeRequired(t);
      else if (exchange === 'personal' && w.travel?.declared !== true) {
        fields.travel_rule_declared = R.travelDeclareRequired;
      }
      const first = Object.values(fields)[0];
      if (first) throw new AppError('VALIDATION', first, fields);
      out.travelRuleName = name;
      out.travelRuleExchange = exchange;
      out.travelRulePersonalDeclared = exchange === 'personal' ? true : null;
    }
  }
  // Held won value cannot leave by an external crypto withdrawal nor by an internal transfer (to another
  // member, who could withdraw it); KRW to the member's own verified bank account is not held. The view's
  // free value is read under the member's lock, so parallel requests see each other's pending holds.
  if (w.method !== 'bank' && view.krw_deposit_holds.length > 0) {
    const free = new D(view.krw_deposit_free_krw);
    if (value.gt(free)) {
      const last = view.krw_deposit_holds[view.krw_deposit_holds.length - 1]!;
      const m = R.krwDepositHeldValue(
        formatKrw(view.krw_deposit_held_krw),
        formatDateTime(last.until, false),
        formatKrw(free),
      );
      throw new AppError('VALIDATION', m, { amount: m });
    }
  }
  const lim = w.currency === 'KRW' ? view.krw : view.crypto;
  if (value.gt(lim.remaining)) {
    const freesAt = lim.frees_at ? formatDateTime(lim.frees_at, false) : null;
    const m =
      w.currency === 'KRW'
        ? R.dailyLimitKrw(formatKrw(lim.remaining), freesAt)
        : R.dailyLimitCrypto(formatKrw(lim.remaining), freesAt);
    throw new AppError('VALIDATION', m, { amount: m });
  }
  return out;
}
