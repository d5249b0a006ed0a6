/** The desk over a working day: several requests approved in one call, and what waits for the asker. */
import { MSG } from '../messages';
import { z } from '../zod';
import { QUEUE_TYPES } from './desk-queue';

const W = MSG.deskWork;
/** As many as the queue shows on one page. */
const BULK_APPROVE_MAX = 100;

export const bulkApproveBodySchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        kind: z.enum(QUEUE_TYPES, { error: W.bulkInvalid }),
        id: z.string().check(z.maxLength(64, W.bulkInvalid)),
      }),
      { error: W.bulkInvalid },
    )
    .check(
      z.minLength(1, W.bulkEmpty),
      z.maxLength(BULK_APPROVE_MAX, W.bulkTooMany(BULK_APPROVE_MAX)),
      z.refine(
        (items) => new Set(items.map((i) => `${i.kind}:${i.id}`)).size === items.length,
        W.bulkDuplicate,
      ),
    ),
});
export type BulkApproveBody = z.output<typeof bulkApproveBodySchema>;

/** One request's answer: applied, a proposal a second administrator confirms, or refused (and why). */
const bulkItemView = z.object({
  kind: z.enum(QUEUE_TYPES),
  id: z.string(),
  outcome: z.enum(['approved', 'proposed', 'refused']),
  /** The proposal filed when the approval needs a second administrator. */
  proposal_id: z.nullable(z.string()),
  /** What happened, in Korean: the refusal's reason for a refused one. */
  message: z.string(),
  /** The refusal's error code (null unless refused). */
  code: z.nullable(z.string()),
});
export type BulkItem = z.infer<typeof bulkItemView>;

export const bulkApproveView = z.object({
  items: z.array(bulkItemView),
  approved: z.number(),
  proposed: z.number(),
  refused: z.number(),
});
export type BulkApproveView = z.infer<typeof bulkApproveView>;

/** What waits for the administrator asking: the header's count. */
export const waitingView = z.object({
  /** Pending requests without an open approval proposal: theirs to approve or reject. */
  requests: z.number(),
  /** Open proposals another administrator filed, not about the asker: theirs to confirm or refuse. */
  proposals: z.number(),
  /** Their session's confirmation window closes then if unused (ISO), or null when none is open. */
  step_up_until: z.nullable(z.string()),
});
export type WaitingView = z.infer<typeof waitingView>;

/** The service's limits as configured (설정 tab, read only: they are set in the server's configuration). */
export const serviceLimitsView = z.object({
  /** The daily withdrawal limits of a member without limits of their own (won). */
  daily_limit_crypto_krw: z.string(),
  daily_limit_krw: z.string(),
  /** From these (won, the member's 24 h counted) an approval takes a second administrator. */
  four_eyes_deposit_krw: z.string(),
  four_eyes_payout_krw: z.string(),
  /** An administrator's approvals past this in 24 h (won) take a second administrator. */
  four_eyes_admin_daily_krw: z.string(),
  proposal_ttl_hours: z.number(),
  /** The confirmation window: closes after this many idle minutes, at the latest after the maximum. */
  step_up_idle_minutes: z.number(),
  step_up_max_minutes: z.number(),
});
export type ServiceLimitsView = z.infer<typeof serviceLimitsView>;
