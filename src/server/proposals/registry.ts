/**
 * Four-eyes as one registry (decision 0320): for every kind of administrator action that may need a second
 * administrator, one entry says
 * - `plan`: lock what the decision depends on, check the action, and say whether a second person must
 *   confirm it (`needsSecond`), with what would be stored and its Korean description (`lines`); an action
 *   that moves money says what it adds to the member's 24 h totals (`limits`), which `act` checks;
 * - `apply`: do it, through the money kernel for money (the same code applies it in one step, in the
 *   proposal's dry run, and at confirmation);
 * - `payload`: the schema of what is stored, read back typed at confirmation.
 * `act` is the one entry every administrator write route calls; `applyStored` is how a confirmation applies.
 */
import type { Dec } from '../../shared/decimal';
import { formatExact } from '../../shared/fees';
import { MSG } from '../../shared/messages';
import type { ProposalKind } from '../../shared/schemas/proposals';
import type { Actor } from '../audit/actor';
import type { Config } from '../config';
import type { Db, Queryable } from '../db';
import { AppError } from '../http/errors';
import {
  type Amounts,
  commitUnderThresholds,
  type Direction,
  ThresholdMet,
  type Totals,
  takeTotals,
} from '../money/limits';
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
  /**
   * The request row the plan locked, for `apply` in the same transaction (a stored proposal has none: its
   * confirmation locks the row again).
   */
  locked?: object;
}

export interface Plan<Payload> extends Stored<Payload> {
  needsSecond: boolean;
  lines: string[];
  /** An action that moves money: what it adds to the member's (and the administrator's) 24 h totals. */
  limits?: Limits;
}

/**
 * What a money action adds to the 24 h totals (decisions 0321, 0460): per direction its amounts and the
 * member's threshold there (the administrator's is FOUR_EYES_ADMIN_DAILY_KRW), and the lines a proposal
 * shows first, which need the prices the totals are read with.
 */
export interface Limits {
  memberId: string;
  /**
   * The request decided, when there is one: refused with `pending` while a proposal about it waits. A
   * request's approval (which one administrator makes many of in a row) is checked as its last statement,
   * committed with it; an action without a request (an edit) reads the totals before anything is applied,
   * the totals locks held from there to COMMIT.
   */
  request?: { id: string; pending: string };
  moves: { dir: Direction; amounts: Amounts; threshold: string }[];
  describe(value: (amounts: Amounts) => Dec): { lines: string[]; basis?: Record<string, unknown> };
}

interface Applied<Result = unknown> {
  result: Result;
  status: 200 | 201;
}

