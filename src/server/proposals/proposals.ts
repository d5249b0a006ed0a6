import { assetKrwValue, type PriceTable } from '../../shared/assets';
import { BALANCE_CURRENCIES, type BalanceCurrency, type ViewCurrency } from '../../shared/constants';
import { toWire } from '../../shared/decimal';
import { formatExact } from '../../shared/fees';
import { MSG } from '../../shared/messages';
import { keyOf, type lockBodySchema, type setBalancesBodySchema } from '../../shared/schemas/admin';
import type { ProposalKind, ProposalView } from '../../shared/schemas/proposals';
import type { WithdrawalView } from '../../shared/schemas/withdrawals';
import type { z } from '../../shared/zod';
import { ADMIN_CHANGE_LOCK } from '../admin/close-member';
import { type Actor, type Approval, isUuid, lockMember } from '../admin/common';
import { createLockIn, deleteLockIn, readLock, updateLockIn } from '../admin/locks';
import { setBalancesIn } from '../admin/set-balances';
import { writeAudit } from '../audit/write-audit';
import type { Config } from '../config';
import type { Db, Queryable } from '../db';
import { publish } from '../events/publish';
import { AppError } from '../http/errors';
import { readPrices } from '../prices/read-prices';
import { iso } from '../sql';
import { lockBalances, readBalanceStates } from '../wallet/balance-state';
import { decideWithdrawalIn } from '../withdrawals/decide-withdrawal';
import { lockWithdrawal } from '../withdrawals/withdrawal-view';

type BalancesBody = z.output<typeof setBalancesBodySchema>;
type LockBody = z.output<typeof lockBodySchema>;
type FourEyes = Config['fourEyes'];
const P = MSG.proposals;

interface ProposalRow {
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
  expired_now: boolean;
}

const COLUMNS = `p.id, p.kind, p.status, p.member_id, m.username AS member_username, p.target_id, p.summary, p.payload,
  p.basis, p.proposed_by, p.proposed_by_username, ${iso('p.created_at')} AS created_at,
  ${iso('p.expires_at')} AS expires_at, p.decided_by_username, ${iso('p.decided_at')} AS decided_at,
  (p.status = 'pending' AND p.expires_at <= now()) AS expired_now`;

const view = (r: ProposalRow, viewerId: string): ProposalView => ({
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
  mine: r.proposed_by === viewerId,
});

async function readProposal(q: Queryable, id: string, forUpdate: boolean): Promise<ProposalRow | null> {
  const [row] = await q.query<ProposalRow>(
    `SELECT ${COLUMNS} FROM admin_proposals p JOIN members m ON m.id = p.member_id WHERE p.id = $1
     ${forUpdate ? 'FOR UPDATE OF p' : ''}`,
    [id],
  );
  return row ?? null;
}

/** Every administrator's page refreshes its proposals (and whatever a confirmation changed). */
function publishProposal(q: Queryable, p: { id: string; kind: string }, status: string, by: string) {
  return publish(q, {
    type: 'proposal.changed',
    memberId: null,
    toMember: false,
    toAdmins: true,
    data: { proposal_id: p.id, kind: p.kind, status, by },
  });
}

interface NewProposal {
  kind: ProposalKind;
  memberId: string;
  targetId?: string | null;
  payload: Record<string, unknown>;
  basis?: Record<string, unknown> | null;
  lines: string[];
}

async function insertProposal(q: Queryable, cfg: FourEyes, actor: Actor, p: NewProposal) {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO admin_proposals (kind, member_id, target_id, payload, basis, summary, proposed_by,
                                  proposed_by_username, expires_at)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7, $8, now() + make_interval(secs => $9::double precision))
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
async function dryRun<T>(q: Queryable, fn: () => Promise<T>): Promise<T> {
  await q.query('SAVEPOINT proposal_dry_run');
  const out = await fn();
  await q.query('ROLLBACK TO SAVEPOINT proposal_dry_run');
  return out;
}

// ——— Proposing ———

/** A balance edit: the new values and the balances they were based on; nothing to change → applied as is. */
export async function proposeBalances(
  db: Db,
  cfg: FourEyes,
  memberId: string,
  body: BalancesBody,
  actor: Actor,
) {
  return db.tx(async (q) => {
    const dry = await dryRun(q, () => setBalancesIn(q, memberId, body, actor));
    if (!dry.changes.length) return { applied: dry };
    const payload = Object.fromEntries(dry.changes.map((c) => [c.currency, c.after]));
    const basis = Object.fromEntries(dry.changes.map((c) => [c.currency, c.before]));
    return {
      proposed: await insertProposal(q, cfg, actor, {
        kind: 'balances.set',
        memberId,
        payload,
        basis,
        lines: dry.changes.map((c) => P.balanceLine(c.currency, formatExact(c.before), formatExact(c.after))),
      }),
    };
  });
}

