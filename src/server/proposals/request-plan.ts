/**
 * What the approval kinds read before deciding whether one administrator may approve alone: the request
 * locked pending without a live proposal, whether the chain's verdict is overridden, and what the approval
 * adds to the 24 h totals (decisions 0321, 0370, 0460).
 */
import { type Dec, toWire } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import type { ProposalKind } from '../../shared/schemas/proposals';
import type { Queryable } from '../db';
import { isUuid } from '../db/iso-time';
import { AppError } from '../http/errors';
import type { Amounts, Direction } from '../money/limits';
import type { Limits } from './registry';

/**
 * SQL: a column of the request's lock (`lockForDecision`, `lockWithdrawal`, whose `$1` is the request's id):
 * whether a live proposal of `kind` about it waits for a second administrator.
 */
export const openProposal = (kind: 'deposit.approve' | 'withdrawal.approve') =>
  `, EXISTS (SELECT 1 FROM admin_proposals p WHERE p.kind = '${kind}' AND p.target_id = $1
              AND p.status = 'pending' AND p.expires_at > now()) AS proposal_open`;

/**
 * The request locked by `lock` (with `openProposal`), still pending and without a live proposal. The row
 * lock is held to COMMIT, so two proposals about one request cannot pass together.
 */
export async function lockPending<Row extends { status: string; proposal_open: boolean }>(
  id: string,
  notFound: string,
  pendingMessage: string,
  lock: () => Promise<Row | null>,
): Promise<Row> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', notFound);
  const row = await lock();
  if (!row) throw new AppError('NOT_FOUND', notFound);
  if (row.status !== 'pending') throw new AppError('NOT_PENDING', MSG.approval.notPending);
  if (row.proposal_open) throw new AppError('CONFLICT', pendingMessage);
  return row;
}

/**
 * No live proposal of `kind` about `targetId` (one past its time is recorded as expired, so a new one may
 * be filed). The caller holds the target's row lock, so two proposals about it cannot pass together.
 */
export async function refuseOpenProposal(
  q: Queryable,
  kind: ProposalKind,
  id: string,
  pendingMessage: string,
) {
  const [open] = await q.query(
    `SELECT 1 FROM admin_proposals WHERE kind = $1 AND target_id = $2 AND status = 'pending' AND expires_at > now()`,
    [kind, id],
  );
  if (open) throw new AppError('CONFLICT', pendingMessage);
  await q.query(
    `UPDATE admin_proposals SET status = 'expired', decided_at = now()
      WHERE kind = $1 AND target_id = $2 AND status = 'pending'`,
    [kind, id],
  );
}

/**
 * Whether approving this deposit overrides the chain's verdict: asked for, and the deposit has a verdict
 * (or a checked network) that is not a final match. Such an approval always needs a second administrator.
 */
export function overridesChain(
  d: { network: string | null; chain_verdict: string | null; chain_final: boolean | null },
  override: boolean,
  checked: readonly string[],
) {
  if (!override) return null;
  if (d.chain_verdict !== null) return d.chain_verdict === 'match' && d.chain_final ? null : d.chain_verdict;
  return d.network !== null && checked.includes(d.network) ? 'unchecked' : null;
}

/**
 * What approving a request adds to the 24 h totals: its amount in `dir`, against `threshold`; its balance
 * rows; and the proposal's first line, given the amount's won value.
 */
export function requestLimits(
  r: { member_id: string; currency: string; amount: string },
  dir: Direction,
  threshold: string,
  balances: { memberId: string; currency: string }[],
  line: (value: Dec) => string,
): Limits {
  const amounts: Amounts = [{ currency: r.currency, amount: r.amount }];
  return {
    memberId: r.member_id,
    moves: [{ dir, amounts, threshold }],
    balances,
    describe: (value) => {
      const krw = value(amounts);
      return { lines: [line(krw)], basis: { krw_value: toWire(krw) } };
    },
  };
}
