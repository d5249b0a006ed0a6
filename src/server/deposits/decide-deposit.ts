import type { BalanceCurrency } from '../../shared/constants';
import { D } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import type { DepositView } from '../../shared/schemas/deposits';
import { type Decision, decideRequest, type RequestKind } from '../approval/decide-request';
import { type Actor, approvalOf } from '../audit/actor';
import { AUDIT_COLUMNS, auditValues } from '../audit/write-audit';
import { type Db, prepared, type Queryable, RETRYABLE } from '../db';
import { UUID_PATTERN } from '../db/iso-time';
import { announce } from '../events/publish';
import { creditBalance, creditCtes } from '../wallet/ledger';
import { chainGate, type LockedDeposit } from './chain-gate';
import { DEPOSIT_COLUMNS, type DepositRow, toDepositView } from './deposit-view';

/** What the chain gate needs (issue 19, decision 0171). */
export interface ChainOptions {
  override?: boolean;
  chainAuto?: boolean;
  checkedNetworks?: readonly string[];
}

/**
 * A deposit for the approval core: an approval passes the chain gate, then credits the balance with its
 * ledger entry (the balance row is created when missing); a rejection changes nothing but the status.
 */
const depositKind = (chain: ChainOptions): RequestKind<LockedDeposit, DepositView> => ({
  kind: 'deposit',
  table: 'deposits',
  alias: 'd',
  columns: DEPOSIT_COLUMNS,
  notFound: MSG.approval.depositNotFound,
  lock: lockForDecision,
  toView: toDepositView,
  describe: (v) => ({ member_id: v.member_id, currency: v.currency, amount: v.amount }),
  async approve(q, before, actor, reason) {
    // Issue 19: approving against the chain's verdict takes an explicit flag and a reason (decision 0171).
    const check = chainGate(before, reason, chain);
    const after = await creditBalance(q, {
      memberId: before.member_id,
      currency: before.currency as BalanceCurrency,
      amount: new D(before.amount),
      kind: 'deposit',
      depositId: before.id,
      actorId: actor.actorId,
    });
    return { moved: { balance_after: after.toFixed() }, trailing: check };
  },
});

/**
 * Locks a deposit for a decision with its chain check, if any (decision 0203: one statement). The deposit
 * row is locked first, then the check's row, so the checker cannot change the verdict until the decision
 * commits.
 */
async function lockForDecision(q: Queryable, id: string): Promise<LockedDeposit | null> {
  const [row] = await q.query<LockedDeposit>(
    prepared(`WITH locked AS (SELECT ${DEPOSIT_COLUMNS} FROM deposits d WHERE d.id = $1 FOR UPDATE),
          chain AS (SELECT verdict, confirmations, final FROM deposit_chain_checks WHERE deposit_id = $1 FOR UPDATE)
     SELECT locked.*, chain.verdict AS chain_verdict, chain.confirmations AS chain_confirmations,
            chain.final AS chain_final
       FROM locked LEFT JOIN chain ON true`),
    [id],
  );
  return row ?? null;
}

/**
 * Approves or rejects a pending deposit (the approval core, `decideRequest`). An approval of a deposit that
 * has no chain check to pass goes first through `approveAtOnce`: one statement, no open transaction.
 */
export async function decideDeposit(
  db: Db,
  actor: Actor<string | null>,
  id: string,
  decision: Decision,
  reason?: string,
  chain: ChainOptions = {},
): Promise<DepositView> {
  const kind = depositKind(chain);
  if (decision === 'approve' && !chain.chainAuto && UUID_PATTERN.test(id)) {
    const view = await approveAtOnce(db, actor, id, reason, chain);
    if (view) return view;
  }
  return decideRequest(db, kind, actor, id, decision, reason);
}

