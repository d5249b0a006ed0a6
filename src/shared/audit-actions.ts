/**
 * Every kind of audit entry the server writes (`writeAudit`'s `action` is one of these, so a new kind
 * cannot be written before it is listed here, and the desk's sentence for it is then required:
 * audit-sentence.ts).
 */
/** The kinds a member writes about their own account (recovery, profile); the rest are administrators' or the system's. */
export const MEMBER_AUDIT_ACTIONS = [
  'member.password.recovered',
  'member.second_password.recovered',
  'member.email_changed',
  'member.password_changed',
  'member.second_password_changed',
  'member.second_password_set',
  'member.withdrawal_address.registered',
  'member.withdrawal_address.deleted',
] as const;

export const AUDIT_ACTION_KINDS = [
  ...MEMBER_AUDIT_ACTIONS,
  'deposit.approve',
  'deposit.reject',
  'withdrawal.approve',
  'withdrawal.reject',
  'member.balances.set',
  'member.balance.adjust',
  'member.withdrawal_limits.set',
  'member.admin.grant',
  'member.admin.revoke',
  'member.admin.create',
  'member.bank_account.save',
  'member.bank_account.delete',
  'member.bank_account.verify',
  'settings.receiving_account.set',
  'member.deposit_address.set',
  'member.deposit_address.clear',
  'member.password.reset',
  'member.second_password.reset',
  'member.recovery.send',
  'member.close',
  'lock.create',
  'lock.update',
  'lock.delete',
  'notice.create',
  'notice.update',
  'notice.delete',
  'member.totp.reset',
  'withdrawal.payout.record',
  'withdrawal.payout.correct',
  'withdrawal.payout.mismatch',
  'withdrawal.payout.return',
  'proposal.confirm',
  'proposal.refuse',
  'proposal.withdraw',
  'records.export',
] as const;
export type AuditAction = (typeof AUDIT_ACTION_KINDS)[number];

/** Kinds an older version wrote (accounts were deleted before they were closed): still read, never written. */
export const FORMER_AUDIT_ACTIONS = ['member.delete'] as const;