const lockLines = (b: LockBody) => [
  P.lockLine(
    b.currency.toUpperCase(),
    formatExact(b.locked_amount),
    b.lock_start_date ?? '',
    b.lock_end_date ?? '',
  ),
  ...(b.reason ? [P.lockReason(b.reason)] : []),
];

export async function proposeLockCreate(
  db: Db,
  cfg: FourEyes,
  memberId: string,
  body: LockBody,
  actor: Actor,
) {
  return db.tx(async (q) => {
    await dryRun(q, () => createLockIn(q, memberId, body, actor));
    return insertProposal(q, cfg, actor, {
      kind: 'lock.create',
      memberId,
      payload: { ...body },
      lines: lockLines(body),
    });
  });
}

export async function proposeLockUpdate(
  db: Db,
  cfg: FourEyes,
  memberId: string,
  lockId: string,
  body: LockBody,
  actor: Actor,
) {
  return db.tx(async (q) => {
    const before = await dryRun(q, async () => {
      const b = await readLock(q, memberId, lockId, false);
      await updateLockIn(q, memberId, lockId, body, actor);
      return b!;
    });
    return insertProposal(q, cfg, actor, {
      kind: 'lock.update',
      memberId,
      targetId: lockId,
      payload: { ...body },
      basis: { updated_at: before.updated_at },
      lines: [...lockLines(lockBodyOf(before)).map(P.lockBefore), ...lockLines(body).map(P.lockAfter)],
    });
  });
}

export async function proposeLockDelete(
  db: Db,
  cfg: FourEyes,
  memberId: string,
  lockId: string,
  actor: Actor,
) {
  return db.tx(async (q) => {
    const before = await dryRun(q, async () => {
      const b = await readLock(q, memberId, lockId, false);
      await deleteLockIn(q, memberId, lockId, actor);
      return b!;
    });
    return insertProposal(q, cfg, actor, {
      kind: 'lock.delete',
      memberId,
      targetId: lockId,
      payload: { lock_id: lockId },
      basis: { updated_at: before.updated_at },
      lines: lockLines(lockBodyOf(before)),
    });
  });
}

const lockBodyOf = (l: {
  currency: string;
  locked_amount: string;
  lock_start_date: string | null;
  lock_end_date: string | null;
  reason: string | null;
}): LockBody => ({
  currency: l.currency.toLowerCase() as LockBody['currency'],
  locked_amount: l.locked_amount,
  lock_start_date: l.lock_start_date,
  lock_end_date: l.lock_end_date,
  reason: l.reason,
});

/**
 * Approving a withdrawal: worth less than FOUR_EYES_PAYOUT_KRW at the current price (the sample price when
 * the providers are down) it is approved at once; otherwise it becomes a proposal (one per withdrawal).
 */
export async function approveOrProposeWithdrawal(
  db: Db,
  config: Pick<Config, 'fourEyes' | 'prices'>,
  actor: Actor,
  id: string,
): Promise<{ applied?: WithdrawalView; proposed?: Awaited<ReturnType<typeof insertProposal>> }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', MSG.approval.withdrawalNotFound);
  return db.tx(async (q) => {
    const w = await lockWithdrawal(q, id);
    if (!w) throw new AppError('NOT_FOUND', MSG.approval.withdrawalNotFound);
    if (w.status !== 'pending') throw new AppError('NOT_PENDING', MSG.approval.notPending);
    const value = await krwValueOf(q, config.prices.staleSeconds, w.currency, w.amount);
    if (value.lt(config.fourEyes.payoutKrw)) {
      return { applied: await decideWithdrawalIn(q, actor, id, 'approve') };
    }
    const [open] = await q.query(
      `SELECT 1 FROM admin_proposals WHERE kind = 'withdrawal.approve' AND target_id = $1 AND status = 'pending'
          AND expires_at > now()`,
      [id],
    );
    if (open) throw new AppError('CONFLICT', P.payoutPending);
    // One that expired unnoticed is recorded as such, so the one-per-withdrawal index lets a new one in.
    await q.query(
      `UPDATE admin_proposals SET status = 'expired', decided_at = now()
        WHERE kind = 'withdrawal.approve' AND target_id = $1 AND status = 'pending'`,
      [id],
    );
    await dryRun(q, () => decideWithdrawalIn(q, actor, id, 'approve'));
    return {
      proposed: await insertProposal(q, config.fourEyes, actor, {
        kind: 'withdrawal.approve',
        memberId: w.member_id,
        targetId: id,
        payload: { withdrawal_id: id, currency: w.currency, amount: toWire(w.amount), method: w.method },
        basis: { krw_value: toWire(value) },
        lines: [P.payoutLine(w.currency, formatExact(w.amount), formatExact(value))],
      }),
    };
  });
}

