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
 * The request locked by `lock`, still pending. Whether a proposal about it waits is read with the totals,
 * after their locks (`Limits.request`): a check in the lock's statement would not see one filed by a decision
 * that held the row while this one waited for it.
 */
export async function lockPending<Row extends { status: string }>(
  id: string,
  notFound: string,
  lock: () => Promise<Row | null>,
): Promise<Row> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', notFound);
  const row = await lock();
  if (!row) throw new AppError('NOT_FOUND', notFound);
  if (row.status !== 'pending') throw new AppError('NOT_PENDING', MSG.approval.notPending);
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
 * What approving a request adds to the 24 h totals: its amount in `dir`, against `threshold`; the message
 * while a proposal about it waits; and the proposal's first line, given its won value.
 */
export function requestLimits(
  r: { id: string; member_id: string; currency: string; amount: string },
  pending: string,
  dir: Direction,
  threshold: string,
  line: (value: Dec) => string,
): Limits {
  const amounts: Amounts = [{ currency: r.currency, amount: r.amount }];
  return {
    memberId: r.member_id,
    request: { id: r.id, pending },
    moves: [{ dir, amounts, threshold }],
    describe: (value) => {
      const krw = value(amounts);
      return { lines: [line(krw)], basis: { krw_value: toWire(krw) } };
    },
  };
}
