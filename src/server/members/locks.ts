import type { BalanceCurrency } from '../../shared/constants';
import { D, maxDec, toWire, ZERO } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import type { lockBodySchema } from '../../shared/schemas/admin';
import type { LockView } from '../../shared/schemas/admin-views';
import type { z } from '../../shared/zod';
import { type Actor, approvalOf } from '../audit/actor';
import { auditMember } from '../audit/write-audit';
import type { Queryable } from '../db';
import { isUuid } from '../db/iso-time';
import { publishLockChanged } from '../events/publish';
import { AppError } from '../http/errors';
import { day, firstRow, iso, num } from '../sql';
import { ACTIVE_LOCK, lockBalances, readBalanceState, TODAY_KST } from '../wallet/balance-state';
import { lockMember } from './lock-member';

type Body = z.output<typeof lockBodySchema>;

export const LOCK_COLUMNS = `l.id, l.currency, ${num('l.locked_amount')} AS locked_amount,
  ${day('l.lock_start_date')} AS lock_start_date, ${day('l.lock_end_date')} AS lock_end_date, l.reason,
  ${ACTIVE_LOCK} AS active, ${iso('l.created_at')} AS created_at, ${iso('l.updated_at')} AS updated_at`;

const upper = (c: string) => c.toUpperCase() as BalanceCurrency;

export async function readLock(q: Queryable, memberId: string, lockId: string, forUpdate: boolean) {
  if (!isUuid(lockId)) return null;
  return firstRow<LockView>(
    q,
    `SELECT ${LOCK_COLUMNS} FROM asset_locks l WHERE l.id = $1 AND l.member_id = $2 ${forUpdate ? 'FOR UPDATE' : ''}`,
    [lockId, memberId],
  );
}

/**
 * SPEC: a lock cannot exceed the available balance: total − the other active locks of the currency
 * (the edited one excluded) − pending withdrawals. A lock whose end date has already passed holds
 * nothing and is not checked. The balance row must be locked (lockBalances) by the caller.
 */
async function assertLockFits(
  q: Queryable,
  memberId: string,
  body: Body,
  excludeLockId: string | null,
  prefix: string,
) {
  const [when] = await q.query<{ active: boolean }>(
    `SELECT ($1::date IS NULL OR $1::date >= ${TODAY_KST}) AS active`,
    [body.lock_end_date],
  );
  if (!when?.active) return;
  const currency = upper(body.currency);
  const state = await readBalanceState(q, memberId, currency);
  const [others] = await q.query<{ sum: string }>(
    `SELECT COALESCE(sum(l.locked_amount), 0)::text AS sum FROM asset_locks l
      WHERE l.member_id = $1 AND l.currency = $2 AND ${ACTIVE_LOCK} AND l.id IS DISTINCT FROM $3::uuid`,
    [memberId, body.currency, excludeLockId],
  );
  const available = maxDec(state.total.minus(others?.sum ?? 0).minus(state.held), ZERO);
  if (new D(body.locked_amount).gt(available)) {
    throw new AppError(
      'INSUFFICIENT_FUNDS',
      MSG.admin.lockExceedsAvailable(prefix, currency, body.locked_amount, toWire(available)),
    );
  }
}

export async function createLockIn(
  q: Queryable,
  memberId: string,
  body: Body,
  actor: Actor,
): Promise<LockView> {
  await lockMember(q, memberId);
  await lockBalances(q, [{ memberId, currency: upper(body.currency) }]);
  await assertLockFits(q, memberId, body, null, MSG.admin.failed.lockAdd);
  const [{ id } = { id: '' }] = await q.query<{ id: string }>(
    `INSERT INTO asset_locks (member_id, currency, locked_amount, lock_start_date, lock_end_date, reason, created_by)
     VALUES ($1, $2, $3::numeric, $4::date, $5::date, $6, $7) RETURNING id`,
    [
      memberId,
      body.currency,
      body.locked_amount,
      body.lock_start_date,
      body.lock_end_date,
      body.reason,
      actor.actorId,
    ],
  );
  const lock = (await readLock(q, memberId, id, false))!;
  await auditMember(q, actor, 'lock.create', memberId, {
    after: { ...auditView(lock), ...approvalOf(actor) },
  });
  await publishLockChanged(q, memberId, lock.currency);
  return lock;
}

export async function updateLockIn(
  q: Queryable,
  memberId: string,
  lockId: string,
  body: Body,
  actor: Actor,
): Promise<LockView> {
  await lockMember(q, memberId);
  const before = await readLock(q, memberId, lockId, true);
  if (!before) throw new AppError('NOT_FOUND', MSG.admin.lockNotFound);
  await lockBalances(q, [
    { memberId, currency: upper(before.currency) },
    { memberId, currency: upper(body.currency) },
  ]);
  await assertLockFits(q, memberId, body, lockId, MSG.admin.failed.lockEdit);
  await q.query(
    `UPDATE asset_locks SET currency = $2, locked_amount = $3::numeric, lock_start_date = $4::date,
            lock_end_date = $5::date, reason = $6, updated_at = now()
      WHERE id = $1`,
    [lockId, body.currency, body.locked_amount, body.lock_start_date, body.lock_end_date, body.reason],
  );
  const after = (await readLock(q, memberId, lockId, false))!;
  await auditMember(q, actor, 'lock.update', memberId, {
    before: auditView(before),
    after: { ...auditView(after), ...approvalOf(actor) },
  });
  await publishLockChanged(q, memberId, after.currency);
  return after;
}

export async function deleteLockIn(q: Queryable, memberId: string, lockId: string, actor: Actor) {
  await lockMember(q, memberId);
  const before = await readLock(q, memberId, lockId, true);
  if (!before) throw new AppError('NOT_FOUND', MSG.admin.lockNotFound);
  await q.query('DELETE FROM asset_locks WHERE id = $1', [lockId]);
  await auditMember(q, actor, 'lock.delete', memberId, {
    before: auditView(before),
    ...(actor.approval ? { after: approvalOf(actor) } : {}),
  });
  await publishLockChanged(q, memberId, before.currency);
  return { deleted: true, id: lockId };
}

const auditView = (l: LockView) => ({
  lock_id: l.id,
  currency: l.currency,
  locked_amount: l.locked_amount,
  lock_start_date: l.lock_start_date,
  lock_end_date: l.lock_end_date,
  reason: l.reason,
});
