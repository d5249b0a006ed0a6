/**
 * What the approval kinds read before deciding whether one administrator may approve alone: the request's
 * head, the request locked pending, the 24 h totals against the thresholds, whether the chain's verdict is
 * overridden (decisions 0321, 0370).
 */
import type { Dec } from '../../shared/decimal';
import { D } from '../../shared/decimal';
import { formatExact } from '../../shared/fees';
import { MSG } from '../../shared/messages';
import type { ProposalKind } from '../../shared/schemas/proposals';
import type { Actor } from '../audit/actor';
import type { Queryable } from '../db';
import { isUuid } from '../db/iso-time';
import { AppError } from '../http/errors';
import { adminTotalKrw, type Direction, memberTotalKrw } from '../money/limits';
import type { KindConfig } from './registry';
import { P } from './store';

/**
 * Whether moving `value` won for `memberId` needs a second administrator: the member's 24 h total in that
 * direction (applied and proposed) reaching `threshold`, or the approving administrator's 24 h total of
 * what they moved alone reaching FOUR_EYES_ADMIN_DAILY_KRW. The caller holds `lockTotals`.
 */
export async function overThreshold(
  q: Queryable,
  cfg: KindConfig,
  memberId: string,
  dir: Direction,
  value: Dec,
  threshold: string,
  actor: Actor<string | null>,
) {
  const member = await memberTotalKrw(q, cfg.prices.staleSeconds, memberId, dir);
  const admin = actor.actorId ? await adminTotalKrw(q, cfg.prices.staleSeconds, actor.actorId) : null;
  const needsSecond =
    member.plus(value).gte(threshold) || admin?.plus(value).gte(cfg.fourEyes.adminDailyKrw) === true;
  return {
    needsSecond,
    line: P.totalsLine(formatExact(member.plus(value)), formatExact((admin ?? new D(0)).plus(value))),
  };
}

/** A request's member and amount, read before any lock (they never change), to take `lockTotals` first. */
export async function requestHead(
  q: Queryable,
  table: 'deposits' | 'withdrawals',
  id: string,
  notFound: string,
) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', notFound);
  const [row] = await q.query<{
    member_id: string;
    currency: string;
    amount: string;
    method: string | null;
    network: string | null;
  }>(
    `SELECT member_id::text, currency, amount::text,
            ${table === 'withdrawals' ? 'method, NULL::text AS network' : 'NULL::text AS method, network'}
       FROM ${table} WHERE id = $1`,
    [id],
  );
  if (!row) throw new AppError('NOT_FOUND', notFound);
  return row;
}

/** The request still pending, locked, and without a live proposal; an expired one is recorded as such. */
export async function lockPending(
  q: Queryable,
  table: 'deposits' | 'withdrawals',
  kind: 'deposit.approve' | 'withdrawal.approve',
  id: string,
  pendingMessage: string,
) {
  const [row] = await q.query<{ status: string }>(`SELECT status FROM ${table} WHERE id = $1 FOR UPDATE`, [
    id,
  ]);
  if (row?.status !== 'pending') throw new AppError('NOT_PENDING', MSG.approval.notPending);
  await refuseOpenProposal(q, kind, id, pendingMessage);
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
export async function overridesChain(
  q: Queryable,
  id: string,
  network: string | null,
  override: boolean,
  checked: readonly string[],
) {
  if (!override) return null;
  const [c] = await q.query<{ verdict: string; final: boolean }>(
    'SELECT verdict, final FROM deposit_chain_checks WHERE deposit_id = $1',
    [id],
  );
  if (c) return c.verdict === 'match' && c.final ? null : c.verdict;
  return network !== null && checked.includes(network) ? 'unchecked' : null;
}

/**
 * Whether the chain shows the deposit arrived but not that it is this member's: mined before its address
 * became the member's, or an XRP payment without the member's tag (decision 0364). Only the member's word
 * says whose it is, so crediting it is never one administrator's call.
 */
export async function unattributed(q: Queryable, id: string): Promise<boolean> {
  const [c] = await q.query<{ before_assignment: boolean }>(
    'SELECT before_assignment FROM deposit_chain_checks WHERE deposit_id = $1',
    [id],
  );
  return c?.before_assignment === true;
}
