/**
 * Four-eyes as one registry (decision 0320): for every kind of administrator action that may need a second
 * administrator, one entry says
 * - `plan`: lock what the decision depends on, check the action, and say whether a second person must
 *   confirm it (`needsSecond`), with what would be stored and its Korean description (`lines`);
 * - `apply`: do it, through the money kernel for money (the same code applies it in one step, in the
 *   proposal's dry run, and at confirmation);
 * - `payload`: the schema of what is stored, read back typed at confirmation.
 * `act` is the one entry every administrator write route calls; `applyStored` is how a confirmation applies.
 */
import { MSG } from '../../shared/messages';
import type { ProposalKind } from '../../shared/schemas/proposals';
import type { Actor } from '../audit/actor';
import type { Config } from '../config';
import type { Db, Queryable } from '../db';
import { AppError } from '../http/errors';
import { dryRun, insertProposal, P, type ProposalRow } from './store';

export type KindConfig = Pick<Config, 'fourEyes' | 'prices' | 'chain' | 'withdrawalRules'>;

/** What a proposal stores, and what `apply` receives. */
interface Stored<Payload> {
  memberId: string;
  targetId: string | null;
  payload: Payload;
  basis: Record<string, unknown> | null;
  /** A credential reset's new secret, hashed. */
  secretHash: string | null;
}

export interface Plan<Payload> extends Stored<Payload> {
  needsSecond: boolean;
  lines: string[];
}

interface Applied<Result = unknown> {
  result: Result;
  status: 200 | 201;
}

export interface KindDef<Input, Payload, Result> {
  kind: ProposalKind;
  /** Reads the stored payload back (a zod schema). */
  payload: { parse(stored: unknown): Payload };
  plan(q: Queryable, cfg: KindConfig, input: Input, actor: Actor<string | null>): Promise<Plan<Payload>>;
  apply(
    q: Queryable,
    cfg: KindConfig,
    s: Stored<Payload>,
    actor: Actor<string | null>,
  ): Promise<Applied<Result>>;
}

/** A registry entry: its definition and how a stored proposal of its kind is applied, typed. */
export interface Kind<Input, Payload, Result> extends KindDef<Input, Payload, Result> {
  applyRow(q: Queryable, cfg: KindConfig, row: ProposalRow, actor: Actor): Promise<Applied<Result>>;
}

export function defineKind<Input, Payload, Result>(
  d: KindDef<Input, Payload, Result>,
): Kind<Input, Payload, Result> {
  return {
    ...d,
    applyRow: (q, cfg, row, actor) =>
      d.apply(
        q,
        cfg,
        {
          memberId: row.member_id,
          targetId: row.target_id,
          payload: d.payload.parse(row.payload),
          basis: row.basis,
          secretHash: row.secret_hash,
        },
        actor,
      ),
  };
}

export type ActOutcome<Result> =
  | { applied: Applied<Result> }
  | { proposed: Awaited<ReturnType<typeof insertProposal>> }
  /** The system (automatic approval) never proposes: what needs a second administrator waits for people. */
  | { held: true };

/**
 * An administrator action, in one transaction: the kind's plan; applied at once when one person may do
 * it; otherwise dry-run (refused now for whatever the confirmation would refuse) and recorded as a
 * proposal. Proposing needs an enrolled one-time code, as confirming does.
 */
export async function act<Input, Payload, Result>(
  db: Db,
  cfg: KindConfig,
  kind: Kind<Input, Payload, Result>,
  input: Input,
  actor: Actor<string | null>,
): Promise<ActOutcome<Result>> {
  return db.tx(async (q): Promise<ActOutcome<Result>> => {
    const plan = await kind.plan(q, cfg, input, actor);
    if (!plan.needsSecond) return { applied: await kind.apply(q, cfg, plan, actor) };
    const proposer = actor.actorId;
    if (proposer === null) return { held: true };
    await requireEnrolled(q, proposer, P.otpToPropose);
    await dryRun(q, () => kind.apply(q, cfg, plan, actor));
    return {
      proposed: await insertProposal(
        q,
        cfg.fourEyes,
        { ...actor, actorId: proposer },
        {
          kind: kind.kind,
          memberId: plan.memberId,
          targetId: plan.targetId,
          payload: plan.payload,
          basis: plan.basis,
          secretHash: plan.secretHash,
          lines: plan.lines,
        },
      ),
    };
  });
}

/** Administrator actions are recorded with an administrator, never the system. */
export function adminOf(actor: Actor<string | null>): Actor {
  if (actor.actorId === null) throw new AppError('FORBIDDEN', MSG.common.adminOnly);
  return { ...actor, actorId: actor.actorId };
}

/** An administrator without an enrolled one-time code can neither propose nor confirm. */
async function requireEnrolled(q: Queryable, memberId: string, message: string): Promise<void> {
  const [row] = await q.query('SELECT 1 FROM member_totp WHERE member_id = $1 AND confirmed_at IS NOT NULL', [
    memberId,
  ]);
  if (!row) throw new AppError('FORBIDDEN', message);
}
