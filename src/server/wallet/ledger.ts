import type { BalanceCurrency } from '../../shared/constants';
import { D, type Dec, toWire } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import type { Queryable } from '../db';
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

/** Appends the ledger entry of the balance row returned by the CTE `b`, with the parameters of `changeParams`. */
const LEDGER_FROM_B = `INSERT INTO ledger_entries (member_id, currency, amount, balance_after, kind, deposit_id, withdrawal_id, actor_id, note)
     SELECT $1::uuid, $2::text, $3::numeric, b.balance, $4::text, $5::uuid, $6::uuid, $7::uuid, $8::text FROM b
     RETURNING balance_after::text AS balance`;

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
    `WITH b AS (
       UPDATE balances SET balance = balance + $3::numeric, updated_at = now()
        WHERE member_id = $1 AND currency = $2 AND balance + $3::numeric >= 0
        RETURNING balance)
     ${LEDGER_FROM_B}`,
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
  const [row] = await q.query<{ balance: string }>(
    `WITH b AS (
       INSERT INTO balances AS x (member_id, currency, balance) VALUES ($1, $2, $3::numeric)
       ON CONFLICT (member_id, currency) DO UPDATE SET balance = x.balance + excluded.balance, updated_at = now()
       RETURNING x.balance)
     ${LEDGER_FROM_B}`,
    changeParams(c),
  );
  return new D(row!.balance);
}

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
