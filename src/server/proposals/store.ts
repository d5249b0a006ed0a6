/** Two-person approval (decisions 0160, 0321): the proposals table — rows, view, insert, dry run, list. */
import { MSG } from '../../shared/messages';
import type { lockBodySchema, setBalancesBodySchema } from '../../shared/schemas/admin';
import type { ProposalKind, ProposalView } from '../../shared/schemas/proposals';
import type { z } from '../../shared/zod';
import type { Actor } from '../audit/actor';
import type { Config } from '../config';
import type { Db, Queryable } from '../db';
import { publish } from '../events/publish';
import { AppError } from '../http/errors';
import { firstRow, iso } from '../sql';

export type BalancesBody = z.output<typeof setBalancesBodySchema>;
export type LockBody = z.output<typeof lockBodySchema>;
export type FourEyes = Config['fourEyes'];
export const P = MSG.proposals;

export interface ProposalRow {
  id: string;
  kind: ProposalKind;
  status: ProposalView['status'];
  member_id: string;
  member_username: string;
  target_id: string | null;
  summary: { lines?: string[] };
  payload: Record<string, unknown>;
  basis: Record<string, unknown> | null;
  proposed_by: string;
  proposed_by_username: string;
  created_at: string;
  expires_at: string;
  decided_by_username: string | null;
  decided_at: string | null;
  decision_reason: string | null;
  expired_now: boolean;
  secret_hash: string | null;
}

const COLUMNS = `p.id, p.kind, p.status, p.member_id, m.username AS member_username, p.target_id, p.summary, p.payload,
  p.basis, p.proposed_by, p.proposed_by_username, ${iso('p.created_at')} AS created_at,
  ${iso('p.expires_at')} AS expires_at, p.decided_by_username, ${iso('p.decided_at')} AS decided_at,
  p.decision_reason,
  (p.status = 'pending' AND p.expires_at <= now()) AS expired_now, p.secret_hash`;

export const view = (r: ProposalRow, viewerId: string): ProposalView => ({
  id: r.id,
  kind: r.kind,
  status: r.expired_now ? 'expired' : r.status,
  member_id: r.member_id,
  member_username: r.member_username,
  target_id: r.target_id,
  lines: r.summary.lines ?? [],
  payload: r.payload,
  basis: r.basis,
  proposed_by_username: r.proposed_by_username,
  created_at: r.created_at,
  expires_at: r.expires_at,
  decided_by_username: r.decided_by_username,
  decided_at: r.decided_at,
  decision_reason: r.decision_reason,
  mine: r.proposed_by === viewerId,
});

export function readProposal(q: Queryable, id: string, forUpdate: boolean): Promise<ProposalRow | null> {
  return firstRow<ProposalRow>(
    q,
    `SELECT ${COLUMNS} FROM admin_proposals p JOIN members m ON m.id = p.member_id WHERE p.id = $1
     ${forUpdate ? 'FOR UPDATE OF p' : ''}`,
    [id],
  );
}

/** Every administrator's page refreshes its proposals (and whatever a confirmation changed). */
export function publishProposal(q: Queryable, p: { id: string; kind: string }, status: string, by: string) {
  return publish(q, {
    type: 'proposal.changed',
    memberId: null,
    toMember: false,
    toAdmins: true,
    data: { proposal_id: p.id, kind: p.kind, status, by },
  });
}

export interface NewProposal {
  kind: ProposalKind;
  memberId: string;
  targetId?: string | null;
  payload: unknown;
  basis?: Record<string, unknown> | null;
  secretHash?: string | null;
  lines: string[];
}

export async function insertProposal(q: Queryable, cfg: FourEyes, actor: Actor, p: NewProposal) {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO admin_proposals (kind, member_id, target_id, payload, basis, summary, proposed_by,
                                  proposed_by_username, expires_at, secret_hash)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7, $8, now() + make_interval(secs => $9::double precision), $10)
     RETURNING id`,
    [
      p.kind,
      p.memberId,
      p.targetId ?? null,
      JSON.stringify(p.payload),
      p.basis ? JSON.stringify(p.basis) : null,
      JSON.stringify({ lines: p.lines }),
      actor.actorId,
      actor.actorUsername ?? '',
      cfg.proposalTtlHours * 3600,
      p.secretHash ?? null,
    ],
  );
  await publishProposal(q, { id: row!.id, kind: p.kind }, 'pending', actor.actorUsername ?? '');
  const created = (await readProposal(q, row!.id, false))!;
  return { proposal: view(created, actor.actorId), message: P.proposed };
}

/**
 * Runs `fn` (an action's own code, with every check it makes) in a savepoint that is then rolled back:
 * a proposal is refused at once for whatever its confirmation would be refused for right now.
 */
export async function dryRun<T>(q: Queryable, fn: () => Promise<T>): Promise<T> {
  await q.query('SAVEPOINT proposal_dry_run');
  const out = await fn();
  await q.query('ROLLBACK TO SAVEPOINT proposal_dry_run');
  return out;
}

export function refuseDecided(p: ProposalRow, cfg: FourEyes) {
  if (p.status === 'applied') throw new AppError('CONFLICT', P.alreadyApplied);
  if (p.status === 'cancelled') throw new AppError('CONFLICT', P.alreadyCancelled);
  if (p.status === 'expired') throw new AppError('CONFLICT', P.expired(cfg.proposalTtlHours));
}

export async function markExpired(q: Queryable, id: string) {
  await q.query(
    `UPDATE admin_proposals SET status = 'expired', decided_at = now(), secret_hash = NULL WHERE id = $1`,
    [id],
  );
}

/** The pending proposals (oldest first) and the 20 decided most recently; expired ones are recorded first. */
export async function listProposals(db: Db, cfg: FourEyes, viewerId: string) {
  await db.query(
    `UPDATE admin_proposals SET status = 'expired', decided_at = now(), secret_hash = NULL
      WHERE status = 'pending' AND expires_at <= now()`,
  );
  const [pending, recent] = await Promise.all([
    db.query<ProposalRow>(
      `SELECT ${COLUMNS} FROM admin_proposals p JOIN members m ON m.id = p.member_id
        WHERE p.status = 'pending' ORDER BY p.created_at, p.id LIMIT 200`,
    ),
    db.query<ProposalRow>(
      `SELECT ${COLUMNS} FROM admin_proposals p JOIN members m ON m.id = p.member_id
        WHERE p.status <> 'pending' ORDER BY p.decided_at DESC, p.id LIMIT 20`,
    ),
  ]);
  return {
    pending: pending.map((r) => view(r, viewerId)),
    recent: recent.map((r) => view(r, viewerId)),
    ttl_hours: cfg.proposalTtlHours,
    payout_threshold_krw: cfg.payoutKrw,
    deposit_threshold_krw: cfg.depositKrw,
    admin_daily_krw: cfg.adminDailyKrw,
  };
}
