/**
 * Who does an administrator action, for its audit entry and ledger rows: the one Actor type.
 * `Actor<string | null>` also admits the system (CHAIN_AUTO_APPROVE's approvals, `actorId` null).
 */
export interface Actor<Id extends string | null = string> {
  actorId: Id;
  actorUsername: string;
  ip?: string;
  /** The acting administrator's own session, kept when they reset their own password. */
  tokenHash?: string;
  /** The administrator's browser, for the sign-in log's administrator resets. */
  userAgent?: string;
  /** Set when a confirmed proposal applies the action: both administrators' names go into the audit. */
  approval?: Approval;
  /** The confirming administrator's id, when a confirmed proposal applies the action (ledger `confirmed_by`). */
  confirmerId?: string;
}

/** Two-person approval: who proposed and who confirmed the action being applied. */
export interface Approval {
  proposal_id: string;
  proposed_by: string;
  confirmed_by: string;
}

/** The audit entry's part naming both administrators, when the action is a confirmed proposal. */
export const approvalOf = (a: { approval?: Approval }) => (a.approval ? { approval: a.approval } : {});
