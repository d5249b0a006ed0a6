/** Two-person approval (decision 0160): proposing an action (after a rolled-back dry run of it). */
import { assetKrwValue, type PriceTable } from '../../shared/assets';
import type { ViewCurrency } from '../../shared/constants';
import { toWire } from '../../shared/decimal';
import { formatExact } from '../../shared/fees';
import { MSG } from '../../shared/messages';
import type { WithdrawalView } from '../../shared/schemas/withdrawals';
import type { Actor } from '../audit/actor';
import type { Config } from '../config';
import type { Db, Queryable } from '../db';
import { isUuid } from '../db/iso-time';
import { AppError } from '../http/errors';
import { ADMIN_CHANGE_LOCK } from '../members/close-member';
import { lockMember } from '../members/lock-member';
import { createLockIn, deleteLockIn, readLock, updateLockIn } from '../members/locks';
import { setBalancesIn } from '../members/set-balances';
import { readPrices } from '../prices/read-prices';
import { decideWithdrawalIn } from '../withdrawals/decide-withdrawal';
import { lockWithdrawal } from '../withdrawals/withdrawal-view';
import {
  type BalancesBody,
  dryRun,
  type FourEyes,
  insertProposal,
  type LockBody,
  type NewProposal,
  P,
} from './store';

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

/** A change to an existing lock: dry-run it, then propose it against the lock as it is now. */
function proposeLockChange(
  db: Db,
  cfg: FourEyes,
  actor: Actor,
  p: Pick<NewProposal, 'kind' | 'payload'> & {
    memberId: string;
    lockId: string;
    change: (q: Queryable) => Promise<unknown>;
    lines: (before: LockBody) => string[];
  },
) {
  const { memberId, lockId } = p;
  return db.tx(async (q) => {
    const before = await dryRun(q, async () => {
      const b = await readLock(q, memberId, lockId, false);
      await p.change(q);
      return b!;
    });
    return insertProposal(q, cfg, actor, {
      kind: p.kind,
      memberId,
      targetId: lockId,
      payload: p.payload,
      basis: { updated_at: before.updated_at },
      lines: p.lines(lockBodyOf(before)),
    });
  });
}

export const proposeLockUpdate = (
  db: Db,
  cfg: FourEyes,
  memberId: string,
  lockId: string,
  body: LockBody,
  actor: Actor,
) =>
  proposeLockChange(db, cfg, actor, {
    memberId,
    lockId,
    kind: 'lock.update',
    payload: { ...body },
    change: (q) => updateLockIn(q, memberId, lockId, body, actor),
    lines: (before) => [...lockLines(before).map(P.lockBefore), ...lockLines(body).map(P.lockAfter)],
  });

export const proposeLockDelete = (db: Db, cfg: FourEyes, memberId: string, lockId: string, actor: Actor) =>
  proposeLockChange(db, cfg, actor, {
    memberId,
    lockId,
    kind: 'lock.delete',
    payload: { lock_id: lockId },
    change: (q) => deleteLockIn(q, memberId, lockId, actor),
    lines: lockLines,
  });

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

export async function assertRoleChange(q: Queryable, m: { id: string; is_admin: boolean }, admin: boolean) {
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
