import type { BalanceCurrency } from '../../shared/constants';
import { D, type Dec, toWire } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import { prepared, type Queryable } from '../db';
import { AppError } from '../http/errors';

type LedgerKind = 'deposit' | 'withdrawal' | 'transfer_in' | 'transfer_out' | 'admin_adjustment';

export interface BalanceChange {
  memberId: string;
  currency: BalanceCurrency;
  /** Signed: credit > 0, debit < 0. */
  amount: Dec;
  kind: LedgerKind;
  depositId?: string;
  withdrawalId?: string;
  actorId: string | null;
  note?: string;
}

/** A change as SQL expressions, for a statement that takes it from parameters or from another CTE's row. */
export interface ChangeSql {
  member: string;
  currency: string;
  amount: string;
  kind: string;
  depositId: string;
  withdrawalId: string;
  actor: string;
  note: string;
}

/** A change given as parameters $1–$8 (`changeParams`). */
const FROM_PARAMS: ChangeSql = {
  member: '$1::uuid',
  currency: '$2::text',
  amount: '$3::numeric',
  kind: '$4::text',
  depositId: '$5::uuid',
  withdrawalId: '$6::uuid',
  actor: '$7::uuid',
  note: '$8::text',
};

/** Appends the ledger entry of the balance row returned by the CTE `b` (joined with `from`, one row). */
const ledgerFromB = (c: ChangeSql, from = 'b') =>
  `INSERT INTO ledger_entries (member_id, currency, amount, balance_after, kind, deposit_id, withdrawal_id, actor_id, note)
     SELECT ${c.member}, ${c.currency}, ${c.amount}, b.balance, ${c.kind}, ${c.depositId}, ${c.withdrawalId}, ${c.actor}, ${c.note}
       FROM ${from}
     RETURNING balance_after::text AS balance`;

/** A change's parameters $1–$8, in the order `FROM_PARAMS` reads them. */
const changeParams = (c: BalanceChange) => [
  c.memberId,
  c.currency,
  toWire(c.amount),
  c.kind,
  c.depositId ?? null,
  c.withdrawalId ?? null,
  c.actorId,
  c.note ?? null,
];

/**
 * The only way a balance changes: updates the balance row and appends its ledger entry, in the
 * caller's transaction. The row must already be locked (lockBalances). A debit below zero is refused.
 */
export async function applyBalanceChange(q: Queryable, c: BalanceChange): Promise<Dec> {
  if (c.amount.isZero()) throw new Error('applyBalanceChange: zero amount');
  // One round trip (decision 0143): the balance update and its ledger entry in one statement; the entry
  // is written only when the update found the row with enough funds, and carries the balance it left.
  const rows = await q.query<{ balance: string }>(
    prepared(`WITH b AS (
       UPDATE balances SET balance = balance + $3::numeric, updated_at = now()
        WHERE member_id = $1 AND currency = $2 AND balance + $3::numeric >= 0
        RETURNING balance)
     ${ledgerFromB(FROM_PARAMS)}`),
    changeParams(c),
  );
  const row = rows[0];
  if (!row) throw new AppError('INSUFFICIENT_FUNDS', MSG.wallet.insufficientBalance);
  return new D(row.balance);
}

/**
 * A credit to one balance row (decision 0203): the row is created when missing, or locked and raised, and
 * its ledger entry appended, in one statement. For a change that touches one balance row only (a deposit's
 * approval): several rows are locked in a fixed order first (lockBalances + applyBalanceChange).
 */
export async function creditBalance(q: Queryable, c: BalanceChange): Promise<Dec> {
  if (!c.amount.gt(0)) throw new Error('creditBalance: not a credit');
  const [row] = await q.query<{ balance: string }>(CREDIT, changeParams(c));
  return new D(row!.balance);
}

/**
 * The CTEs `b` and `ledger` of a credit, for a larger statement: one credit for each row of `source` (none
 * when it is empty), the change given as SQL expressions over it. `ledger` returns `balance`.
 */
export const creditCtes = (source: string, c: ChangeSql) => `b AS (
       INSERT INTO balances AS x (member_id, currency, balance) SELECT ${c.member}, ${c.currency}, ${c.amount} FROM ${source}
       ON CONFLICT (member_id, currency) DO UPDATE SET balance = x.balance + excluded.balance, updated_at = now()
       RETURNING x.balance),
     ledger AS (${ledgerFromB(c, `b, ${source}`)})`;

const CREDIT = prepared(`WITH ${creditCtes('(VALUES (1)) AS one', FROM_PARAMS)} SELECT balance FROM ledger`);

interface LedgerMismatch {
  member_id: string;
  currency: string;
  balance: string;
  ledger_sum: string;
}

export interface LedgerReport {
  ok: boolean;
  checkedBalances: number;
  mismatches: LedgerMismatch[];
  negativeBalances: { member_id: string; currency: string; balance: string }[];
}

/** For every member and currency: balance = Σ ledger entries, and no balance below zero. */
export async function verifyLedger(q: Queryable): Promise<LedgerReport> {
  const mismatches = await q.query<LedgerMismatch>(
    `SELECT COALESCE(b.member_id, l.member_id)::text AS member_id, COALESCE(b.currency, l.currency) AS currency,
            COALESCE(b.balance, 0)::text AS balance, COALESCE(l.total, 0)::text AS ledger_sum
       FROM balances b
       FULL OUTER JOIN (SELECT member_id, currency, sum(amount) AS total FROM ledger_entries GROUP BY member_id, currency) l
         ON l.member_id = b.member_id AND l.currency = b.currency
      WHERE COALESCE(b.balance, 0) <> COALESCE(l.total, 0)`,
  );
  const negativeBalances = await q.query<{ member_id: string; currency: string; balance: string }>(
    `SELECT member_id::text AS member_id, currency, balance::text AS balance FROM balances WHERE balance < 0`,
  );
  const [count] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM balances');
  return {
    ok: mismatches.length === 0 && negativeBalances.length === 0,
    checkedBalances: count?.n ?? 0,
    mismatches,
    negativeBalances,
  };
}
