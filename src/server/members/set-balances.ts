import { BALANCE_CURRENCIES, type BalanceCurrency } from '../../shared/constants';
import { D, type Dec, toWire } from '../../shared/decimal';
import { MSG } from '../../shared/messages';
import { keyOf, type setBalancesBodySchema } from '../../shared/schemas/admin';
import type { z } from '../../shared/zod';
import { type Actor, approvalOf } from '../audit/actor';
import type { Queryable } from '../db';
import { balanceChangedEvent } from '../events/publish';
import { AppError } from '../http/errors';
import { applyMovement } from '../money/kernel';
import { lockBalances, readBalanceStates } from '../wallet/balance-state';
import { lockMember } from './lock-member';
import { balanceViews } from './read-member-detail';

type Body = z.output<typeof setBalancesBodySchema>;

interface Change {
  currency: BalanceCurrency;
  before: Dec;
  after: Dec;
  delta: Dec;
}

/**
 * SPEC "asset update": sets a member's balances to the given values (already clamped to ≥ 0 by the
 * schema). Each change is one admin-adjustment ledger entry carrying the delta. A balance is never set
 * below what its active locks and pending withdrawals hold, and a value edited on a screen that no
 * longer shows the current balance (`expected`) is refused rather than overwriting the change.
 */
/** `setBalances` inside the caller's transaction (a confirmed proposal applies it this way). */
export async function setBalancesIn(q: Queryable, memberId: string, body: Body, actor: Actor) {
  await lockMember(q, memberId);
  await lockBalances(
    q,
    BALANCE_CURRENCIES.map((currency) => ({ memberId, currency })),
  );
  const states = await readBalanceStates(q, memberId, [...BALANCE_CURRENCIES]);
  const changes: Change[] = [];
  for (const s of states) {
    const currency = s.currency as BalanceCurrency;
    const key = keyOf(currency);
    const target = body[key];
    if (target === undefined) continue;
    const expected = body.expected?.[key];
    if (expected !== undefined && !new D(expected).eq(s.total)) {
      throw new AppError('CONFLICT', MSG.admin.balanceChanged(currency, toWire(expected), toWire(s.total)));
    }
    const after = new D(target);
    const delta = after.minus(s.total);
    if (delta.isZero()) continue;
    const reserved = s.locked.plus(s.held);
    if (delta.isNegative() && after.lt(reserved)) {
      throw new AppError(
        'CONFLICT',
        MSG.admin.balanceBelowReserved(currency, toWire(after), toWire(reserved), toWire(s.total)),
      );
    }
    changes.push({ currency, before: s.total, after, delta });
  }
  if (changes.length) {
    await applyMovement(q, {
      changes: changes.map((c) => ({
        memberId,
        currency: c.currency,
        amount: c.delta,
        kind: 'admin_adjustment' as const,
        actorId: actor.actorId,
        confirmedBy: actor.confirmerId,
        note: MSG.admin.ledgerNote,
      })),
      audit: () => ({
        actorId: actor.actorId,
        actorUsername: actor.actorUsername,
        ip: actor.ip,
        action: 'member.balances.set',
        targetType: 'member',
        targetId: memberId,
        before: Object.fromEntries(changes.map((c) => [c.currency, toWire(c.before)])),
        after: {
          ...Object.fromEntries(changes.map((c) => [c.currency, toWire(c.after)])),
          ...approvalOf(actor),
        },
      }),
      events: [
        balanceChangedEvent(
          memberId,
          changes.map((c) => c.currency),
        ),
      ],
    });
  }
  return {
    balances: balanceViews(await readBalanceStates(q, memberId, [...BALANCE_CURRENCIES])),
    changes: changes.map((c) => ({
      currency: c.currency,
      before: toWire(c.before),
      after: toWire(c.after),
      delta: toWire(c.delta),
    })),
  };
}
