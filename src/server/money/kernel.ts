/**
 * The money kernel: the one place where a balance changes. Every money action (a deposit's approval, a
 * withdrawal's approval or an internal transfer, an administrator's adjustment or balance edit, a confirmed
 * proposal of any of these) describes itself as a `Movement` and hands it to `applyMovement`, inside the
 * action's own transaction:
 *
 * 1. the balance rows it touches are locked in a fixed order (created at zero when missing), so two
 *    movements of one member never deadlock and always see each other's result; a movement of one row
 *    leaves that to its one statement;
 * 2. each change is one statement that moves the balance and appends its ledger entry, refused when it
 *    would leave the balance below zero (and the table's CHECK refuses it again); a credit creates the
 *    balance row when missing;
 * 3. the action's audit entry is written, with what the movement left (`balance_after` per change), and in
 *    the same statement its live events, announced to the browsers once the transaction commits.
 *
 * Nothing else in the server writes `balances` or `ledger_entries`. The database derives one thing from each
 * ledger entry when its transaction commits: the member's and the actor's hourly totals for the four-eyes
 * thresholds (`member_hourly_totals`, `actor_hourly_totals`, migrations 113 and 150).
 */
import type { BalanceCurrency } from '../../shared/constants';
import { D, type Dec, toWire } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import { type AuditEntry, auditInsert } from '../audit/write-audit';
import { prepared, type Queryable } from '../db';
import { type LiveEventInput, publish, publishWith } from '../events/publish';
import { AppError } from '../http/errors';
import { lockBalances } from '../wallet/balance-state';

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
  /** The second administrator of a confirmed proposal; absent for an action applied in one step. */
  confirmedBy?: string | null;
  note?: string;
  /** The message when the balance is short (given the balance), instead of the wallet's own. */
  refused?: (balance: Dec) => string;
}

/** What each change left, in the order of `changes`. */
export type BalancesAfter = Dec[];

export interface Movement {
  changes: BalanceChange[];
  /** The action's audit entry, given what the changes left; none for a change recorded elsewhere. */
  audit?: (after: BalancesAfter) => AuditEntry;
  /** Its live events (recorded now, announced after commit). */
  events?: LiveEventInput[];
}

/** Applies a movement in the caller's transaction (see the file's comment). Returns what each change left. */
export async function applyMovement(q: Queryable, m: Movement): Promise<BalancesAfter> {
  const rows = m.changes.map((c) => ({ memberId: c.memberId, currency: c.currency }));
  if (new Set(rows.map((r) => `${r.memberId}|${r.currency}`)).size > 1) await lockBalances(q, rows);
  const after: BalancesAfter = [];
  for (const c of m.changes) after.push(await applyBalanceChange(q, c));
  const events = m.events ?? [];
  if (m.audit) {
    const a = auditInsert(m.audit(after));
    await publishWith(q, events, a.sql, a.params);
  } else {
    for (const e of events) await publish(q, e);
  }
  return after;
}

/**
 * One change of one balance row: the balance update and its ledger entry in one statement
 * (one round trip); the entry is written only when the update found the row with enough funds, and carries
 * the balance it left. A debit below zero is refused with SPEC's message.
 */
export async function applyBalanceChange(q: Queryable, c: BalanceChange): Promise<Dec> {
  if (c.amount.isZero()) throw new Error('applyBalanceChange: zero amount');
  const rows = await q.query<{ balance: string }>(c.amount.isPositive() ? CREDIT : DEBIT, [
    c.memberId,
    c.currency,
    toWire(c.amount),
    c.kind,
    c.depositId ?? null,
    c.withdrawalId ?? null,
    c.actorId,
    c.note ?? null,
    c.confirmedBy ?? null,
  ]);
  const row = rows[0];
  if (row) return new D(row.balance);
  if (!c.refused) throw new AppError('INSUFFICIENT_FUNDS', MSG.wallet.insufficientBalance);
  const [b] = await q.query<{ balance: string }>(
    'SELECT balance::text AS balance FROM balances WHERE member_id = $1 AND currency = $2',
    [c.memberId, c.currency],
  );
  throw new AppError('INSUFFICIENT_FUNDS', c.refused(new D(b?.balance ?? 0)));
}

const LEDGER = `INSERT INTO ledger_entries (member_id, currency, amount, balance_after, kind, deposit_id, withdrawal_id,
                                 actor_id, note, confirmed_by)
     SELECT $1::uuid, $2::text, $3::numeric, b.balance, $4::text, $5::uuid, $6::uuid, $7::uuid, $8::text, $9::uuid FROM b
     RETURNING balance_after::text AS balance`;

/** A credit: the row is created when missing, so it needs no lock taken before. */
const CREDIT = prepared(`WITH b AS (
       INSERT INTO balances AS t (member_id, currency, balance) VALUES ($1, $2, $3::numeric)
       ON CONFLICT (member_id, currency) DO UPDATE SET balance = t.balance + excluded.balance, updated_at = now()
       RETURNING balance)
     ${LEDGER}`);

/** A debit: only of an existing row with enough funds. */
const DEBIT = prepared(`WITH b AS (
       UPDATE balances SET balance = balance + $3::numeric, updated_at = now()
        WHERE member_id = $1 AND currency = $2 AND balance + $3::numeric >= 0
        RETURNING balance)
     ${LEDGER}`);