async function krwValueOf(q: Queryable, staleSeconds: number, currency: string, amount: string) {
  const prices = await readPrices(q, staleSeconds);
  const table: PriceTable = {
    usdKrw: prices.usd_krw.rate,
    usd: Object.fromEntries(prices.items.map((i) => [i.symbol, i.price])) as PriceTable['usd'],
  };
  return assetKrwValue(currency as ViewCurrency, amount, table);
}

/** Granting or revoking the administrator role (always two-person; the last administrator stays). */
export async function proposeRole(db: Db, cfg: FourEyes, memberId: string, admin: boolean, actor: Actor) {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [ADMIN_CHANGE_LOCK]);
    const m = await lockMember(q, memberId);
    await assertRoleChange(q, m, admin);
    return insertProposal(q, cfg, actor, {
      kind: admin ? 'admin.grant' : 'admin.revoke',
      memberId,
      payload: { admin },
      lines: [`${admin ? P.roleGrant : P.roleRevoke}: ${m.username}`],
    });
  });
}

async function assertRoleChange(q: Queryable, m: { id: string; is_admin: boolean }, admin: boolean) {
  if (admin && m.is_admin) throw new AppError('CONFLICT', P.alreadyAdmin);
  if (!admin && !m.is_admin) throw new AppError('CONFLICT', P.notAdmin);
  if (!admin) {
    const [others] = await q.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM members WHERE is_admin AND closed_at IS NULL AND id <> $1',
      [m.id],
    );
    if ((others?.n ?? 0) < 1) throw new AppError('CONFLICT', P.lastAdmin);
  }
}

// ——— Deciding ———

/** The acting administrator, read inside the transaction: one whose role was revoked a moment ago acts no more. */
async function assertOpenAdmin(q: Queryable, id: string) {
  const [row] = await q.query<{ ok: boolean }>(
    'SELECT is_admin AND closed_at IS NULL AS ok FROM members WHERE id = $1',
    [id],
  );
  if (!row?.ok) throw new AppError('FORBIDDEN', MSG.common.adminOnly);
}

function refuseDecided(p: ProposalRow, cfg: FourEyes) {
  if (p.status === 'applied') throw new AppError('CONFLICT', P.alreadyApplied);
  if (p.status === 'cancelled') throw new AppError('CONFLICT', P.alreadyCancelled);
  if (p.status === 'expired') throw new AppError('CONFLICT', P.expired(cfg.proposalTtlHours));
}

async function markExpired(q: Queryable, id: string) {
  await q.query(`UPDATE admin_proposals SET status = 'expired', decided_at = now() WHERE id = $1`, [id]);
}

/**
 * Confirms a proposal: the row is locked, so of any number of confirmations in parallel exactly one finds
 * it pending and applies it, in the same transaction; the others wait and then find it applied. The
 * proposer cannot confirm (whatever session); an expired or cancelled proposal cannot be confirmed.
 */
