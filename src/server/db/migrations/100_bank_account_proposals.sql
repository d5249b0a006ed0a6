-- A member's bank account saved as verified, or verified, by an administrator is confirmed by a second one
-- (docs/decisions/0370-one-administrator-side-doors.md). The kinds' list is the registry's
-- (src/shared/schemas/proposals.ts); a migration that adds kinds repeats it whole, with 085's two kinds.
ALTER TABLE admin_proposals DROP CONSTRAINT admin_proposals_kind_check;
ALTER TABLE admin_proposals ADD CONSTRAINT admin_proposals_kind_check CHECK (kind IN (
  'balances.set', 'balance.adjust', 'lock.create', 'lock.update', 'lock.delete',
  'withdrawal.approve', 'deposit.approve', 'admin.grant', 'admin.revoke',
  'deposit_address.set', 'deposit_address.clear', 'password.reset', 'second_password.reset',
  'withdrawal_limits.set', 'receiving_account.set', 'totp.reset', 'bank_account.save', 'bank_account.verify'));
