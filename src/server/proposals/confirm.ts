/**
 * Two-person approval (decisions 0160, 0321): confirming (applying once, under the row lock) and cancelling
 * (another administrator's 반려 with its reason, the proposer's 철회).
 */
import { randomUUID } from 'node:crypto';
import { formatDateTime } from '../../shared/format';
import { MSG } from '../../shared/messages';
import type { Actor, Approval } from '../audit/actor';
import { auditMember, writeAudit } from '../audit/write-audit';
import { openStepUp, type StepUp, spendStepUp, stepUpUntil } from '../auth/step-up';
import { verifyTotpFor } from '../auth/totp';
import type { Config } from '../config';
import type { Db, Queryable } from '../db';
import { isUuid } from '../db/iso-time';
import { AppError } from '../http/errors';
import { resetTakenPartIn } from '../members/admin-resets';
import { ADMIN_CHANGE_LOCK } from '../members/close-member';
import { KINDS } from './kinds';
import type { KindConfig } from './registry';
import {
  type FourEyes,
  markExpired,
  P,
  type ProposalRow,
  publishProposal,
  readProposal,
  refuseDecided,
  view,
} from './store';

/** The acting administrator, read inside the transaction: one whose role was revoked a moment ago acts no more. */
async function assertOpenAdmin(q: Queryable, id: string) {
  const [row] = await q.query<{ ok: boolean }>(
    'SELECT is_admin AND closed_at IS NULL AS ok FROM members WHERE id = $1',
    [id],
  );
  if (!row?.ok) throw new AppError('FORBIDDEN', MSG.common.adminOnly);
}

/** How long a confirmation's claim on its proposal lasts when its server stops before giving it back. */
const CLAIM_SECONDS = 30;

/**
 * Claims a pending proposal for one confirmation (decision 0394), in a statement of its own that waits on
 * nothing: a proposal another confirmation holds, or whose row a decision has locked, is refused at once
 * with 409, as already decided when it is. Returns the claim's token.
 */
async function claimProposal(db: Db, id: string, cfg: FourEyes): Promise<string> {
  const token = randomUUID();
  const claimed = await db.query(
    `UPDATE admin_proposals SET confirming_token = $2, confirming_until = now() + make_interval(secs => $3)
      WHERE id = (SELECT id FROM admin_proposals
                   WHERE id = $1 AND status = 'pending' AND (confirming_until IS NULL OR confirming_until <= now())
                   FOR UPDATE SKIP LOCKED)
      RETURNING 1`,
    [id, token, CLAIM_SECONDS],
  );
  if (claimed.length === 1) return token;
  const now = await readProposal(db, id, false);
  if (now) refuseDecided(now, cfg);
  throw new AppError('CONFLICT', P.confirming);
}

/** Gives a claim back, unless it lapsed and another confirmation holds the proposal now. */
const releaseClaim = (db: Db, id: string, token: string) =>
  db.query(
    `UPDATE admin_proposals SET confirming_token = NULL, confirming_until = NULL
      WHERE id = $1 AND confirming_token = $2`,
    [id, token],
  );

/**
 * Confirms a proposal. One confirmation at a time claims it (`claimProposal`) before its one-time code is
 * checked, so parallel copies, by one administrator or several, are refused at once and spend no code
 * attempts; the row is then locked, so even past a lapsed claim exactly one confirmation finds it pending
 * and applies it (through its registry entry), in the same transaction. The confirmer gives a fresh
 * one-time code (step-up), is not the proposer (whatever session), not the member the proposal is about,
 * and not paired with the proposer by a recent reset of either's secrets; an expired or cancelled proposal
 * cannot be confirmed. Without a code, the confirmation window of the confirmer's session stands for the
 * step-up (decision 0440); a code opens a new window. Its audit entry names the window it used.
 */
