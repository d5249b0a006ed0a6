/** Four-eyes registry entries that move money: deposit and withdrawal approvals, adjustments, balance edits. */
import { BALANCE_CURRENCIES, type BalanceCurrency } from '../../shared/constants';
import { D, toWire } from '../../shared/decimal';
import { formatExact } from '../../shared/fees';
import { MSG } from '../../shared/messages';
import { type AdjustmentBody, adjustmentBodySchema, keyOf } from '../../shared/schemas/admin';
import type { Actor } from '../audit/actor';
import { checkedNetworks } from '../chain/chain-config';
import { isUuid } from '../db/iso-time';
import { decideDepositIn } from '../deposits/decide-deposit';
import { AppError } from '../http/errors';
import { z } from '../http/zod';
import { adjustBalanceIn } from '../members/adjust-balance';
import { refuseResetterApproval } from '../members/admin-resets';
import { bankAccountChangedRecently } from '../members/bank-account';
import { lockMember } from '../members/lock-member';
import { setBalancesIn } from '../members/set-balances';
import { type Direction, lockTotals, valueKrw } from '../money/limits';
import { lockBalances, readBalanceStates } from '../wallet/balance-state';
import { decideWithdrawalIn } from '../withdrawals/decide-withdrawal';
import { adminOf, defineKind } from './registry';
import { lockPending, overridesChain, overThreshold, requestHead, unattributed } from './request-plan';
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
  payload: depositPayload,
  async plan(q, cfg, input: { id: string; reason?: string; override?: boolean }, actor) {
    const d = await requestHead(q, 'deposits', input.id, MSG.approval.depositNotFound);
    await lockTotals(q, d.member_id, actor.actorId);
    await lockPending(q, 'deposits', 'deposit.approve', input.id, P.depositPending);
    const value = await valueKrw(q, cfg.prices.staleSeconds, [d]);
    const t = await overThreshold(q, cfg, d.member_id, 'in', value, cfg.fourEyes.depositKrw, actor);
    // Crediting against the chain's verdict is never one person's call.
    const checked = checkedNetworks(cfg.chain);
    const overridden = await overridesChain(q, input.id, d.network, input.override === true, checked);
    const unproven = await unattributed(q, input.id);
    return {
      needsSecond: t.needsSecond || overridden !== null || unproven,
      memberId: d.member_id,
      targetId: input.id.toLowerCase(),
      payload: {
        deposit_id: input.id.toLowerCase(),
        currency: d.currency,
        amount: toWire(d.amount),
        reason: input.reason ?? null,
        chain_override: input.override === true,
      },
      basis: { krw_value: toWire(value) },
      secretHash: null,
      lines: [
        P.depositLine(d.currency, formatExact(d.amount), formatExact(value)),
        t.line,
        ...(overridden ? [MSG.guards.chainOverrideLine(overridden)] : []),
        ...(unproven ? [MSG.guards.unattributedLine] : []),
        ...(input.reason ? [P.reasonLine(input.reason)] : []),
      ],
    };
  },
  async apply(q, cfg, s, actor) {
    await refuseResetterApproval(q, s.memberId, actor, cfg.withdrawalRules.adminResetHoldHours);
    const p = s.payload;
    const result = await decideDepositIn(q, actor, p.deposit_id, 'approve', p.reason ?? undefined, {
      override: p.chain_override,
      chainAuto: actor.actorId === null,
      checkedNetworks: checkedNetworks(cfg.chain),
    });
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
  async plan(q, cfg, input: { id: string }, actor) {
    const w = await requestHead(q, 'withdrawals', input.id, MSG.approval.withdrawalNotFound);
    await lockTotals(q, w.member_id, actor.actorId);
    await lockPending(q, 'withdrawals', 'withdrawal.approve', input.id, P.payoutPending);
    const value = await valueKrw(q, cfg.prices.staleSeconds, [w]);
    const t = await overThreshold(q, cfg, w.member_id, 'out', value, cfg.fourEyes.payoutKrw, actor);
    // Won to an account an administrator changed in the last 24 h: a second administrator looks too.
    const recent = w.method === 'bank' && (await bankAccountChangedRecently(q, w.member_id));
    return {
      needsSecond: t.needsSecond || recent,
      memberId: w.member_id,
      targetId: input.id.toLowerCase(),
      payload: {
        withdrawal_id: input.id.toLowerCase(),
        currency: w.currency,
        amount: toWire(w.amount),
        method: w.method ?? '',
      },
      basis: { krw_value: toWire(value) },
      secretHash: null,
      lines: [
        P.payoutLine(w.currency, formatExact(w.amount), formatExact(value)),
        t.line,
        ...(recent ? [MSG.guards.recentBankAccountLine] : []),
      ],
    };
  },
  async apply(q, cfg, s, actor) {
    await refuseResetterApproval(q, s.memberId, actor, cfg.withdrawalRules.adminResetHoldHours);
    return { result: await decideWithdrawalIn(q, actor, s.payload.withdrawal_id, 'approve'), status: 200 };
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
    await lockTotals(q, memberId, actor.actorId);
    await lockMember(q, memberId);
    const delta = new D(body.delta);
    const value = await valueKrw(q, cfg.prices.staleSeconds, [{ currency: body.currency, amount: delta }]);
    const dir: Direction = delta.isNegative() ? 'out' : 'in';
    const threshold = dir === 'in' ? cfg.fourEyes.depositKrw : cfg.fourEyes.payoutKrw;
    const t = await overThreshold(q, cfg, memberId, dir, value, threshold, actor);
    const [state] = await readBalanceStates(q, memberId, [body.currency]);
    return {
      needsSecond: cfg.fourEyes.adminEdits || t.needsSecond,
      memberId,
      targetId: null,
      payload: body,
      basis: null,
      secretHash: null,
      lines: [
        P.adjustLine(
          body.currency,
          `${delta.isNegative() ? '−' : '+'}${formatExact(delta.abs())}`,
          formatExact(state!.total),
          formatExact(state!.total.plus(delta)),
        ),
        P.reasonLine(body.reason),
        t.line,
      ],
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
    await lockTotals(q, input.memberId, actor.actorId);
    // Locked before the dry run (its savepoint's rollback would release locks taken inside it), so an edit
    // applied in one step reads the same balances in its dry run and in its application.
    await lockMember(q, input.memberId);
    await lockBalances(
      q,
      BALANCE_CURRENCIES.map((currency) => ({ memberId: input.memberId, currency })),
    );
    const dry = await dryRun(q, () => setBalancesIn(q, input.memberId, input.body, adminOf(actor)));
    const moved = (dir: Direction) =>
      dry.changes
        .filter((c) => new D(c.delta).isNegative() === (dir === 'out'))
        .map((c) => ({ currency: c.currency, amount: new D(c.delta).abs() }));
    const checks = [];
    for (const dir of ['in', 'out'] as const) {
      const amounts = moved(dir);
      if (amounts.length === 0) continue;
      const value = await valueKrw(q, cfg.prices.staleSeconds, amounts);
      const threshold = dir === 'in' ? cfg.fourEyes.depositKrw : cfg.fourEyes.payoutKrw;
      checks.push(await overThreshold(q, cfg, input.memberId, dir, value, threshold, actor));
    }
    const overAny = checks.some((t) => t.needsSecond);
    return {
      needsSecond: dry.changes.length > 0 && (cfg.fourEyes.adminEdits || overAny),
      memberId: input.memberId,
      targetId: null,
      payload: Object.fromEntries(dry.changes.map((c) => [c.currency, c.after])),
      basis: Object.fromEntries(dry.changes.map((c) => [c.currency, c.before])),
      secretHash: null,
      lines: [
        ...dry.changes.map((c) => P.balanceLine(c.currency, formatExact(c.before), formatExact(c.after))),
        ...checks.map((t) => t.line),
      ],
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
