import { MSG } from '../messages';
import { z } from '../zod';
import { plainText } from './text';
import { nullableString } from './view-parts';

/** What a proposal does (decision 0160). */
const PROPOSAL_KINDS = [
  'balances.set',
  'lock.create',
  'lock.update',
  'lock.delete',
  'withdrawal.approve',
  'deposit.approve',
  'balance.adjust',
  'admin.grant',
  'admin.revoke',
  'deposit_address.set',
  'deposit_address.clear',
  'password.reset',
  'second_password.reset',
  'withdrawal_limits.set',
  'receiving_account.set',
  'totp.reset',
  'bank_account.save',
  'bank_account.verify',
  'payout.correct',
  'member.recovery',
  'notice.publish',
  'payout.return',
] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];
const PROPOSAL_REASON_MAX = 200;
const PROPOSAL_STATUSES = ['pending', 'applied', 'cancelled', 'expired'] as const;

/** One proposal as the administrator's list shows it. */
const proposalView = z.object({
  id: z.string(),
  kind: z.enum(PROPOSAL_KINDS),
  status: z.enum(PROPOSAL_STATUSES),
  member_id: z.string(),
  member_username: z.string(),
  target_id: nullableString,
  /** What it will do, in Korean, one line each (written when it was proposed). */
  lines: z.array(z.string()),
  /** Exactly what is applied on confirmation. */
  payload: z.record(z.string(), z.unknown()),
  /** For a balance edit: the balances it was based on. */
  basis: z.nullable(z.record(z.string(), z.unknown())),
  proposed_by_username: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  decided_by_username: nullableString,
  decided_at: nullableString,
  /** Why it was cancelled: required of another administrator's 반려, optional in the proposer's 철회. */
  decision_reason: nullableString,
  /** Proposed by the administrator asking: they may cancel it but not confirm it. */
  mine: z.boolean(),
});
export type ProposalView = z.infer<typeof proposalView>;

/** The answer (202) of an action that became a proposal. */
export const proposedView = z.object({ proposal: proposalView, message: z.string() });

export const proposalListView = z.object({
  pending: z.array(proposalView),
  /** The 20 most recently decided (applied, cancelled, expired). */
  recent: z.array(proposalView),
  ttl_hours: z.number(),
  payout_threshold_krw: z.string(),
  deposit_threshold_krw: z.string(),
  admin_daily_krw: z.string(),
});
export type ProposalListView = z.infer<typeof proposalListView>;

/** The answer of a confirmation: the proposal, now applied, and what the action itself answered. */
export const confirmedView = z.object({ proposal: proposalView, result: z.unknown(), message: z.string() });

export const roleBodySchema = z.strictObject({ admin: z.boolean() });

/** A confirmation: the confirming administrator's one-time code at that moment (step-up). */
export const confirmBodySchema = z.nullish(
  z.strictObject({ otpCode: z.optional(z.string().check(z.maxLength(20))) }),
);

/**
 * A cancellation: its reason, trimmed (blank is none). The server requires one when the canceller is not
 * the proposer (반려); the proposer withdrawing (철회) may leave it out.
 */
export const cancelBodySchema = z.nullish(
  z.strictObject({
    reason: z.optional(
      z
        .string({ error: MSG.proposals.reasonInvalid })
        .check(
          plainText(),
          z.trim(),
          z.maxLength(PROPOSAL_REASON_MAX, MSG.proposals.reasonTooLong(PROPOSAL_REASON_MAX)),
        ),
    ),
  }),
);