export async function confirmProposal(
  ctx: { db: Db; config: KindConfig & Pick<Config, 'totp'> },
  id: string,
  actor: Actor,
  otpCode: string | undefined,
) {
  const { db, config } = ctx;
  const cfg = config.fourEyes;
  if (!isUuid(id)) throw new AppError('NOT_FOUND', P.notFound);
  // What is refused without a code is refused first: no one-time code is spent on a decided proposal.
  const seen = await readProposal(db, id, false);
  if (!seen) throw new AppError('NOT_FOUND', P.notFound);
  refuseDecided(seen, cfg);
  refuseConfirmer(seen, actor);
  await refuseResetAccounts(db, seen, actor);
  const token = await claimProposal(db, id, cfg);
  try {
    return await confirmClaimed(ctx, seen, actor, otpCode);
  } finally {
    // A claim that cannot be given back (the database gone) lapses by itself; the answer stays the one above.
    await releaseClaim(db, id, token).catch(() => undefined);
  }
}

async function confirmClaimed(
  ctx: Parameters<typeof confirmProposal>[0],
  seen: ProposalRow,
  actor: Actor,
  otpCode: string | undefined,
) {
  const { db, config } = ctx;
  const cfg = config.fourEyes;
  const id = seen.id;
  // No code typed and a window open on this session: the window is the step-up (checked again, and
  // used, in the transaction); otherwise the code is checked as before and opens a window.
  const session = actor.tokenHash;
  const byWindow = !otpCode?.trim() && !!session && (await stepUpUntil(db, session)) !== null;
  const pass = byWindow ? null : await verifyTotpFor(ctx, actor.actorId, otpCode, 'proposal');
  if (pass && !pass.enrolled) throw new AppError('FORBIDDEN', P.otpToConfirm);
  const out = await db.tx(async (q) => {
    // Role changes: the administrators' lock first, as closing an account takes it (decision 0112).
    if (seen.kind.startsWith('admin.'))
      await q.query('SELECT pg_advisory_xact_lock($1)', [ADMIN_CHANGE_LOCK]);
    const p = (await readProposal(q, id, true))!;
    refuseDecided(p, cfg);
    refuseConfirmer(p, actor);
    await refuseResetAccounts(q, p, actor);
    await assertOpenAdmin(q, actor.actorId);
    if (p.expired_now) {
      await markExpired(q, id);
      return { expired: true as const };
    }
    // The proposer still an administrator: a revoked or closed one's proposals lapse.
    const [author] = await q.query<{ ok: boolean }>(
      'SELECT is_admin AND closed_at IS NULL AS ok FROM members WHERE id = $1',
      [p.proposed_by],
    );
    if (!author?.ok) throw new AppError('CONFLICT', P.proposerGone);
    let stepUp: StepUp | null;
    if (pass) {
      await pass.consume(q);
      stepUp = session ? await openStepUp(q, session, actor.actorId) : null;
    } else {
      stepUp = await spendStepUp(q, session ?? '', actor.actorId);
      if (!stepUp)
        throw new AppError('OTP_REQUIRED', MSG.deskWork.stepUpClosed, { otpCode: MSG.deskWork.stepUpClosed });
    }
    // The confirmation is an entry about the proposal (the member's own list shows the action itself).
    await writeAudit(q, {
      actorId: actor.actorId,
      actorUsername: actor.actorUsername,
      ip: actor.ip,
      action: 'proposal.confirm',
      targetType: 'proposal',
      targetId: id,
      after: {
        proposal_id: id,
        proposal_kind: p.kind,
        proposed_by: p.proposed_by_username,
        step_up: stepUp,
      },
    });
    // The action is recorded as its author's (ledger and audit actor: the proposer, as in one step), with
    // `approval` naming both administrators and the ledger's `confirmed_by` the second.
    const approval: Approval = {
      proposal_id: id,
      proposed_by: p.proposed_by_username,
      confirmed_by: actor.actorUsername ?? '',
    };
    const { result, status } = await KINDS[p.kind].applyRow(q, config, p, {
      ...actor,
      actorId: p.proposed_by,
      actorUsername: p.proposed_by_username,
      approval,
      confirmerId: actor.actorId,
    });
    await q.query(
      `UPDATE admin_proposals SET status = 'applied', decided_by = $2, decided_by_username = $3, decided_at = now(),
              result = $4::jsonb, secret_hash = NULL, confirming_token = NULL, confirming_until = NULL
        WHERE id = $1`,
      [id, actor.actorId, actor.actorUsername ?? '', JSON.stringify(result ?? null)],
    );
    await publishProposal(q, p, 'applied', actor.actorUsername ?? '');
    const done = (await readProposal(q, id, false))!;
    return { proposal: view(done, actor.actorId), result, status, message: P.applied };
  });
  if ('expired' in out) throw new AppError('CONFLICT', P.expired(cfg.proposalTtlHours));
  return out;
}

