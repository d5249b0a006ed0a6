-- Two more kinds of proposal (docs/decisions/0380-desk-records.md): the service's won receiving account,
-- and resetting another administrator's one-time-code enrolment.
ALTER TABLE admin_proposals DROP CONSTRAINT admin_proposals_kind_check;
ALTER TABLE admin_proposals ADD CONSTRAINT admin_proposals_kind_check CHECK (kind IN (
  'balances.set', 'balance.adjust', 'lock.create', 'lock.update', 'lock.delete',
  'withdrawal.approve', 'deposit.approve', 'admin.grant', 'admin.revoke',
  'deposit_address.set', 'deposit_address.clear', 'password.reset', 'second_password.reset',
  'withdrawal_limits.set', 'receiving_account.set', 'totp.reset'));