export interface KindDef<Input, Payload, Result> {
  kind: ProposalKind;
  /**
   * A request approval whose commit may release its locks before the log is flushed (`commitWith`'s
   * `releaseBeforeFlush`, decision 0491): nothing outside the database acts on what it wrote.
   */
  releaseBeforeFlush?: boolean;
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
 * An administrator action. A request's approval (`Limits.request`) is applied at once: the kind's plan,
 * then `apply`, then the thresholds, decided in SQL as the last statement and committed with it in one round
 * trip (`commitUnderThresholds`: the totals locks are held by that statement and the commit only, so one
 * administrator's approvals, and the chain checker's, queue on each other for no longer than a commit).
 * One that meets a threshold there is rolled back and decided again in a new transaction
 * with the thresholds read before anything is applied (`decide`), as every other action is decided. An
 * action that needs a second administrator is dry-run (refused now for whatever the confirmation would
 * refuse) and recorded as a proposal; proposing needs an enrolled one-time code, as confirming does.
 */
export async function act<Input, Payload, Result>(
  db: Db,
  cfg: KindConfig,
  kind: Kind<Input, Payload, Result>,
  input: Input,
  actor: Actor<string | null>,
): Promise<ActOutcome<Result>> {
  try {
    return await db.tx(async (q): Promise<ActOutcome<Result>> => {
      const plan = await kind.plan(q, cfg, input, actor);
      if (plan.needsSecond || !plan.limits?.request)
        return decide(q, cfg, kind, plan, actor, plan.needsSecond);
      const { request } = plan.limits;
      const applied = await kind.apply(q, cfg, plan, actor);
      await commitUnderThresholds(
        q,
        cfg.prices.staleSeconds,
        cfg.fourEyes.adminDailyKrw,
        actor.actorId,
        { kind: kind.kind, ...request },
        plan.limits,
        kind.releaseBeforeFlush === true,
      );
      return { applied };
    });
  } catch (err) {
    if (!(err instanceof ThresholdMet)) throw err;
    return db.tx(async (q) => decide(q, cfg, kind, await kind.plan(q, cfg, input, actor), actor, true));
  }
}

/**
 * Decides with the thresholds read before anything is applied. When a proposal is expected (`proposing`:
 * the plan needs a second administrator, or the thresholds were met at the end of a first attempt), the
 * dry run it needs comes first: the balance rows it takes end with it, so that the totals locks and the
 * request's balance rows are held for the proposal's own rows only, and the member's approvals that check
 * their thresholds last do not wait behind it. An approval found under the thresholds here after all (they
 * fell since its first attempt) then takes its balance rows after the totals locks, the reverse of an
 * approval's order: a deadlock between the two is ended by PostgreSQL and `tx()` runs the loser again.
 */
async function decide<Input, Payload, Result>(
  q: Queryable,
  cfg: KindConfig,
  kind: Kind<Input, Payload, Result>,
  plan: Plan<Payload>,
  actor: Actor<string | null>,
  proposing: boolean,
): Promise<ActOutcome<Result>> {
  const proposer = actor.actorId;
  // A proposal is refused now for whatever its confirmation would refuse (a dry run), and one past its time
  // about the same target is recorded as expired, so that this one may be filed.
  const prepare = async () => {
    await dryRun(q, () => kind.apply(q, cfg, plan, actor));
    if (plan.targetId)
      await q.query(
        `UPDATE admin_proposals SET status = 'expired', decided_at = now()
          WHERE kind = $1 AND target_id = $2 AND status = 'pending' AND expires_at <= now()`,
        [kind.kind, plan.targetId],
      );
  };
  let { needsSecond, lines, basis } = plan;
  let prepared = false;
  if (plan.limits) {
    if (proposing && proposer !== null) {
      await prepare();
      prepared = true;
    }
    const t = await checkLimits(q, cfg, kind, plan.limits, actor);
    const described = plan.limits.describe(t.totals.value);
    needsSecond ||= t.over;
    lines = [...described.lines, ...t.lines, ...lines];
    basis = described.basis ?? basis;
  }
  if (!needsSecond) return { applied: await kind.apply(q, cfg, plan, actor) };
  if (proposer === null) return { held: true };
  await requireEnrolled(q, proposer, P.otpToPropose);
  if (!prepared) await prepare();
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
        basis,
        secretHash: plan.secretHash,
        lines,
      },
    ),
  };
}

/**
 * Whether the action meets a threshold: per direction, the member's 24 h total with it reaching the
 * member's threshold, or the acting administrator's 24 h total of what they moved alone with it reaching
 * FOUR_EYES_ADMIN_DAILY_KRW; with the proposal's lines of these totals. A request about which a proposal
 * waits is refused.
 */
async function checkLimits<Input, Payload, Result>(
  q: Queryable,
  cfg: KindConfig,
  kind: Kind<Input, Payload, Result>,
  limits: Limits,
  actor: Actor<string | null>,
) {
  const { request } = limits;
  const target = request ? { kind: kind.kind, id: request.id } : null;
  const totals: Totals = await takeTotals(q, cfg.prices.staleSeconds, limits.memberId, actor.actorId, target);
  if (request && totals.proposalOpen) throw new AppError('CONFLICT', request.pending);
  const checks = limits.moves.map((m) => {
    const value = totals.value(m.amounts);
    const member = totals.member[m.dir].plus(value);
    const admin = totals.admin.plus(value);
    return {
      over: member.gte(m.threshold) || (actor.actorId !== null && admin.gte(cfg.fourEyes.adminDailyKrw)),
      line: P.totalsLine(formatExact(member), formatExact(admin)),
    };
  });
  return { totals, over: checks.some((c) => c.over), lines: checks.map((c) => c.line) };
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
