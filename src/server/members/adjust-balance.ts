import { D, toWire } from '../../shared/decimal';
import { formatExact } from '../../shared/fees';
import { MSG } from '../../shared/messages';
import type { AdjustmentBody } from '../../shared/schemas/admin';
import { type Actor, approvalOf } from '../audit/actor';
import type { Queryable } from '../db';
import { balanceChangedEvent } from '../events/publish';
import { AppError } from '../http/errors';
import { applyMovement } from '../money/kernel';
import { lockBalances, readBalanceStates } from '../wallet/balance-state';
import { lockMember } from './lock-member';
import { balanceViews } from './read-member-detail';

/**
 * A +/− adjustment of one balance by an administrator: its own ledger entry (`admin_adjustment`, the reason
 * as its note), its audit entry and the member's live event, through the money kernel. Refused when the
 * balance would go below zero, or below what its locks and pending withdrawals hold.
 */
export async function adjustBalanceIn(q: Queryable, memberId: string, body: AdjustmentBody, actor: Actor) {
  const { currency, reason } = body;
  const delta = new D(body.delta);
  await lockMember(q, memberId);
  await lockBalances(q, [{ memberId, currency }]);
  const [state] = await readBalanceStates(q, memberId, [currency]);
  const before = state!.total;
  const after = before.plus(delta);
  if (after.isNegative()) {
    throw new AppError(
      'INSUFFICIENT_FUNDS',
      MSG.admin.adjust.negative(currency, formatExact(before), formatExact(delta)),
      { delta: MSG.admin.adjust.negative(currency, formatExact(before), formatExact(delta)) },
    );
  }
  const reserved = state!.locked.plus(state!.held);
  if (delta.isNegative() && after.lt(reserved)) {
    throw new AppError(
      'CONFLICT',
      MSG.admin.adjust.belowReserved(currency, formatExact(after), formatExact(reserved)),
    );
  }
  await applyMovement(q, {
    changes: [
      {
        memberId,
        currency,
        amount: delta,
        kind: 'admin_adjustment',
        actorId: actor.actorId,
        confirmedBy: actor.confirmerId,
        note: reason,
      },
    ],
    audit: ([left]) => ({
      actorId: actor.actorId,
      actorUsername: actor.actorUsername,
      ip: actor.ip,
      action: 'member.balance.adjust',
      targetType: 'member',
      targetId: memberId,
      before: { currency, balance: toWire(before) },
      after: { currency, delta: toWire(delta), balance: toWire(left!), reason, ...approvalOf(actor) },
    }),
    events: [balanceChangedEvent(memberId, [currency])],
  });
  return {
    member_id: memberId,
    currency,
    delta: toWire(delta),
    before: toWire(before),
    after: toWire(after),
    reason,
    balances: balanceViews(await readBalanceStates(q, memberId, [currency])),
  };
}