/**
 * The approval of a deposit with no chain check, in one statement (decision 0203): the status update, the
 * credit with its ledger entry, the audit entry and the event, the rows the approval core writes for it
 * (a test compares both). The update's condition holds the core's checks (still pending, no chain check);
 * the update locks the deposit row and re-reads it, so of two approvals the second finds it decided. Then
 * nothing is written and the core answers: 409, or the chain gate for a check that appeared meanwhile.
 * Null when nothing was written.
 */
async function approveAtOnce(
  db: Db,
  actor: Actor<string | null>,
  id: string,
  reason: string | undefined,
  chain: ChainOptions,
): Promise<DepositView | null> {
  // The audit entry as the core writes it; the deposit's own fields (`describe`) are added by the statement.
  const audit = auditValues({
    actorId: actor.actorId,
    actorUsername: actor.actorUsername,
    action: 'deposit.approve',
    targetType: 'deposit',
    targetId: id.toLowerCase(),
    before: { status: 'pending' },
    after: { status: 'approved', ...(reason ? { reason } : {}), ...approvalOf(actor) },
    ip: actor.ip,
  });
  let row: (DepositRow & Record<(typeof AT_ONCE_EXTRA)[number], unknown>) | undefined;
  try {
    [row] = await db.query<DepositRow & Record<(typeof AT_ONCE_EXTRA)[number], unknown>>(APPROVE_AT_ONCE, [
      id,
      actor.actorId,
      [...(chain.checkedNetworks ?? [])],
      ...audit,
    ]);
  } catch (err) {
    // A deadlock (say with a member's account closure) or a serialization failure rolled the statement
    // back: nothing was written, and the core, which retries these, decides instead.
    if (RETRYABLE.has((err as { code?: string }).code ?? '')) return null;
    throw err;
  }
  if (!row) return null;
  await announce(db);
  const { member_uuid: _m, amount_numeric: _n, amount_wire: _w, ...deposit } = row;
  return toDepositView(deposit);
}

/** Columns the statement returns beside the deposit's, for its own use. */
const AT_ONCE_EXTRA = ['member_uuid', 'amount_numeric', 'amount_wire'] as const;

/** Parameters: $1 the deposit, $2 the administrator, $3 the networks the chain checker covers, $4–$11 the audit entry. */
const APPROVE_AT_ONCE = prepared(`WITH decided AS (
       UPDATE deposits AS d SET status = 'approved', processed_by = $2, processed_at = now(), updated_at = now()
        WHERE d.id = $1 AND d.status = 'pending' AND NOT (d.network IS NOT NULL AND d.network = ANY($3::text[]))
          AND NOT EXISTS (SELECT 1 FROM deposit_chain_checks c WHERE c.deposit_id = d.id)
        RETURNING ${DEPOSIT_COLUMNS}, d.member_id AS member_uuid, d.amount AS amount_numeric,
                  trim_scale(d.amount)::text AS amount_wire),
     ${creditCtes('decided', {
       member: 'decided.member_uuid',
       currency: 'decided.currency',
       amount: 'decided.amount_numeric',
       kind: "'deposit'",
       depositId: '$1::uuid',
       withdrawalId: 'NULL::uuid',
       actor: '$2::uuid',
       note: 'NULL::text',
     })},
     audit AS (
       INSERT INTO audit_log (${AUDIT_COLUMNS})
       SELECT $4::uuid, $5, $6, $7, $8, $9::jsonb,
              $10::jsonb || jsonb_build_object('member_id', decided.member_id, 'currency', decided.currency,
                'amount', decided.amount_wire, 'balance_after', trim_scale(ledger.balance::numeric)::text), $11
         FROM decided, ledger),
     events AS (
       INSERT INTO live_events (type, member_id, to_member, to_admins, data)
       SELECT 'deposit.approved', decided.member_uuid, true, true,
              jsonb_build_object('kind', 'deposit', 'request_id', decided.id, 'currency', decided.currency,
                'amount', decided.amount_wire, 'status', 'approved', 'by', $5::text)
         FROM decided)
     SELECT * FROM decided`);