export async function confirmProposal(db: Db, cfg: FourEyes, id: string, actor: Actor) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', P.notFound);
  const out = await db.tx(async (q) => {
    const [head] = await q.query<{ kind: string }>('SELECT kind FROM admin_proposals WHERE id = $1', [id]);
    if (!head) throw new AppError('NOT_FOUND', P.notFound);
    // Role changes: the administrators' lock first, as closing an account takes it (decision 0112).
    if (head.kind.startsWith('admin.'))
      await q.query('SELECT pg_advisory_xact_lock($1)', [ADMIN_CHANGE_LOCK]);
    const p = (await readProposal(q, id, true))!;
    refuseDecided(p, cfg);
    if (p.proposed_by === actor.actorId) throw new AppError('FORBIDDEN', P.selfConfirm);
    await assertOpenAdmin(q, actor.actorId);
    if (p.expired_now) {
      await markExpired(q, id);
      return { expired: true as const };
    }
    const approval: Approval = {
      proposal_id: id,
      proposed_by: p.proposed_by_username,
      confirmed_by: actor.actorUsername ?? '',
    };
    // The proposer still an administrator: a revoked or closed one's proposals lapse.
    const [author] = await q.query<{ ok: boolean }>(
      'SELECT is_admin AND closed_at IS NULL AS ok FROM members WHERE id = $1',
      [p.proposed_by],
    );
    if (!author?.ok) throw new AppError('CONFLICT', P.proposerGone);
    // The action is recorded as its author's (ledger and audit actor: the proposer, as in one step),
    // with `approval` naming both administrators.
    const { result, status } = await apply(q, p, {
      ...actor,
      actorId: p.proposed_by,
      actorUsername: p.proposed_by_username,
      approval,
    });
    await q.query(
      `UPDATE admin_proposals SET status = 'applied', decided_by = $2, decided_by_username = $3, decided_at = now(),
              result = $4::jsonb
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

async function apply(
  q: Queryable,
  p: ProposalRow,
  actor: Actor,
): Promise<{ result: unknown; status: number }> {
  switch (p.kind) {
    case 'balances.set': {
      const payload = p.payload as Record<BalanceCurrency, string>;
      const basis = (p.basis ?? {}) as Record<BalanceCurrency, string>;
      await lockMember(q, p.member_id);
      await lockBalances(
        q,
        BALANCE_CURRENCIES.map((currency) => ({ memberId: p.member_id, currency })),
      );
      const states = await readBalanceStates(q, p.member_id, [...BALANCE_CURRENCIES]);
      const stale = states
        .filter((s) => basis[s.currency as BalanceCurrency] !== undefined)
        .filter((s) => !s.total.eq(basis[s.currency as BalanceCurrency]))
        .map((s) =>
          P.staleBalanceItem(
            s.currency,
            formatExact(basis[s.currency as BalanceCurrency]),
            formatExact(s.total),
          ),
        );
      if (stale.length) throw new AppError('CONFLICT', P.staleBalances(stale.join(', ')));
      const body = Object.fromEntries(
        Object.entries(payload).map(([c, v]) => [keyOf(c as BalanceCurrency), v]),
      ) as BalancesBody;
      return { result: await setBalancesIn(q, p.member_id, body, actor), status: 200 };
    }
    case 'lock.create':
      return { result: await createLockIn(q, p.member_id, p.payload as LockBody, actor), status: 201 };
    case 'lock.update':
    case 'lock.delete': {
      const lockId = p.target_id!;
      await lockMember(q, p.member_id);
      const now = await readLock(q, p.member_id, lockId, true);
      if (!now) throw new AppError('CONFLICT', P.lockGone);
      if (now.updated_at !== (p.basis as { updated_at?: string } | null)?.updated_at) {
        throw new AppError('CONFLICT', MSG.proposals.lockChanged);
      }
      const result =
        p.kind === 'lock.update'
          ? await updateLockIn(q, p.member_id, lockId, p.payload as LockBody, actor)
          : await deleteLockIn(q, p.member_id, lockId, actor);
      return { result, status: 200 };
    }
    case 'withdrawal.approve': {
      return { result: await decideWithdrawalIn(q, actor, p.target_id!, 'approve'), status: 200 };
    }
    case 'admin.grant':
    case 'admin.revoke': {
      const admin = p.kind === 'admin.grant';
      const m = await lockMember(q, p.member_id);
      await assertRoleChange(q, m, admin);
      await q.query('UPDATE members SET is_admin = $2 WHERE id = $1', [p.member_id, admin]);
      await writeAudit(q, {
        actorId: actor.actorId,
        actorUsername: actor.actorUsername,
        action: admin ? 'member.admin.grant' : 'member.admin.revoke',
        targetType: 'member',
        targetId: p.member_id,
        before: { is_admin: !admin },
        after: { is_admin: admin, approval: actor.approval },
        ip: actor.ip,
      });
      return { result: { member_id: p.member_id, username: m.username, is_admin: admin }, status: 200 };
    }
  }
}

/** Cancels a pending proposal: its proposer or any other administrator. Recorded on the proposal. */
export async function cancelProposal(db: Db, cfg: FourEyes, id: string, actor: Actor) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', P.notFound);
  const out = await db.tx(async (q) => {
    const p = await readProposal(q, id, true);
    if (!p) throw new AppError('NOT_FOUND', P.notFound);
    refuseDecided(p, cfg);
    await assertOpenAdmin(q, actor.actorId);
    if (p.expired_now) {
      await markExpired(q, id);
      return { expired: true as const };
    }
    await q.query(
      `UPDATE admin_proposals SET status = 'cancelled', decided_by = $2, decided_by_username = $3, decided_at = now()
        WHERE id = $1`,
      [id, actor.actorId, actor.actorUsername ?? ''],
    );
    await publishProposal(q, p, 'cancelled', actor.actorUsername ?? '');
    return { proposal: view((await readProposal(q, id, false))!, actor.actorId), message: P.cancelled };
  });
  if ('expired' in out) throw new AppError('CONFLICT', P.expired(cfg.proposalTtlHours));
  return out;
}

/** The pending proposals (oldest first) and the 20 decided most recently; expired ones are recorded first. */
export async function listProposals(db: Db, cfg: FourEyes, viewerId: string) {
  await db.query(
    `UPDATE admin_proposals SET status = 'expired', decided_at = now() WHERE status = 'pending' AND expires_at <= now()`,
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
  };
}
