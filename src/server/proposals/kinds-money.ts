/** Four-eyes registry entries that move money: deposit and withdrawal approvals, adjustments, balance edits. */
import { BALANCE_CURRENCIES, type BalanceCurrency } from '../../shared/constants';
import { D, toWire } from '../../shared/decimal';
import { formatExact } from '../../shared/fees';
import { MSG } from '../../shared/messages';
import { type AdjustmentBody, adjustmentBodySchema, keyOf } from '../../shared/schemas/admin';
import type { Actor } from '../audit/actor';
import { checkedNetworks } from '../chain/chain-config';
import { isUuid } from '../db/iso-time';
import type { LockedDeposit } from '../deposits/chain-gate';
import { approveLockedDepositIn, decideDepositIn, lockForDecision } from '../deposits/decide-deposit';
import { AppError } from '../http/errors';
import { z } from '../http/zod';
import { adjustBalanceIn } from '../members/adjust-balance';
import { bankAccountChangedRecently } from '../members/bank-account';
import { lockMember } from '../members/lock-member';
import { setBalancesIn } from '../members/set-balances';
import type { Direction } from '../money/limits';
import { lockBalances, readBalanceStates } from '../wallet/balance-state';
import { approveLockedWithdrawalIn, decideWithdrawalIn } from '../withdrawals/decide-withdrawal';
import { type LockedWithdrawal, lockWithdrawal } from '../withdrawals/withdrawal-view';
import { adminOf, defineKind } from './registry';
import { lockPending, overridesChain, requestLimits } from './request-plan';
import { type BalancesBody, dryRun, P } from './store';

const isBalanceCurrency = (c: string): c is BalanceCurrency =>
  (BALANCE_CURRENCIES as readonly string[]).includes(c);

const depositPayload = z.object({
  deposit_id: z.string(),
  currency: z.string(),
  amount: z.string(),
  reason: z.string().nullable(),
  chain_override: z.boolean(),
});

export const depositApproval = defineKind({
  kind: 'deposit.approve',
  // A credit: what leaves the house (a payout) needs a withdrawal, committed after it in the log.
  releaseBeforeFlush: true,
  payload: depositPayload,
  async plan(q, cfg, input: { id: string; reason?: string; override?: boolean }) {
    const d = await lockPending(input.id, MSG.approval.depositNotFound, () => lockForDecision(q, input.id));
    // Crediting against the chain's verdict, or what the chain does not show to be the member's, is never
    // one person's call.
    const overridden = overridesChain(d, input.override === true, checkedNetworks(cfg.chain));
    const unproven = d.chain_before_assignment === true;
    return {
      needsSecond: overridden !== null || unproven,
      memberId: d.member_id,
      targetId: d.id,
      payload: {
        deposit_id: d.id,
        currency: d.currency,
        amount: toWire(d.amount),
        reason: input.reason ?? null,
        chain_override: input.override === true,
      },
      basis: null,
      secretHash: null,
      lines: [
        ...(overridden ? [MSG.guards.chainOverrideLine(overridden)] : []),
        ...(unproven ? [MSG.guards.unattributedLine] : []),
        ...(input.reason ? [P.reasonLine(input.reason)] : []),
      ],
      limits: requestLimits(d, P.depositPending, 'in', cfg.fourEyes.depositKrw, (value) =>
        P.depositLine(d.currency, formatExact(d.amount), formatExact(value)),
      ),
      locked: d,
    };
  },
  async apply(q, cfg, s, actor) {
    const p = s.payload;
    const chain = {
      override: p.chain_override,
      chainAuto: actor.actorId === null,
      checkedNetworks: checkedNetworks(cfg.chain),
    };
    const reason = p.reason ?? undefined;
    const result = s.locked
      ? await approveLockedDepositIn(q, actor, s.locked as LockedDeposit, reason, chain)
      : await decideDepositIn(q, actor, p.deposit_id, 'approve', reason, chain);
    return { result, status: 200 };
  },
});

const withdrawalPayload = z.object({
  withdrawal_id: z.string(),
  currency: z.string(),
  amount: z.string(),
  method: z.string(),
});

export const withdrawalApproval = defineKind({
  kind: 'withdrawal.approve',
  payload: withdrawalPayload,
  async plan(q, cfg, input: { id: string }) {
    const w = await lockPending(input.id, MSG.approval.withdrawalNotFound, () => lockWithdrawal(q, input.id));
    // Won to an account an administrator changed in the last 24 h: a second administrator looks too.
    const recent = w.method === 'bank' && (await bankAccountChangedRecently(q, w.member_id));
    return {
      needsSecond: recent,
      memberId: w.member_id,
      targetId: w.id,
      payload: {
        withdrawal_id: w.id,
        currency: w.currency,
        amount: toWire(w.amount),
        method: w.method ?? '',
      },
      basis: null,
      secretHash: null,
      lines: recent ? [MSG.guards.recentBankAccountLine] : [],
      limits: requestLimits(w, P.payoutPending, 'out', cfg.fourEyes.payoutKrw, (value) =>
        P.payoutLine(w.currency, formatExact(w.amount), formatExact(value)),
      ),
      locked: w,
    };
  },
  async apply(q, _cfg, s, actor) {
    const result = s.locked
      ? await approveLockedWithdrawalIn(q, actor, s.locked as LockedWithdrawal)
      : await decideWithdrawalIn(q, actor, s.payload.withdrawal_id, 'approve');
    return { result, status: 200 };
  },
});

