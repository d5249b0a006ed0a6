import { MSG } from '../../shared/messages';
import { AppError } from '../http/errors';
import type { DepositRow } from './deposit-view';

/** A deposit locked for a decision with its chain check's verdict (all null when it has no check). */
export type LockedDeposit = DepositRow & {
  chain_verdict: string | null;
  chain_confirmations: number | null;
  chain_final: boolean | null;
  /** The transfer is not shown to be the member's (decision 0364). */
  chain_before_assignment: boolean | null;
};

/**
 * Decision 0171: a deposit the chain checker has a verdict on is approved as usual when the
 * verdict is 일치 (match). Any other verdict (waiting, mismatch, not found, not yet checked…) needs the
 * administrator's explicit `chain_override` and a reason; the audit entry records the verdict, the
 * confirmations and the override. The system (auto-approval) approves only matches.
 * Returns what the audit entry adds, or null when the deposit has no check (chain checks off).
 */
export function chainGate(
  d: LockedDeposit,
  reason: string | undefined,
  opts: { override?: boolean; chainAuto?: boolean; checkedNetworks?: readonly string[] },
): Record<string, unknown> | null {
  const network = d.network;
  const row =
    d.chain_verdict === null
      ? null
      : { verdict: d.chain_verdict, confirmations: d.chain_confirmations, final: d.chain_final === true };
  // A deposit of a checked network the checker has not reached yet counts as not checked.
  const checked = network !== null && (opts.checkedNetworks ?? []).includes(network);
  const c = row ?? (checked ? { verdict: 'unchecked', confirmations: null, final: false } : null);
  if (!c) {
    if (opts.chainAuto) throw new AppError('CONFLICT', MSG.chain.overrideRequired);
    return null;
  }
  const matched = c.verdict === 'match' && c.final;
  const entry: Record<string, unknown> = { chain_verdict: c.verdict, chain_confirmations: c.confirmations };
  if (opts.chainAuto) {
    if (!matched) throw new AppError('CONFLICT', MSG.chain.overrideRequired);
    return { ...entry, chain_auto_approve: true };
  }
  if (matched) return entry;
  if (!opts.override)
    throw new AppError('CHAIN_OVERRIDE_REQUIRED', MSG.chain.overrideRequired, {
      chain_override: MSG.chain.overrideRequired,
    });
  if (!reason?.trim()) {
    throw new AppError('VALIDATION', MSG.chain.overrideReasonRequired, {
      reason: MSG.chain.overrideReasonRequired,
    });
  }
  return { ...entry, chain_override: true };
}