/** Neither the proposer (in any session) nor the member the proposal is about may confirm it. */
function refuseConfirmer(p: ProposalRow, actor: Actor) {
  if (p.proposed_by === actor.actorId) throw new AppError('FORBIDDEN', P.selfConfirm);
  if (p.member_id === actor.actorId) throw new AppError('FORBIDDEN', P.aboutYou);
}

/**
 * Nobody confirms through an account they reset (decision 0321): one who reset another administrator's
 * password, second password or one-time code (made, proposed or confirmed the reset) knows or chose the
 * new secrets and could sign in as them. For RESET_ACCOUNT_DAYS after such a reset the two do not make a
 * pair: the confirmer's account reset with the proposer's part, or the proposer's with the confirmer's.
 * Read before the one-time code is checked (none is spent on a refusal) and again in the transaction.
 */
async function refuseResetAccounts(q: Queryable, p: ProposalRow, actor: Actor) {
  const confirmerReset = await resetTakenPartIn(q, actor.actorId, p.proposed_by);
  if (confirmerReset)
    throw new AppError('FORBIDDEN', MSG.guards.resetAccountConfirms(formatDateTime(confirmerReset, false)));
  const proposerReset = await resetTakenPartIn(q, p.proposed_by, actor.actorId);
  if (proposerReset)
    throw new AppError('FORBIDDEN', MSG.guards.resetterConfirms(formatDateTime(proposerReset, false)));
}

/**
 * Cancels a pending proposal, in one transaction with its audit entry. Another administrator's 반려 must
 * say why (the reason is kept on the proposal and the audit entry names both people); the proposer's own
 * 철회 may. Under the row lock, of any number of confirmations and cancellations at once exactly one
 * finds the proposal pending; the others are refused as already decided (409).
 */
export async function cancelProposal(
  db: Db,
  cfg: FourEyes,
  id: string,
  actor: Actor,
  reason: string | undefined,
) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', P.notFound);
  const why = reason?.trim() || null;
  const out = await db.tx(async (q) => {
    const p = await readProposal(q, id, true);
    if (!p) throw new AppError('NOT_FOUND', P.notFound);
    refuseDecided(p, cfg);
    await assertOpenAdmin(q, actor.actorId);
    if (p.expired_now) {
      await markExpired(q, id);
      return { expired: true as const };
    }
    const own = p.proposed_by === actor.actorId;
    if (!own && why === null)
      throw new AppError('VALIDATION', P.refuseReasonRequired, { reason: P.refuseReasonRequired });
    await q.query(
      `UPDATE admin_proposals SET status = 'cancelled', decided_by = $2, decided_by_username = $3, decided_at = now(),
              decision_reason = $4, secret_hash = NULL
        WHERE id = $1`,
      [id, actor.actorId, actor.actorUsername ?? '', why],
    );
    await auditMember(q, actor, own ? 'proposal.withdraw' : 'proposal.refuse', p.member_id, {
      before: { status: 'pending' },
      after: {
        status: 'cancelled',
        proposal_kind: p.kind,
        ...(own ? {} : { refusal: { proposed_by: p.proposed_by_username, refused_by: actor.actorUsername } }),
        reason: why,
        proposal_id: id,
      },
    });
    await publishProposal(q, p, 'cancelled', actor.actorUsername ?? '');
    return {
      proposal: view((await readProposal(q, id, false))!, actor.actorId),
      message: own ? P.withdrawn : P.refused,
    };
  });
  if ('expired' in out) throw new AppError('CONFLICT', P.expired(cfg.proposalTtlHours));
  return out;
}