/** An administrator never changes their own balances (a second administrator does). */
function refuseOwnBalances(memberId: string, actor: Actor<string | null>) {
  if (memberId === actor.actorId) throw new AppError('FORBIDDEN', MSG.guards.ownRequest);
}

export const balanceAdjustment = defineKind({
  kind: 'balance.adjust',
  payload: adjustmentBodySchema,
  async plan(q, cfg, input: { memberId: string; body: AdjustmentBody }, actor) {
    const { memberId, body } = input;
    if (!isUuid(memberId)) throw new AppError('NOT_FOUND', MSG.admin.memberNotFound);
    refuseOwnBalances(memberId, actor);
    // The member's row, then the balance row, then (in `act`) the totals locks: the order of every money action.
    await lockMember(q, memberId);
    await lockBalances(q, [{ memberId, currency: body.currency }]);
    const delta = new D(body.delta);
    const dir: Direction = delta.isNegative() ? 'out' : 'in';
    const [state] = await readBalanceStates(q, memberId, [body.currency]);
    const lines = [
      P.adjustLine(
        body.currency,
        `${delta.isNegative() ? '−' : '+'}${formatExact(delta.abs())}`,
        formatExact(state!.total),
        formatExact(state!.total.plus(delta)),
      ),
      P.reasonLine(body.reason),
    ];
    return {
      needsSecond: cfg.fourEyes.adminEdits,
      memberId,
      targetId: null,
      payload: body,
      basis: null,
      secretHash: null,
      lines: [],
      limits: {
        memberId,
        moves: [
          {
            dir,
            amounts: [{ currency: body.currency, amount: delta }],
            threshold: dir === 'in' ? cfg.fourEyes.depositKrw : cfg.fourEyes.payoutKrw,
          },
        ],
        describe: () => ({ lines }),
      },
    };
  },
  async apply(q, _cfg, s, actor) {
    return { result: await adjustBalanceIn(q, s.memberId, s.payload, adminOf(actor)), status: 200 };
  },
});

const balancesPayload = z.record(z.string(), z.string());

/**
 * SPEC's balance edit (new totals): a proposal from the balances it was based on, refused when stale. It
 * moves money as adjustments do, so it meets the same thresholds (per member and per administrator, in and
 * out, under the same locks) whatever FOUR_EYES_ADMIN_EDITS says; with that setting on it always needs a
 * second administrator.
 */
export const balancesEdit = defineKind({
  kind: 'balances.set',
  payload: balancesPayload,
  async plan(q, cfg, input: { memberId: string; body: BalancesBody }, actor) {
    if (!isUuid(input.memberId)) throw new AppError('NOT_FOUND', MSG.admin.memberNotFound);
    refuseOwnBalances(input.memberId, actor);
    // Locked before the dry run (its savepoint's rollback would release locks taken inside it), so an edit
    // applied in one step reads the same balances in its dry run and in its application.
    await lockMember(q, input.memberId);
    const balances = BALANCE_CURRENCIES.map((currency) => ({ memberId: input.memberId, currency }));
    await lockBalances(q, balances);
    const dry = await dryRun(q, () => setBalancesIn(q, input.memberId, input.body, adminOf(actor)));
    const moved = (dir: Direction) =>
      dry.changes
        .filter((c) => new D(c.delta).isNegative() === (dir === 'out'))
        .map((c) => ({ currency: c.currency, amount: new D(c.delta).abs() }));
    const moves = (['in', 'out'] as const)
      .map((dir) => ({
        dir,
        amounts: moved(dir),
        threshold: dir === 'in' ? cfg.fourEyes.depositKrw : cfg.fourEyes.payoutKrw,
      }))
      .filter((m) => m.amounts.length > 0);
    const lines = dry.changes.map((c) =>
      P.balanceLine(c.currency, formatExact(c.before), formatExact(c.after)),
    );
    return {
      needsSecond: dry.changes.length > 0 && cfg.fourEyes.adminEdits,
      memberId: input.memberId,
      targetId: null,
      payload: Object.fromEntries(dry.changes.map((c) => [c.currency, c.after])),
      basis: Object.fromEntries(dry.changes.map((c) => [c.currency, c.before])),
      secretHash: null,
      lines: [],
      limits: { memberId: input.memberId, moves, describe: () => ({ lines }) },
    };
  },
  async apply(q, _cfg, s, actor) {
    const admin = adminOf(actor);
    const body: BalancesBody = {};
    const currencies = Object.keys(s.payload).filter(isBalanceCurrency);
    await lockMember(q, s.memberId);
    await lockBalances(
      q,
      currencies.map((currency) => ({ memberId: s.memberId, currency })),
    );
    const states = await readBalanceStates(q, s.memberId, currencies);
    const basis = s.basis ?? {};
    const stale = states
      .filter((st) => typeof basis[st.currency] === 'string' && !st.total.eq(String(basis[st.currency])))
      .map((st) =>
        P.staleBalanceItem(st.currency, formatExact(String(basis[st.currency])), formatExact(st.total)),
      );
    if (stale.length) throw new AppError('CONFLICT', P.staleBalances(stale.join(', ')));
    for (const c of currencies) body[keyOf(c)] = s.payload[c];
    return { result: await setBalancesIn(q, s.memberId, body, admin), status: 200 };
  },
});
